package io.dynamodbtoolkit.mass;

import java.time.Instant;
import java.util.Objects;

import io.dynamodbtoolkit.filter.Filter;
import org.jspecify.annotations.Nullable;

/**
 * Options of one run of a mass operation. Immutable; start from {@link #defaults()}.
 *
 * @param maxItems        the most items one run reads (0: no bound); the result's cursor resumes after them
 * @param pageSize        items read per page
 * @param concurrency     the most write calls in flight at once, across page boundaries; lowered while DynamoDB
 *                        throttles and raised again after successes. With a round trip of r, a run moves at most
 *                        concurrency x 25 items / r: raise it for more, within the table's capacity
 * @param cursor          the cursor of the previous run of the same operation (same adapter, subtree or index,
 *                        filter and target), or null to start; any other cursor is refused with an
 *                        {@link io.dynamodbtoolkit.cursor.InvalidCursorException} before the run reads or writes
 * @param filter          the same filter grammar as list reads: only matching items are processed
 * @param asOf            freezes the scope: only items created before this instant (needs a created-at field)
 * @param conditional     per-item conditions a batch cannot carry (if-not-exists for copies, if-exists for
 *                        deletes), at the cost of one call per item
 * @param confirmUnscoped allows a delete with no scope at all (the whole table, no filter)
 * @param listener        receives progress after every page
 * @param target          what a caller's own transform or change writes, described (e.g. the fields it sets), so
 *                        that a run's cursor resumes only runs writing the same; empty when the operation's own
 *                        target (a prefix swap, a cascade's target node) says it all
 */
public record MassOptions(long maxItems, int pageSize, int concurrency, @Nullable String cursor, Filter filter,
        @Nullable Instant asOf,
        Conditional conditional, boolean confirmUnscoped, MassProgressListener listener, String target) {

    private static final MassOptions DEFAULTS = new MassOptions(0, 500, 4, null, Filter.empty(), null,
            Conditional.NONE, false, MassProgressListener.NONE, "");

    public MassOptions {
        if (maxItems < 0 || pageSize < 1 || concurrency < 1) {
            throw new IllegalArgumentException("maxItems must be >= 0, pageSize and concurrency >= 1");
        }
        filter = filter == null ? Filter.empty() : filter;
        Objects.requireNonNull(conditional, "conditional");
        listener = listener == null ? MassProgressListener.NONE : listener;
        target = target == null ? "" : target;
    }

    /** @return unbounded runs, pages of 500, 4 writes in flight, no filter, batch writes */
    public static MassOptions defaults() {
        return DEFAULTS;
    }

    /** @return a copy bounding one run to {@code items} items */
    public MassOptions withMaxItems(long items) {
        return new MassOptions(items, pageSize, concurrency, cursor, filter, asOf, conditional, confirmUnscoped,
                listener, target);
    }

    /** @return a copy reading pages of {@code items} items */
    public MassOptions withPageSize(int items) {
        return new MassOptions(maxItems, items, concurrency, cursor, filter, asOf, conditional, confirmUnscoped,
                listener, target);
    }

    /** @return a copy with {@code calls} writes in flight at once */
    public MassOptions withConcurrency(int calls) {
        return new MassOptions(maxItems, pageSize, calls, cursor, filter, asOf, conditional, confirmUnscoped,
                listener, target);
    }

    /** @return a copy resuming from a previous run's cursor */
    public MassOptions withCursor(@Nullable String previous) {
        return new MassOptions(maxItems, pageSize, concurrency, previous, filter, asOf, conditional,
                confirmUnscoped, listener, target);
    }

    /** @return a copy processing only items that match a filter */
    public MassOptions withFilter(Filter clauses) {
        return new MassOptions(maxItems, pageSize, concurrency, cursor, clauses, asOf, conditional, confirmUnscoped,
                listener, target);
    }

    /** @return a copy processing only items created before an instant */
    public MassOptions withAsOf(Instant instant) {
        return new MassOptions(maxItems, pageSize, concurrency, cursor, filter, instant, conditional,
                confirmUnscoped, listener, target);
    }

    /** @return a copy using per-item conditional writes */
    public MassOptions withConditional(Conditional per) {
        return new MassOptions(maxItems, pageSize, concurrency, cursor, filter, asOf, per, confirmUnscoped,
                listener, target);
    }

    /** @return a copy allowing a delete of the whole table */
    public MassOptions confirmingUnscopedDelete() {
        return new MassOptions(maxItems, pageSize, concurrency, cursor, filter, asOf, conditional, true, listener,
                target);
    }

    /** @return a copy reporting progress to a listener */
    public MassOptions withListener(MassProgressListener progress) {
        return new MassOptions(maxItems, pageSize, concurrency, cursor, filter, asOf, conditional, confirmUnscoped,
                progress, target);
    }

    /**
     * @param written what the caller's transform or change writes, described canonically (the same text for the
     *                same target), e.g. the fields a REST body sets on every row
     * @return a copy whose cursors resume only runs with the same target description
     */
    public MassOptions withTarget(String written) {
        return new MassOptions(maxItems, pageSize, concurrency, cursor, filter, asOf, conditional, confirmUnscoped,
                listener, written);
    }

    /** Per-item conditions, for what a batch write cannot express. */
    public enum Conditional {
        /** Batch writes, unconditional (fastest). */
        NONE,
        /** Copies write only where no item exists (existing targets are skipped). */
        IF_NOT_EXISTS,
        /** Deletes remove only items that still exist (gone items are skipped, and counted as such). */
        IF_EXISTS
    }
}
