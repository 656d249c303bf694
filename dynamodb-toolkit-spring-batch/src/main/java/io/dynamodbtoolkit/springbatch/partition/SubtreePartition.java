package io.dynamodbtoolkit.springbatch.partition;

import java.util.Map;
import java.util.Objects;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.springbatch.item.KeyText;
import io.dynamodbtoolkit.springbatch.item.SubtreeItemReader;
import org.jspecify.annotations.Nullable;
import org.springframework.batch.infrastructure.item.ExecutionContext;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * One partition of a subtree ({@link SubtreePartitioner}): the rows of a node's subtree whose structural key lies
 * after one key (exclusive) and up to another (inclusive), read by {@link SubtreeItemReader#range}. A whole child
 * subtree has no bounds; the node's own row is the range up to its own key.
 *
 * <p>In a partition's execution context (strings and numbers only, so that it goes through any job repository and
 * message store): {@value #NODE} (the node's key fields as {@code field=S:value&...}, see {@link KeyText}),
 * {@value #AFTER} and {@value #THROUGH} (the bounds, absent when open) and {@value #ROWS} (the rows the partitioner
 * counted, for progress).
 *
 * @param node           the key fields of the node whose subtree the partition reads, as stored
 * @param afterSortKey   the lower bound of the structural key, exclusive; null from the node's own row on
 * @param throughSortKey the upper bound, inclusive; null to the subtree's end
 * @param rows           the rows counted in the partition when it was made
 */
public record SubtreePartition(Map<String, AttributeValue> node, @Nullable String afterSortKey,
        @Nullable String throughSortKey,
        long rows) {

    /** Context key of the node's key fields. */
    public static final String NODE = "dynamodb.toolkit.partition.node";
    /** Context key of the lower bound (exclusive). */
    public static final String AFTER = "dynamodb.toolkit.partition.after";
    /** Context key of the upper bound (inclusive). */
    public static final String THROUGH = "dynamodb.toolkit.partition.through";
    /** Context key of the rows counted. */
    public static final String ROWS = "dynamodb.toolkit.partition.rows";

    public SubtreePartition {
        node = Map.copyOf(Objects.requireNonNull(node, "node"));
    }

    /** @return the node as key values */
    public KeyValues nodeValues() {
        return KeyValues.of(node);
    }

    /** @return a reader of the partition's rows (its position kept under the reader's own context keys) */
    public SubtreeItemReader reader(Adapter<?> adapter) {
        return SubtreeItemReader.range(adapter, nodeValues(), afterSortKey, throughSortKey);
    }

    /** Writes the partition into a partition's execution context. */
    public void writeTo(ExecutionContext context) {
        context.putString(NODE, KeyText.encode(node));
        if (afterSortKey != null) {
            context.putString(AFTER, afterSortKey);
        }
        if (throughSortKey != null) {
            context.putString(THROUGH, throughSortKey);
        }
        context.putLong(ROWS, rows);
    }

    /**
     * @return the partition a partition's execution context holds
     * @throws IllegalArgumentException naming the context key that is missing or malformed
     */
    public static SubtreePartition readFrom(ExecutionContext context) {
        if (!(context.get(NODE) instanceof String node)) {
            throw new IllegalArgumentException("Execution context key '" + NODE + "' holds " + context.get(NODE)
                    + ", not a node: this step execution was not made by SubtreePartitioner");
        }
        Map<String, AttributeValue> fields;
        try {
            fields = KeyText.decode(node);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Execution context key '" + NODE + "' holds '" + node
                    + "', not a node: " + e.getMessage(), e);
        }
        return new SubtreePartition(fields, optionalString(context, AFTER), optionalString(context, THROUGH),
                context.getLong(ROWS, 0));
    }

    private static @Nullable String optionalString(ExecutionContext context, String key) {
        Object value = context.get(key);
        if (value != null && !(value instanceof String)) {
            throw new IllegalArgumentException("Execution context key '" + key + "' holds a "
                    + value.getClass().getName() + ", not a structural key");
        }
        return (String) value;
    }
}
