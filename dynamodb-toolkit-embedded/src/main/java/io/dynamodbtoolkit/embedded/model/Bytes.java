package io.dynamodbtoolkit.embedded.model;

import java.util.Arrays;
import java.util.Base64;

/** An immutable byte string, ordered as DynamoDB orders binary values: unsigned, byte by byte. */
public final class Bytes implements Comparable<Bytes> {

    private final byte[] data;

    private Bytes(byte[] data) {
        this.data = data;
    }

    /** Wraps a copy of the given bytes. */
    public static Bytes copyOf(byte[] data) {
        return new Bytes(data.clone());
    }

    /** Decodes standard base64, as binary values are sent on the wire. */
    public static Bytes fromBase64(String base64) {
        return new Bytes(Base64.getMimeDecoder().decode(base64));
    }

    public String toBase64() {
        return Base64.getEncoder().encodeToString(data);
    }

    public int length() {
        return data.length;
    }

    /** A copy of the bytes. */
    public byte[] toArray() {
        return data.clone();
    }

    public boolean startsWith(Bytes prefix) {
        return prefix.data.length <= data.length
                && Arrays.equals(data, 0, prefix.data.length, prefix.data, 0, prefix.data.length);
    }

    /** Whether {@code part} occurs anywhere in these bytes. */
    public boolean contains(Bytes part) {
        outer:
        for (int start = 0; start + part.data.length <= data.length; start++) {
            for (int i = 0; i < part.data.length; i++) {
                if (data[start + i] != part.data[i]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }

    @Override
    public int compareTo(Bytes other) {
        return Arrays.compareUnsigned(data, other.data);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Bytes bytes && Arrays.equals(data, bytes.data);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(data);
    }

    @Override
    public String toString() {
        return toBase64();
    }
}
