package io.dynamodbtoolkit.cursor;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Encodes {@link CursorState}s as opaque, URL-safe, tamper-evident strings: a compact binary form of the state,
 * bound to a fingerprint of the query it belongs to, signed with HMAC-SHA256 under a secret key, in unpadded
 * base64url. A cursor that was altered, signed with another key, or issued for another query is refused with
 * an {@link InvalidCursorException}.
 *
 * <p>Cursors survive restarts and work across instances only when every instance uses the same key: configure
 * one with {@link #CursorCodec(byte[])}. {@link #withRandomKey()} makes cursors valid for this process only.
 */
public final class CursorCodec {

    private static final byte FORMAT = 1;
    private static final int SIGNATURE_BYTES = 16;
    private static final int FINGERPRINT_BYTES = 8;
    private static final String ALGORITHM = "HmacSHA256";

    /** A digest per thread: looking one up costs more than using it (digest() resets it). */
    private static final ThreadLocal<MessageDigest> SHA_256 = ThreadLocal.withInitial(CursorCodec::newSha256);

    private final SecretKeySpec key;
    /** A MAC per thread, initialized with the key once (doFinal() resets it for the next use). */
    private final ThreadLocal<Mac> macs = ThreadLocal.withInitial(this::newMac);

    /**
     * @param secret the signing key, at least 16 bytes; the same on every instance that must accept the cursors
     */
    public CursorCodec(byte[] secret) {
        if (secret == null || secret.length < 16) {
            throw new IllegalArgumentException("The cursor signing key must have at least 16 bytes");
        }
        this.key = new SecretKeySpec(secret.clone(), ALGORITHM);
    }

    /** @return a codec with a random key: cursors are valid in this process only */
    public static CursorCodec withRandomKey() {
        byte[] secret = new byte[32];
        new SecureRandom().nextBytes(secret);
        return new CursorCodec(secret);
    }

    /**
     * @param state the state to encode
     * @param query a canonical description of the query the cursor belongs to
     * @return the cursor
     */
    public String encode(CursorState state, String query) {
        try {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream(64);
            DataOutputStream out = new DataOutputStream(bytes);
            out.writeByte(FORMAT);
            out.write(fingerprint(query));
            out.writeInt(state.phase());
            out.writeShort(state.positions().size());
            for (CursorState.Position position : state.positions()) {
                out.writeByte(position.kind().ordinal());
                if (position.kind() == CursorState.Position.Kind.AFTER) {
                    writeKey(out, position.key());
                }
            }
            out.writeShort(state.counters().size());
            for (long counter : state.counters()) {
                out.writeLong(counter);
            }
            byte[] body = bytes.toByteArray();
            byte[] signed = Arrays.copyOf(body, body.length + SIGNATURE_BYTES);
            System.arraycopy(sign(body), 0, signed, body.length, SIGNATURE_BYTES);
            return Base64.getUrlEncoder().withoutPadding().encodeToString(signed);
        } catch (IOException e) {
            throw new IllegalStateException("Cannot encode a cursor", e);
        }
    }

    /**
     * @param cursor the cursor as given back by a client
     * @param query  the canonical description of the query being resumed
     * @return the state
     * @throws InvalidCursorException when the cursor is malformed, altered, foreign or of another query
     */
    public CursorState decode(String cursor, String query) {
        byte[] signed;
        try {
            signed = Base64.getUrlDecoder().decode(cursor);
        } catch (IllegalArgumentException e) {
            throw new InvalidCursorException("The cursor is not a cursor issued by this service (not base64url)");
        }
        if (signed.length < 1 + FINGERPRINT_BYTES + SIGNATURE_BYTES) {
            throw new InvalidCursorException("The cursor is not a cursor issued by this service (too short)");
        }
        byte[] body = Arrays.copyOf(signed, signed.length - SIGNATURE_BYTES);
        byte[] signature = Arrays.copyOfRange(signed, body.length, signed.length);
        if (!MessageDigest.isEqual(signature, Arrays.copyOf(sign(body), SIGNATURE_BYTES))) {
            throw new InvalidCursorException("The cursor was altered or signed with another key");
        }
        if (body[0] != FORMAT) {
            throw new InvalidCursorException("The cursor has an unknown format " + body[0]);
        }
        if (!MessageDigest.isEqual(Arrays.copyOfRange(body, 1, 1 + FINGERPRINT_BYTES), fingerprint(query))) {
            throw new InvalidCursorException("The cursor belongs to another query; start again without a cursor");
        }
        try {
            DataInputStream in = new DataInputStream(new ByteArrayInputStream(body, 1 + FINGERPRINT_BYTES,
                    body.length - 1 - FINGERPRINT_BYTES));
            int phase = in.readInt();
            int positionCount = in.readUnsignedShort();
            List<CursorState.Position> positions = new ArrayList<>(positionCount);
            for (int i = 0; i < positionCount; i++) {
                positions.add(readPosition(in));
            }
            int counterCount = in.readUnsignedShort();
            List<Long> counters = new ArrayList<>(counterCount);
            for (int i = 0; i < counterCount; i++) {
                counters.add(in.readLong());
            }
            return new CursorState(phase, positions, counters);
        } catch (IOException | RuntimeException e) {
            throw new InvalidCursorException("The cursor is malformed");
        }
    }

    private static CursorState.Position readPosition(DataInputStream in) throws IOException {
        CursorState.Position.Kind kind = CursorState.Position.Kind.values()[in.readUnsignedByte()];
        return switch (kind) {
            case START -> CursorState.Position.start();
            case DONE -> CursorState.Position.done();
            case AFTER -> CursorState.Position.after(readKey(in));
        };
    }

    private static void writeKey(DataOutputStream out, Map<String, AttributeValue> key) throws IOException {
        out.writeShort(key.size());
        for (Map.Entry<String, AttributeValue> attribute : key.entrySet()) {
            out.writeUTF(attribute.getKey());
            AttributeValue value = attribute.getValue();
            if (value.s() != null) {
                out.writeByte('S');
                writeBytes(out, value.s().getBytes(StandardCharsets.UTF_8));
            } else if (value.n() != null) {
                out.writeByte('N');
                out.writeUTF(value.n());
            } else if (value.b() != null) {
                out.writeByte('B');
                writeBytes(out, value.b().asByteArrayUnsafe());
            } else {
                throw new IllegalArgumentException("Cursor keys hold only S, N and B values, not " + value);
            }
        }
    }

    private static Map<String, AttributeValue> readKey(DataInputStream in) throws IOException {
        int size = in.readUnsignedShort();
        Map<String, AttributeValue> key = new LinkedHashMap<>();
        for (int i = 0; i < size; i++) {
            String name = in.readUTF();
            int type = in.readUnsignedByte();
            AttributeValue value = switch (type) {
                case 'S' -> AttributeValue.fromS(new String(readBytes(in), StandardCharsets.UTF_8));
                case 'N' -> AttributeValue.fromN(in.readUTF());
                case 'B' -> AttributeValue.fromB(SdkBytes.fromByteArray(readBytes(in)));
                default -> throw new IOException("unknown type " + type);
            };
            key.put(name, value);
        }
        return key;
    }

    private static void writeBytes(DataOutputStream out, byte[] bytes) throws IOException {
        out.writeInt(bytes.length);
        out.write(bytes);
    }

    private static byte[] readBytes(DataInputStream in) throws IOException {
        int length = in.readInt();
        if (length < 0 || length > in.available()) {
            throw new IOException("bad length");
        }
        return in.readNBytes(length);
    }

    private byte[] sign(byte[] body) {
        return macs.get().doFinal(body);
    }

    private Mac newMac() {
        try {
            Mac mac = Mac.getInstance(ALGORITHM);
            mac.init(key);
            return mac;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(ALGORITHM + " is unavailable", e);
        }
    }

    private static byte[] fingerprint(String query) {
        byte[] digest = SHA_256.get().digest(query.getBytes(StandardCharsets.UTF_8));
        return Arrays.copyOf(digest, FINGERPRINT_BYTES);
    }

    private static MessageDigest newSha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("SHA-256 is unavailable", e);
        }
    }
}
