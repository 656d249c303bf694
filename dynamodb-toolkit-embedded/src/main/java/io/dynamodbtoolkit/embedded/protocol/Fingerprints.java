package io.dynamodbtoolkit.embedded.protocol;

import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** A digest of parts of a request, to recognise the same request again (idempotency tokens, NextToken). */
final class Fingerprints {

    private Fingerprints() {
    }

    /** The hexadecimal SHA-256 of the parts' JSON text ({@code null} parts count as "null"). */
    static String of(@Nullable JsonNode... parts) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            for (JsonNode part : parts) {
                digest.update(String.valueOf(part).getBytes(StandardCharsets.UTF_8));
                digest.update((byte) 0);
            }
            return HexFormat.of().formatHex(digest.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is always available", e);
        }
    }
}
