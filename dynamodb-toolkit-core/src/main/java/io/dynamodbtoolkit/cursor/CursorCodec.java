package io.dynamodbtoolkit.cursor;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Encodes {@link CursorState}s as opaque, URL-safe, tamper-evident strings bound to the query they belong to, in
 * unpadded base64url. A cursor that was altered, made under another secret, or issued for another query is refused
 * with an {@link InvalidCursorException}.
 *
 * <p>By default cursors are <b>encrypted</b>: the state (which holds the key of the last item returned, e.g.
 * {@code TX|Dallas|1HGC001}) is sealed with AES-256-GCM under a key derived from the secret, with a fresh random
 * nonce, so a client learns nothing of the keys from a cursor and cannot forge one. {@link #signed(byte[])} makes
 * cursors that are only signed (HMAC-SHA256): shorter by 16 characters, but their key values can be read by
 * decoding them. Either kind of codec accepts both kinds of cursor made under its secret, so switching between them
 * breaks no cursor in flight.
 *
 * <p>Size: an encrypted cursor is the base64url of 37 bytes of envelope (format, nonce, tag, query fingerprint) and
 * the state: 8 bytes, and for each position 1 byte plus, after a key, 2 bytes and per key attribute its name's length
 * + 3 and its UTF-8 value's length + 4 (S, B) or + 2 (N). A Query's cursor after {@code state = "TX"},
 * {@code _sk = "TX|Dallas|1HGC001"} is 119 characters; a signed one 103 (its envelope is 25 bytes). A sharded index
 * adds one position per shard.
 *
 * <p>Cursors survive restarts and work across instances only when every instance uses the same secret: configure
 * one with {@link #CursorCodec(byte[])}. {@link #withRandomKey()} makes cursors valid for this process only.
 */
public final class CursorCodec {

    /** The message of a cursor that fails authentication. */
    static final String ALTERED = "The cursor was altered or issued with another key";

    private static final byte SIGNED = 1;
    private static final byte ENCRYPTED = 2;
    private static final int SIGNATURE_BYTES = 16;
    private static final int FINGERPRINT_BYTES = 8;
    private static final String ALGORITHM = "HmacSHA256";

    /** A digest per thread: looking one up costs more than using it (digest() resets it). */
    private static final ThreadLocal<MessageDigest> SHA_256 = ThreadLocal.withInitial(CursorCodec::newSha256);

    private final SecretKeySpec signingKey;
    /** A MAC per thread, initialized with the key once (doFinal() resets it for the next use). */
    private final ThreadLocal<Mac> macs = ThreadLocal.withInitial(this::newMac);
    private final CursorCipher cipher;
    private final boolean encrypting;

    /**
     * An encrypting codec.
     *
     * @param secret the secret, at least 16 bytes; the same on every instance that must accept the cursors
     */
    public CursorCodec(byte[] secret) {
        this(secret, true);
    }

    private CursorCodec(byte[] secret, boolean encrypting) {
        if (secret == null || secret.length < 16) {
            throw new IllegalArgumentException("The cursor signing key must have at least 16 bytes");
        }
        this.signingKey = new SecretKeySpec(secret.clone(), ALGORITHM);
        this.cipher = new CursorCipher(secret);
        this.encrypting = encrypting;
    }

    /**
     * @param secret the secret, at least 16 bytes
     * @return a codec whose cursors are signed but not encrypted (their key values can be read by decoding them)
     */
    public static CursorCodec signed(byte[] secret) {
        return new CursorCodec(secret, false);
    }

    /** @return an encrypting codec with a random key: cursors are valid in this process only */
    public static CursorCodec withRandomKey() {
        byte[] secret = new byte[32];
        new SecureRandom().nextBytes(secret);
        return new CursorCodec(secret);
    }

    /** @return whether the cursors this codec makes are encrypted */
    public boolean encrypts() {
        return encrypting;
    }

    /**
     * @param state the state to encode
     * @param query a canonical description of the query the cursor belongs to
     * @return the cursor
     */
    public String encode(CursorState state, String query) {
        byte[] content = concat(fingerprint(query), CursorBody.write(state));
        byte[] bytes;
        if (encrypting) {
            bytes = cipher.seal(ENCRYPTED, content);
        } else {
            byte[] body = concat(new byte[] {SIGNED}, content);
            bytes = concat(body, Arrays.copyOf(sign(body), SIGNATURE_BYTES));
        }
        return text(bytes);
    }

    /** @return the bytes as a cursor's text: base64url without padding, the one form a cursor is accepted in */
    private static String text(byte[] bytes) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    /**
     * @param cursor the cursor as given back by a client
     * @param query  the canonical description of the query being resumed
     * @return the state
     * @throws InvalidCursorException when the cursor is malformed, altered, foreign or of another query
     */
    public CursorState decode(String cursor, String query) {
        byte[] bytes;
        try {
            bytes = Base64.getUrlDecoder().decode(cursor);
        } catch (IllegalArgumentException e) {
            throw new InvalidCursorException("The cursor is not a cursor issued by this service (not base64url)");
        }
        if (!text(bytes).equals(cursor)) {
            throw new InvalidCursorException("The cursor is not a cursor issued by this service (not in the unpadded "
                    + "base64url form it was issued in): send it back exactly as received");
        }
        if (bytes.length < 1 + FINGERPRINT_BYTES + SIGNATURE_BYTES) {
            throw new InvalidCursorException("The cursor is not a cursor issued by this service (too short)");
        }
        byte[] content = switch (bytes[0]) {
            case ENCRYPTED -> cipher.open(bytes);
            case SIGNED -> verified(bytes);
            default -> throw new InvalidCursorException(ALTERED);
        };
        if (content.length < FINGERPRINT_BYTES
                || !MessageDigest.isEqual(Arrays.copyOf(content, FINGERPRINT_BYTES), fingerprint(query))) {
            throw new InvalidCursorException("The cursor belongs to another query; start again without a cursor");
        }
        return CursorBody.read(content, FINGERPRINT_BYTES);
    }

    /** @return the fingerprint and state of a signed cursor, once its signature is checked */
    private byte[] verified(byte[] bytes) {
        byte[] body = Arrays.copyOf(bytes, bytes.length - SIGNATURE_BYTES);
        byte[] signature = Arrays.copyOfRange(bytes, body.length, bytes.length);
        if (!MessageDigest.isEqual(signature, Arrays.copyOf(sign(body), SIGNATURE_BYTES))) {
            throw new InvalidCursorException(ALTERED);
        }
        return Arrays.copyOfRange(body, 1, body.length);
    }

    private byte[] sign(byte[] body) {
        return macs.get().doFinal(body);
    }

    private Mac newMac() {
        try {
            Mac mac = Mac.getInstance(ALGORITHM);
            mac.init(signingKey);
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

    private static byte[] concat(byte[] first, byte[] second) {
        byte[] joined = Arrays.copyOf(first, first.length + second.length);
        System.arraycopy(second, 0, joined, first.length, second.length);
        return joined;
    }
}
