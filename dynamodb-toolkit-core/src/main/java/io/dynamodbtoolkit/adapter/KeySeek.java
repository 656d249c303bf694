package io.dynamodbtoolkit.adapter;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

import io.dynamodbtoolkit.expression.AttributeValues;
import io.dynamodbtoolkit.expression.KeyCondition;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A read of stored items from a plain position, for a caller that keeps the position itself (a Spring Batch reader
 * saves it in its step's execution context): the segments of a {@link QueryPlan} one after the other (a key seek on
 * the table or one index), or one segment of a parallel Scan. Each page says, for every item it returns, the position
 * that resumes right after that item (its segment and its position attributes: the table's key, plus the index's
 * when reading an index), so a caller that handed out only part of a page resumes exactly after the last item it
 * handed out; an item deleted meanwhile changes nothing, since the next read seeks past the key, not past a count.
 *
 * <p>Unlike list cursors, positions are not sealed: they are meant to be kept where the caller's own integrity holds
 * (a job repository), and {@link #requireOwn} refuses one that does not belong to this read (another segment count,
 * attributes of another key, a key outside the segment's key condition). Obtained from {@link StoredItems#seek} and
 * {@link StoredItems#seekScan}.
 */
public final class KeySeek {

    private final List<PageSource> sources;
    private final List<KeyCondition> conditions;
    private final List<String> positionKeys;
    private final String description;
    private final boolean filtered;
    private final BlockingCalls calls;

    KeySeek(List<PageSource> sources, List<KeyCondition> conditions, List<String> positionKeys, String description,
            boolean filtered, BlockingCalls calls) {
        this.sources = List.copyOf(sources);
        this.filtered = filtered;
        this.conditions = conditions;
        this.positionKeys = List.copyOf(positionKeys);
        this.description = description;
        this.calls = calls;
    }

    /**
     * Where a read stands.
     *
     * @param segment the segment read (the index of the plan's segment, 0 for a Scan segment)
     * @param after   the position attributes of the last item read in it (DynamoDB's ExclusiveStartKey), or null to
     *                start the segment from its beginning
     */
    public record Position(int segment, @Nullable Map<String, AttributeValue> after) {

        /** The beginning of the read. */
        public static final Position START = new Position(0, null);

        public Position {
            if (segment < 0) {
                throw new IllegalArgumentException("segment must be >= 0");
            }
            after = after == null ? null : Map.copyOf(after);
        }
    }

    /**
     * One page.
     *
     * @param items     the items as stored (with a projection of the index, only what it projects)
     * @param positions for each item, the position that resumes right after it
     * @param next      where the next page starts, or null when the read is complete
     * @param stats     what the page cost
     */
    public record Page(List<Map<String, AttributeValue>> items, List<Position> positions, @Nullable Position next,
            ReadStats stats) {

        public Page {
            items = List.copyOf(items);
            positions = List.copyOf(positions);
        }
    }

    /** @return the attributes of a position: the table's key, plus the index's when reading an index */
    public List<String> positionKeys() {
        return positionKeys;
    }

    /** @return how many segments the read goes through (a plan's segments; 1 for a Scan segment) */
    public int segments() {
        return sources.size();
    }

    /**
     * @return what the read covers, for people and to bind a kept position to the read: the table, the index, the
     *         key conditions or the Scan segment
     */
    public String description() {
        return description;
    }

    /**
     * Reads one page of {@code limit} items from a position: one Query or Scan call, or more when a segment ends
     * before the page is full. With a filter, each call evaluates more items than are still missing (as list reads
     * do), so a page may hold a few more than {@code limit}.
     *
     * @throws IllegalArgumentException as {@link #requireOwn}
     */
    public Page read(Position from, int limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be >= 1");
        }
        requireOwn(from);
        return calls.run(new Reading(from, limit)).page();
    }

    /**
     * Refuses a position that does not belong to this read.
     *
     * @throws IllegalArgumentException when its segment is not one of the read's, its attributes are not the
     *                                  read's position attributes, or its key lies outside the segment's key
     *                                  condition; the message says which
     */
    public void requireOwn(Position position) {
        Objects.requireNonNull(position, "position");
        if (position.segment() >= sources.size()) {
            throw new IllegalArgumentException("The position is in segment " + position.segment() + " but "
                    + description + " has " + sources.size() + " segment(s)");
        }
        Map<String, AttributeValue> key = position.after();
        if (key == null) {
            return;
        }
        if (!key.keySet().equals(Set.copyOf(positionKeys))) {
            throw new IllegalArgumentException("The position holds attributes " + new TreeSet<>(key.keySet())
                    + " but a position of " + description + " holds " + new TreeSet<>(positionKeys));
        }
        KeyCondition condition = conditions.isEmpty() ? null : conditions.get(position.segment());
        if (condition != null && !within(condition, key)) {
            throw new IllegalArgumentException("The position " + AttributeValues.showKey(key) + " lies outside "
                    + condition + " of " + description);
        }
    }

    private static boolean within(KeyCondition condition, Map<String, AttributeValue> key) {
        for (KeyCondition.KeyEquality equality : condition.partitionEqualities()) {
            if (!equality.value().equals(key.get(equality.attribute()))) {
                return false;
            }
        }
        for (KeyCondition.KeyEquality equality : condition.sortEqualities()) {
            if (!equality.value().equals(key.get(equality.attribute()))) {
                return false;
            }
        }
        return condition.sortRange().map(range -> inRange(range, key.get(range.attribute()))).orElse(true);
    }

    private static boolean inRange(KeyCondition.SortRange range, @Nullable AttributeValue value) {
        if (value == null) {
            return false;
        }
        List<AttributeValue> bounds = range.values();
        return switch (range.operator()) {
            case BEGINS_WITH -> startsWith(value, bounds.get(0));
            case BETWEEN -> AttributeValueOrder.compare(value, bounds.get(0)) >= 0
                    && AttributeValueOrder.compare(value, bounds.get(1)) <= 0;
            case LT -> AttributeValueOrder.compare(value, bounds.get(0)) < 0;
            case LE -> AttributeValueOrder.compare(value, bounds.get(0)) <= 0;
            case GT -> AttributeValueOrder.compare(value, bounds.get(0)) > 0;
            case GE -> AttributeValueOrder.compare(value, bounds.get(0)) >= 0;
        };
    }

    private static boolean startsWith(AttributeValue value, AttributeValue prefix) {
        if (value.s() != null && prefix.s() != null) {
            return value.s().startsWith(prefix.s());
        }
        if (value.b() == null || prefix.b() == null) {
            return false;
        }
        byte[] bytes = value.b().asByteArray();
        byte[] start = prefix.b().asByteArray();
        return bytes.length >= start.length && Arrays.equals(bytes, 0, start.length, start, 0, start.length);
    }

    /** One page's conversation: the current segment from its position, then the next segments, until full. */
    private final class Reading implements PageReading {

        private final int limit;
        private final List<Map<String, AttributeValue>> items = new ArrayList<>();
        private final List<Position> positions = new ArrayList<>();
        private int segment;
        private @Nullable Map<String, AttributeValue> after;
        private ReadStats stats = ReadStats.NONE;

        Reading(Position from, int limit) {
            this.limit = limit;
            this.segment = from.segment();
            this.after = from.after();
        }

        @Override
        public List<PageCall> pending() {
            if (segment >= sources.size() || items.size() >= limit) {
                return List.of();
            }
            int remaining = limit - items.size();
            return List.of(sources.get(segment).call(after, filtered
                    ? Objects.requireNonNull(ListReads.pageLimit(remaining, true), "some items remain")
                    : remaining, false));
        }

        @Override
        public void accept(List<PageSource.Page> pages) {
            PageSource.Page page = pages.get(0);
            stats = stats.plus(page.stats());
            for (Map<String, AttributeValue> item : page.items()) {
                items.add(item);
                positions.add(new Position(segment, PageItems.positionOf(item, positionKeys)));
            }
            if (page.lastEvaluatedKey() == null) {
                segment++;
                after = null;
            } else {
                after = page.lastEvaluatedKey();
            }
        }

        Page page() {
            Position next = segment >= sources.size() ? null : new Position(segment, after);
            return new Page(items, positions, next, stats);
        }
    }
}
