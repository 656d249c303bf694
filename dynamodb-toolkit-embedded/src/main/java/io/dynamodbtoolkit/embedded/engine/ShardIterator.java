package io.dynamodbtoolkit.embedded.engine;

import io.dynamodbtoolkit.embedded.error.DynamoDbException;

import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * A position in a stream's shard (the sequence number of the next record to read) and when the iterator was
 * issued, as the opaque string clients pass back.
 */
record ShardIterator(String tableName, String label, String shardId, long position, long issuedAtMillis) {

    private static final String VERSION = "1";

    String encode() {
        String text = String.join("|", VERSION, tableName, label, shardId, Long.toString(position),
                Long.toString(issuedAtMillis));
        return Base64.getUrlEncoder().withoutPadding().encodeToString(text.getBytes(StandardCharsets.UTF_8));
    }

    static ShardIterator decode(String iterator) {
        try {
            String[] parts = new String(Base64.getUrlDecoder().decode(iterator), StandardCharsets.UTF_8).split("\\|");
            if (parts.length != 6 || !parts[0].equals(VERSION)) {
                throw invalid();
            }
            return new ShardIterator(parts[1], parts[2], parts[3], Long.parseLong(parts[4]), Long.parseLong(parts[5]));
        } catch (IllegalArgumentException e) {
            throw invalid();
        }
    }

    private static DynamoDbException invalid() {
        return DynamoDbException.validation("Invalid ShardIterator");
    }
}
