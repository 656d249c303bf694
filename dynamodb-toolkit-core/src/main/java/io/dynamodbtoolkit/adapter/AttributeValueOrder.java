package io.dynamodbtoolkit.adapter;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * DynamoDB's sort-key order: strings by their UTF-8 bytes, numbers by value, binary by unsigned bytes. Used to
 * merge the pages of several partitions (shards) into one ordered stream.
 */
final class AttributeValueOrder {

    private AttributeValueOrder() {
    }

    /** @return the order of items by the given sort attributes, in turn; an absent value sorts first */
    static Comparator<Map<String, AttributeValue>> byAttributes(List<String> attributes) {
        return (left, right) -> {
            for (String attribute : attributes) {
                int order = compare(left.get(attribute), right.get(attribute));
                if (order != 0) {
                    return order;
                }
            }
            return 0;
        };
    }

    static int compare(@Nullable AttributeValue left, @Nullable AttributeValue right) {
        if (left == null || right == null) {
            return left == null ? (right == null ? 0 : -1) : 1;
        }
        if (left.s() != null && right.s() != null) {
            return Arrays.compareUnsigned(left.s().getBytes(StandardCharsets.UTF_8),
                    right.s().getBytes(StandardCharsets.UTF_8));
        }
        if (left.n() != null && right.n() != null) {
            return new BigDecimal(left.n()).compareTo(new BigDecimal(right.n()));
        }
        if (left.b() != null && right.b() != null) {
            return Arrays.compareUnsigned(left.b().asByteArrayUnsafe(), right.b().asByteArrayUnsafe());
        }
        throw new IllegalArgumentException("Cannot order " + left.type() + " against " + right.type());
    }
}
