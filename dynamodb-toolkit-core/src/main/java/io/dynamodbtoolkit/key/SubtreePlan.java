package io.dynamodbtoolkit.key;

import java.util.Map;
import java.util.Optional;

import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * How to read a subtree with key seeks only: a Query on the partition value with an optional
 * {@code begins_with} on the sort key, plus, for {@link SubtreeShape#SELF_AND_DESCENDANTS}, the primary key of
 * the node row, read exactly (one extra read) instead of widening the prefix to siblings that extend it.
 *
 * @param partitionName  the partition key attribute
 * @param partitionValue the partition value
 * @param sortName       the sort key attribute the prefix applies to, or null for the whole partition
 * @param sortPrefix     the {@code begins_with} prefix, or null for the whole partition
 * @param selfKey        the node's primary key when the node itself is included, else null
 */
public record SubtreePlan(String partitionName, AttributeValue partitionValue, @Nullable String sortName,
        @Nullable String sortPrefix,
        @Nullable Map<String, AttributeValue> selfKey) {

    /** @return the node's primary key when the node itself is included */
    public Optional<Map<String, AttributeValue>> self() {
        return Optional.ofNullable(selfKey);
    }
}
