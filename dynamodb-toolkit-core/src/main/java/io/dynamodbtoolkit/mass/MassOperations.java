package io.dynamodbtoolkit.mass;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.UnaryOperator;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.StoredItems;
import io.dynamodbtoolkit.expression.FieldRule;
import io.dynamodbtoolkit.expression.Filter;
import io.dynamodbtoolkit.expression.FilterClause;
import io.dynamodbtoolkit.expression.FilterOperator;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.key.SubtreeQuery;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Delete, clone, move and edit over any query the adapter can express, page by page, batched (25 a call) with
 * the retry policy, with bounded concurrency, resumable from a cursor, and the hierarchy cascades built on them.
 *
 * <p>Every run returns a {@link MassResult} {@code {processed, skipped, failed[], conflicts[], cursor}}; with
 * {@code maxItems} a run stops early and its cursor resumes exactly after the last item it read, so a job can run
 * in slices (and survive a process that dies between two runs). The read side applies the same filter pipeline as
 * list reads: only matching items are touched.
 *
 * <pre>{@code
 * MassOperations<Vehicle> mass = MassOperations.of(vehicles);
 * MassResult gone = mass.deleteAllUnder(KeyValues.of("state", "TX", "facility", "Dallas"), MassOptions.defaults());
 * MassResult copy = mass.cloneAllUnder(KeyValues.of("state", "TX", "facility", "Dallas"),
 *         KeyValues.of("state", "TX", "facility", "Austin"), MassOptions.defaults().withMaxItems(5_000));
 * }</pre>
 *
 * @param <T> the adapter's item type (edits map through it)
 */
public final class MassOperations<T> {

    private final Adapter<T> adapter;
    private final StoredItems<T> stored;
    private final MassRunner runner;

    private final MassProgressListener listener;

    private MassOperations(Adapter<T> adapter, MassProgressListener listener) {
        this.adapter = adapter;
        this.stored = adapter.stored();
        this.listener = listener;
        this.runner = new MassRunner(stored, adapter.declaration().name(), adapter.table(), listener);
    }

    /** @return the mass operations of an adapter */
    public static <T> MassOperations<T> of(Adapter<T> adapter) {
        return new MassOperations<>(Objects.requireNonNull(adapter, "adapter"), MassProgressListener.NONE);
    }

    /**
     * @param progress hears the progress of every run of the copy (e.g. gauges), besides the listener each run's
     *                 {@link MassOptions} names
     * @return a copy reporting to a listener as well
     */
    public MassOperations<T> withListener(MassProgressListener progress) {
        return new MassOperations<>(adapter, listener.andThen(Objects.requireNonNull(progress, "progress")));
    }

    /**
     * Deletes every item of a scope (in key order; reversed when {@code descending}).
     *
     * @throws UnscopedMassDeleteException for the whole table without a filter, unless confirmed
     */
    public MassResult delete(MassScope scope, MassOptions options) {
        return delete(scope, false, options);
    }

    /** Copies every item of a scope through a transform that gives each copy its new key. */
    public MassResult clone(MassScope scope, UnaryOperator<Map<String, AttributeValue>> transform,
            MassOptions options) {
        Processors processors = processors(options);
        PageProcessor processor = options.conditional() == MassOptions.Conditional.IF_NOT_EXISTS
                ? processors.conditionalCopy(transform) : processors.batchCopy(transform);
        return runner.run("clone", scope, false, scoped(options), processor);
    }

    /**
     * Moves every item of a scope through a transform that gives each its new key: the target is written if
     * absent (or already this copy, from a crashed run), then the source deleted; safe to re-run after a crash.
     * Batched by default; with {@link MassOptions.Conditional#IF_NOT_EXISTS} one conditional call per item, the
     * source deleted only if unchanged since read.
     */
    public MassResult move(MassScope scope, UnaryOperator<Map<String, AttributeValue>> transform,
            MassOptions options) {
        Processors processors = processors(options);
        PageProcessor processor = options.conditional() == MassOptions.Conditional.IF_NOT_EXISTS
                ? processors.conditionalMove(transform) : processors.batchMove(transform);
        return runner.run("move", scope, false, scoped(options), processor);
    }

