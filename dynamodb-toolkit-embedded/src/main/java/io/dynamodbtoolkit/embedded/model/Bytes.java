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

    /**
     * Decodes standard base64 (RFC 4648 alphabet, padded), as binary values are sent on the wire, refusing what
     * DynamoDB refuses: a length that is not a multiple of 4, a character outside the alphabet, or padding anywhere
     * but at the end (no whitespace, no line breaks, no URL-safe alphabet).
     *
     * @throws IllegalArgumentException with DynamoDB's message when the text is not valid base64
     */
    public static Bytes fromBase64(String base64) {
        int length = base64.length();
        if (length % 4 != 0) {
            throw new IllegalArgumentException("Base64 encoded length is expected a multiple of 4 bytes but found: "
                    + length);
        }
        int padding = length > 0 && base64.charAt(length - 1) == '=' ? (base64.charAt(length - 2) == '=' ? 2 : 1) : 0;
        for (int i = 0; i < length - padding; i++) {
            char c = base64.charAt(i);
            if (!isBase64Digit(c)) {
                throw new IllegalArgumentException("Invalid Base64 character: '" + c + "'");
            }
        }
        return new Bytes(Base64.getDecoder().decode(base64));
    }

    private static boolean isBase64Digit(char c) {
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '+' || c == '/';
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
