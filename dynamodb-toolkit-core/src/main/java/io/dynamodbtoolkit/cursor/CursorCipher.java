package io.dynamodbtoolkit.cursor;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Arrays;

import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.Mac;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * AES-256-GCM for cursors: a fresh random 96-bit nonce per cursor and a 128-bit tag, under a key derived from the
 * configured secret with HMAC-SHA256 (so the secret that signs cursors is never used as an encryption key as is).
 * Sealed bytes are the nonce followed by the ciphertext and its tag; the header byte is authenticated too.
 */
final class CursorCipher {

    /** Bytes of the nonce. */
    static final int NONCE_BYTES = 12;
    /** Bytes of the authentication tag. */
    static final int TAG_BYTES = 16;

    private static final String TRANSFORMATION = "AES/GCM/NoPadding";
    private static final byte[] DERIVATION_LABEL = "dynamodb-toolkit cursor encryption v1"
            .getBytes(StandardCharsets.UTF_8);
    /**
     * Nonces come from a DRBG seeded once, here: after seeding it reads no entropy device, so sealing a cursor never
     * blocks a thread (the platform default, NativePRNG, reads {@code /dev/urandom} on every call).
     */
    private static final SecureRandom RANDOM = seeded();

    private final SecretKeySpec key;

    /** @param secret the configured secret (at least 16 bytes) */
    CursorCipher(byte[] secret) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret, "HmacSHA256"));
            this.key = new SecretKeySpec(mac.doFinal(DERIVATION_LABEL), "AES");
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is unavailable", e);
        }
    }

    /** @return {@code header}, then the nonce, the ciphertext of {@code plaintext} and its tag */
    byte[] seal(byte header, byte[] plaintext) {
        byte[] nonce = new byte[NONCE_BYTES];
        RANDOM.nextBytes(nonce);
        try {
            Cipher cipher = Cipher.getInstance(TRANSFORMATION);
            cipher.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(TAG_BYTES * 8, nonce));
            cipher.updateAAD(new byte[] {header});
            byte[] sealed = cipher.doFinal(plaintext);
            byte[] out = new byte[1 + NONCE_BYTES + sealed.length];
            out[0] = header;
            System.arraycopy(nonce, 0, out, 1, NONCE_BYTES);
            System.arraycopy(sealed, 0, out, 1 + NONCE_BYTES, sealed.length);
            return out;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(TRANSFORMATION + " is unavailable", e);
        }
    }

    /**
     * @param sealed the header, nonce, ciphertext and tag
     * @return the plaintext
     * @throws InvalidCursorException when the bytes were altered or sealed under another key
     */
    byte[] open(byte[] sealed) {
        if (sealed.length < 1 + NONCE_BYTES + TAG_BYTES) {
            throw new InvalidCursorException("The cursor is not a cursor issued by this service (too short)");
        }
        try {
            Cipher cipher = Cipher.getInstance(TRANSFORMATION);
            cipher.init(Cipher.DECRYPT_MODE, key, new GCMParameterSpec(TAG_BYTES * 8,
                    Arrays.copyOfRange(sealed, 1, 1 + NONCE_BYTES)));
            cipher.updateAAD(new byte[] {sealed[0]});
            return cipher.doFinal(sealed, 1 + NONCE_BYTES, sealed.length - 1 - NONCE_BYTES);
        } catch (AEADBadTagException e) {
            throw new InvalidCursorException(CursorCodec.ALTERED);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(TRANSFORMATION + " is unavailable", e);
        }
    }

    private static SecureRandom seeded() {
        SecureRandom random;
        try {
            random = SecureRandom.getInstance("DRBG");
        } catch (NoSuchAlgorithmException e) {
            random = new SecureRandom();
        }
        random.nextBytes(new byte[16]);
        return random;
    }
}