    /**
     * Edits every item of a scope: read, map, diff, write only the changes, checked against the version read;
     * unchanged items are skipped and version conflicts reported.
     */
    public MassResult edit(MassScope scope, UnaryOperator<T> mapper, MassOptions options) {
        return runner.run("edit", scope, false, scoped(options), processors(options).edit(stored, mapper));
    }

    /** Deletes a node and everything under it: leaves first, the node last. Needs cascades declared. */
    public MassResult deleteAllUnder(KeyValues node, MassOptions options) {
        requireCascades();
        return delete(MassScope.of(adapter.plan(SubtreeQuery.selfAndDescendants(node))), true, options);
    }

    /**
     * Copies a node and everything under it to another node of the same depth (a prefix swap: Dallas to Austin,
     * or Dallas under another state): the node first, then its descendants. Needs cascades declared.
     */
    public MassResult cloneAllUnder(KeyValues from, KeyValues to, MassOptions options) {
        requireCascades();
        return clone(MassScope.of(adapter.plan(SubtreeQuery.selfAndDescendants(from))),
                PrefixSwap.of(adapter.keys(), from, to), options);
    }

    /**
     * Moves a node and everything under it to another node of the same depth, the node first; each item is
     * written at the target if absent, then deleted at the source. Re-runnable. Needs cascades declared.
     */
    public MassResult moveAllUnder(KeyValues from, KeyValues to, MassOptions options) {
        requireCascades();
        return move(MassScope.of(adapter.plan(SubtreeQuery.selfAndDescendants(from))),
                PrefixSwap.of(adapter.keys(), from, to), options);
    }

    /** Edits a node and everything under it. Needs cascades declared. */
    public MassResult editAllUnder(KeyValues node, UnaryOperator<T> mapper, MassOptions options) {
        requireCascades();
        return edit(MassScope.of(adapter.plan(SubtreeQuery.selfAndDescendants(node))), mapper, options);
    }

    private MassResult delete(MassScope scope, boolean descending, MassOptions options) {
        if (scope.isWholeTable() && options.filter().isEmpty() && options.asOf() == null
                && !options.confirmUnscoped()) {
            throw new UnscopedMassDeleteException(adapter.table());
        }
        Processors processors = processors(options);
        PageProcessor processor = options.conditional() == MassOptions.Conditional.IF_EXISTS
                ? processors.conditionalDelete() : processors.batchDelete();
        return runner.run("delete", scope, descending, scoped(options), processor);
    }

    /** Adds the {@code asOf} scope freeze to the filter: only items created before it. */
    private MassOptions scoped(MassOptions options) {
        if (options.asOf() == null) {
            return options;
        }
        String createdAt = adapter.keys().createdAtField().orElseThrow(() -> new IllegalArgumentException(
                "asOf freezes the scope by creation time, but adapter '" + adapter.declaration().name()
                        + "' declares no createdAtField"));
        List<FilterClause> clauses = new ArrayList<>(options.filter().clauses());
        clauses.add(new FilterClause(FieldRule.number(createdAt), FilterOperator.LT,
                List.of(AttributeValue.fromN(Long.toString(options.asOf().toEpochMilli()))),
                Long.toString(options.asOf().toEpochMilli())));
        return options.withFilter(Filter.of(clauses));
    }

    private Processors processors(MassOptions options) {
        return new Processors(stored, new WorkWindow(options.concurrency(), stored.options().executor()));
    }

    private void requireCascades() {
        if (!adapter.declaration().cascades()) {
            throw new IllegalStateException("Cascades are not enabled for adapter '" + adapter.declaration().name()
                    + "': declare cascades(true) (dynamodb.toolkit.adapters." + adapter.declaration().name()
                    + ".cascades=true) to allow whole-subtree operations");
        }
    }
}
