package io.dynamodbtoolkit.key;

import java.nio.charset.StandardCharsets;
import java.util.Map;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * DynamoDB's limits on the size of a primary key's values, checked when a key is composed so that a key the table
 * would refuse is an {@link InvalidKeyException} before anything is sent (and before a mass operation writes the
 * first of many such keys).
 */
final class KeySizeLimits {

    /** The most bytes of a partition key value. */
    static final int MAX_PARTITION_BYTES = 2048;

    /** The most bytes of a sort key value. */
    static final int MAX_SORT_BYTES = 1024;

    private KeySizeLimits() {
    }

    /**
     * @param key           a primary key
     * @param partitionName the partition key attribute's name (any other attribute is the sort key)
     * @return the key, when within the limits
     * @throws InvalidKeyException naming the attribute, its size and the limit, when over
     */
    static Map<String, AttributeValue> check(Map<String, AttributeValue> key, String partitionName) {
        for (Map.Entry<String, AttributeValue> attribute : key.entrySet()) {
            boolean partition = attribute.getKey().equals(partitionName);
            int limit = partition ? MAX_PARTITION_BYTES : MAX_SORT_BYTES;
            AttributeValue value = attribute.getValue();
            if (value.s() != null && value.s().length() * 3 <= limit) {
                continue; // at most 3 UTF-8 bytes per char: surely within the limit, without encoding (hot path)
            }
            int size = bytes(value);
            if (size > limit) {
                throw new InvalidKeyException("The key's " + (partition ? "partition" : "sort") + " value '"
                        + attribute.getKey() + "' would be " + size + " bytes, over DynamoDB's limit of " + limit
                        + " bytes; use shorter key values");
            }
        }
        return key;
    }

    private static int bytes(AttributeValue value) {
        if (value.s() != null) {
            return value.s().getBytes(StandardCharsets.UTF_8).length;
        }
        return value.b() != null ? value.b().asByteArrayUnsafe().length : 0;
    }
}
