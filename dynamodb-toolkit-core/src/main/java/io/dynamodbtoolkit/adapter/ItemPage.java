package io.dynamodbtoolkit.adapter;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Function;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * One page of a list read.
 *
 * @param <T> the item type
 */
public final class ItemPage<T> {

    private final List<T> items;
    private final @Nullable String nextCursor;
    private final OptionalLong total;
    private final ReadStats stats;
    private final Supplier<String> description;
    private @Nullable String shownDescription;

    /**
     * @param items       the items, in key order (reversed when descending)
     * @param nextCursor  the cursor of the next page, or null when this is the last page
     * @param total       every match counted, when asked for
     * @param stats       what the page cost
     * @param description renders the requests' expressions for people (called on first use only)
     */
    public ItemPage(List<T> items, @Nullable String nextCursor, OptionalLong total, ReadStats stats,
            Supplier<String> description) {
        this.items = Collections.unmodifiableList(new ArrayList<>(items));
        this.nextCursor = nextCursor;
        this.total = total;
        this.stats = stats;
        this.description = description;
    }

    /** @return the items, in key order (reversed when descending) */
    public List<T> items() {
        return items;
    }

    /**
     * @return the cursor of the next page, or null when this is the last page. A page of one unfiltered Query or Scan
     *         reads one item beyond itself, so it has a cursor only when more follow; a filtered page, a page read
     *         {@link ListOptions#withoutLookahead() without lookahead}, and a page merged from several shards or Scan
     *         segments, may have a cursor that leads to an empty last page when this one ended exactly at the end
     */
    public @Nullable String nextCursor() {
        return nextCursor;
    }

    /** @return the next page's cursor, if there may be one */
    public Optional<String> next() {
        return Optional.ofNullable(nextCursor);
    }

    /** @return every match counted, when asked for */
    public OptionalLong total() {
        return total;
    }

    /** @return what the page cost: items returned against items read */
    public ReadStats stats() {
        return stats;
    }

    /**
     * @return the key condition and filter sent, as DynamoDB saw them with values substituted (for diagnostics
     *         and demos; rendered on first call)
     */
    public synchronized String description() {
        if (shownDescription == null) {
            shownDescription = description.get();
        }
        return shownDescription;
    }

    /**
     * @param conversion what each item becomes (e.g. a projection of it)
     * @return the same page (cursor, total, stats, description) with each item converted, in the same order
     */
    public <R> ItemPage<R> map(Function<? super T, ? extends R> conversion) {
        return new ItemPage<>(items.stream().<R>map(conversion).toList(), nextCursor, total, stats, this::description);
    }

    @Override
    public String toString() {
        return "ItemPage[" + items.size() + " items, next=" + (nextCursor != null) + ", " + stats + "]";
    }
}
