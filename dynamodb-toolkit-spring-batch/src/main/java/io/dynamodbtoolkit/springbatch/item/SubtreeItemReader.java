package io.dynamodbtoolkit.springbatch.item;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Predicate;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.KeySeek;
import io.dynamodbtoolkit.filter.Filter;
import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.key.SubtreePlan;
import io.dynamodbtoolkit.key.SubtreeQuery;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Reads a subtree, or a key range of one, by key seeks on the base table (strongly consistent: every row written
 * before the read began is seen), in key order: the node's row first, then the rows under it. Restartable: see
 * {@link StoredItemReader} for the position it keeps and the keys it keeps it under.
 *
 * <p>A sort-key range ({@link #range}) reads the rows of a subtree whose structural key lies after one key (exclusive)
 * and up to another (inclusive); the node's row belongs to the range that has no lower bound. Ranges cut at the same
 * keys cover the subtree exactly, with no gap and no overlap, which is how {@code SubtreePartitioner} splits a large
 * child.
 *
 * <pre>{@code
 * SubtreeItemReader dallas = new SubtreeItemReader(vehicles, KeyValues.of("state", "TX", "facility", "Dallas"));
 * dallas.setPageSize(200);
 * }</pre>
 */
public class SubtreeItemReader extends StoredItemReader {

    private final String sortName;
    private final @Nullable String after;
    private final @Nullable String through;

    /** Reads a node's row and every row under it. */
    public SubtreeItemReader(Adapter<?> adapter, KeyValues node) {
        this(adapter, node, null, null, Filter.empty());
    }

    private SubtreeItemReader(Adapter<?> adapter, KeyValues node, @Nullable String after, @Nullable String through,
            Filter filter) {
        this(adapter, node, subtree(adapter, node), after, through,
                adapter.stored().seek(adapter.plan(SubtreeQuery.selfAndDescendants(node)), true, filter));
    }

    private SubtreeItemReader(Adapter<?> adapter, KeyValues node, SubtreePlan subtree, @Nullable String after,
            @Nullable String through, KeySeek seek) {
        super(adapter.stored(), seek, scopeOf(adapter.keys(), node, seek, after, through), startOf(subtree, after),
                beyond(sortName(subtree), through), false);
        this.sortName = sortName(subtree);
        this.after = after;
        this.through = through;
    }

    /**
     * Reads the rows of a node's subtree in a sort-key range of its structural key.
     *
     * @param afterSortKey   the range's lower bound, exclusive: a structural key under the node; null to start with
     *                       the node's own row
     * @param throughSortKey the range's upper bound, inclusive: a structural key under the node, or the node's own
     *                       key to read its row only; null to read to the subtree's end
     * @throws IllegalArgumentException when a bound is not a key under the node, or the bounds are reversed
     */
    public static SubtreeItemReader range(Adapter<?> adapter, KeyValues node, @Nullable String afterSortKey,
            @Nullable String throughSortKey) {
        return range(adapter, node, afterSortKey, throughSortKey, Filter.empty());
    }

    /**
     * Like {@link #range(Adapter, KeyValues, String, String)}, handing out only the rows that match a filter (the
     * list reads' grammar and allowlist, sent as a FilterExpression); the filter is part of the reader's scope, so a
     * position saved under another filter is refused.
     *
     * @throws io.dynamodbtoolkit.filter.InvalidFilterException when the filter names a field the adapter does not
     *                                                          allow
     */
    public static SubtreeItemReader range(Adapter<?> adapter, KeyValues node, @Nullable String afterSortKey,
            @Nullable String throughSortKey, Filter filter) {
        SubtreePlan subtree = subtree(adapter, node);
        requireUnder(subtree, "afterSortKey", afterSortKey);
        if (throughSortKey != null && throughSortKey.equals(
                KeyText.stringAttribute(subtree.self().orElseThrow(), sortName(subtree)))) {
            if (afterSortKey != null) {
                throw new IllegalArgumentException("throughSortKey is the node's own key, so the range holds the "
                        + "node's row only and cannot have an afterSortKey");
            }
        } else {
            requireUnder(subtree, "throughSortKey", throughSortKey);
        }
        if (afterSortKey != null && throughSortKey != null && KeyText.compare(afterSortKey, throughSortKey) >= 0) {
            throw new IllegalArgumentException("afterSortKey '" + afterSortKey + "' is not before throughSortKey '"
                    + throughSortKey + "': the range is empty");
        }
        return new SubtreeItemReader(adapter, node, afterSortKey, throughSortKey, filter);
    }

    @Override
    protected void requireWithinBounds(KeySeek.Position position) {
        Map<String, AttributeValue> afterKey = position.after();
        if (afterKey == null) {
            return;
        }
        String sortKey = KeyText.stringAttribute(afterKey, sortName);
        if (after != null && (position.segment() == 0 || KeyText.compare(sortKey, after) <= 0)) {
            throw new IllegalArgumentException("it lies before the range's lower bound '" + after + "'");
        }
        if (through != null && position.segment() > 0 && KeyText.compare(sortKey, through) > 0) {
            throw new IllegalArgumentException("it lies after the range's upper bound '" + through + "'");
        }
    }

    private static SubtreePlan subtree(Adapter<?> adapter, KeyValues node) {
        return SubtreeQuery.selfAndDescendants(node).plan(adapter.keys());
    }

    /** @return the structural sort key's name, which a plan of a node and its descendants always names */
    private static String sortName(SubtreePlan subtree) {
        return Objects.requireNonNull(subtree.sortName(), "the sort key of a plan of a node and its descendants");
    }

    /**
     * The reader's scope, the same text for the same work in every JVM: the node's fields in the key design's order
     * (a node rebuilt from a partition's context may hold them in another order).
     */
    private static String scopeOf(KeyModel keys, KeyValues node, KeySeek seek, @Nullable String after,
            @Nullable String through) {
        Map<String, Object> fields = new LinkedHashMap<>();
        keys.keyFields().stream().filter(field -> node.has(field.name()))
                .forEach(field -> fields.put(field.name(), node.get(field.name())));
        new TreeMap<>(node.asMap()).forEach(fields::putIfAbsent);
        String bounds = after == null && through == null ? "" : " range (" + (after == null ? "start" : after)
                + ", " + (through == null ? "end" : through) + "]";
        return "subtree " + fields + ": " + seek.description() + bounds;
    }

    /** @return the start of a read from the node's row, or after a key among the rows under the node */
    private static KeySeek.Position startOf(SubtreePlan subtree, @Nullable String after) {
        if (after == null) {
            return KeySeek.Position.START;
        }
        Map<String, AttributeValue> key = new HashMap<>();
        key.put(subtree.partitionName(), subtree.partitionValue());
        key.put(sortName(subtree), AttributeValue.fromS(after));
        return new KeySeek.Position(1, key);
    }

    private static Predicate<Map<String, AttributeValue>> beyond(String sortName, @Nullable String through) {
        if (through == null) {
            return item -> false;
        }
        return item -> KeyText.compare(KeyText.stringAttribute(item, sortName), through) > 0;
    }

    private static void requireUnder(SubtreePlan subtree, String parameter, @Nullable String sortKey) {
        String prefix = Objects.requireNonNull(subtree.sortPrefix(), "the prefix of a plan of a node's descendants");
        if (sortKey != null && !sortKey.startsWith(prefix)) {
            throw new IllegalArgumentException(parameter + " '" + sortKey + "' is not the key of a row under the "
                    + "node: it must begin with '" + prefix + "'");
        }
    }
}
