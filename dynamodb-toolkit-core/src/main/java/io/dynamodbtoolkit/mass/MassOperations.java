package io.dynamodbtoolkit.mass;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.UnaryOperator;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.ItemValidationException;
import io.dynamodbtoolkit.adapter.StoredItems;
import io.dynamodbtoolkit.adapter.WriteKind;
import io.dynamodbtoolkit.filter.FieldRule;
import io.dynamodbtoolkit.filter.FilterClause;
import io.dynamodbtoolkit.filter.FilterOperator;
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
     * Deletes every item of a scope, in key order.
     *
     * @throws UnscopedMassDeleteException for the whole table without a filter, unless confirmed
     */
    public MassResult delete(MassScope scope, MassOptions options) {
        return runner.run(deleteWork(scope, options), scoped(options));
    }

    /**
     * Copies every item of a scope through a transform that gives each copy its new key. The first page's copies
     * are all prepared before anything is written, so a transform whose keys the table cannot hold (too long, a
     * number over its width) fails before the first write. An item whose transform keeps its key is skipped (its
     * copy would overwrite it).
     */
    public MassResult clone(MassScope scope, UnaryOperator<Map<String, AttributeValue>> transform,
            MassOptions options) {
        return runner.run(skippingSelfCopies(cloneWork(scope, transform, options), transform, WriteKind.CLONE),
                scoped(options));
    }

    /**
     * Copies every item of a scope through a change of the item: each is read into the adapter's item type, changed
     * and written as a new item, with the key its changed key fields give (a change that keeps the key skips the
     * item). As {@link #clone(MassScope, UnaryOperator, MassOptions)} otherwise: the scope's filter, {@code maxItems}
     * and the cursor, the parent guard, {@link MassOptions.Conditional#IF_NOT_EXISTS} to leave existing targets alone.
     *
     * <pre>{@code
     * MassResult copies = mass.cloneEach(MassScope.of(vehicles.plan(SubtreeQuery.children(dallas))),
     *         car -> car.withFacility("Austin"), MassOptions.defaults().withConditional(IF_NOT_EXISTS));
     * }</pre>
     */
    public MassResult cloneEach(MassScope scope, UnaryOperator<T> change, MassOptions options) {
        return clone(scope, stored.through(change), options);
    }

    /**
     * Moves every item of a scope through a transform that gives each its new key: the target is written if
     * absent (or already this copy, from a crashed run), then the source deleted; safe to re-run after a crash.
     * Batched by default; with {@link MassOptions.Conditional#IF_NOT_EXISTS} one conditional call per item, the
     * source deleted only if unchanged since read. Checked before the first write as {@link #clone} is. An item
     * whose transform keeps its key is skipped: it is neither rewritten nor deleted.
     */
    public MassResult move(MassScope scope, UnaryOperator<Map<String, AttributeValue>> transform,
            MassOptions options) {
        return runner.run(skippingSelfCopies(moveWork(scope, transform, options), transform, WriteKind.MOVE),
                scoped(options));
    }

    /**
     * Moves every item of a scope through a change of the item, as {@link #cloneEach} copies them: each changed item
     * is written with the key its key fields give, then the source deleted (an item whose change keeps its key is
     * skipped, never deleted). Re-runnable as {@link #move(MassScope, UnaryOperator, MassOptions)} is.
     */
    public MassResult moveEach(MassScope scope, UnaryOperator<T> change, MassOptions options) {
        return move(scope, stored.through(change), options);
    }

    /**
     * Edits every item of a scope: read, map, diff, write only the changes, checked against the version read;
     * unchanged items are skipped and version conflicts reported.
     */
    public MassResult edit(MassScope scope, UnaryOperator<T> mapper, MassOptions options) {
        return runner.run(MassRunner.Work.of("edit", scope, processors(options).edit(stored, mapper)),
                scoped(options));
    }

    /**
     * Deletes a node and everything under it: leaves first, the node last. Needs cascades declared.
     *
     * <p>Under a parent guard (the default with cascades), an unfiltered delete first marks the node as being
     * deleted, so that guarded inserts under it fail from then on; reads the subtree strongly consistently, so it
     * sees every row inserted before the mark; and deletes the node only after every row under it, and only if it
     * still carries its mark (if the node was rewritten meanwhile, losing the mark, the subtree is read again). A
     * run that stops early leaves the mark: the next run finishes the delete. A delete with a filter or an
     * {@code asOf} removes only the rows that match and does not mark the node.
     */
    public MassResult deleteAllUnder(KeyValues node, MassOptions options) {
        requireCascades();
        if (!stored.guarded() || !options.filter().isEmpty() || options.asOf() != null) {
            return runner.run(deleteWork(MassScope.of(adapter.plan(SubtreeQuery.selfAndDescendants(node))), options)
                    .inDescendingOrder(), scoped(options));
        }
        MassScope children = MassScope.of(adapter.plan(SubtreeQuery.children(node)));
        return new GuardedSubtreeDelete(stored, runner).run(adapter.keys().codec().primaryKeyFromKeyValues(node),
                deleteWork(children, options).inDescendingOrder().readingConsistently(), options);
    }

    /**
     * Copies a node and everything under it to another node of the same depth (a prefix swap: Dallas to Austin,
     * or Dallas under another state): the node first, then its descendants. Needs cascades declared. Checked
     * before the first write as {@link #clone} is; under a parent guard, a target whose parent is missing or being
     * deleted stops the run (what it wrote there is undone).
     */
    public MassResult cloneAllUnder(KeyValues from, KeyValues to, MassOptions options) {
        requireCascades();
        MassScope subtree = MassScope.of(adapter.plan(SubtreeQuery.selfAndDescendants(from)));
        return runner.run(cloneWork(subtree, PrefixSwap.of(adapter.keys(), from, to), options).readingConsistently(),
                scoped(options));
    }

    /**
     * Moves a node and everything under it to another node of the same depth, the node first; each item is
     * written at the target if absent, then deleted at the source. Re-runnable. Needs cascades declared. Under a
     * parent guard the source node is first marked as being deleted, so that nothing is inserted under it while
     * its subtree moves, and the target is guarded as for {@link #cloneAllUnder}.
     */
    public MassResult moveAllUnder(KeyValues from, KeyValues to, MassOptions options) {
        requireCascades();
        PrefixSwap swap = PrefixSwap.of(adapter.keys(), from, to);
        if (stored.guarded()) {
            stored.markDeleting(adapter.keys().codec().primaryKeyFromKeyValues(from));
        }
        MassScope subtree = MassScope.of(adapter.plan(SubtreeQuery.selfAndDescendants(from)));
        return runner.run(moveWork(subtree, swap, options).readingConsistently(), scoped(options));
    }

    /** Edits a node and everything under it. Needs cascades declared. */
    public MassResult editAllUnder(KeyValues node, UnaryOperator<T> mapper, MassOptions options) {
        requireCascades();
        return edit(MassScope.of(adapter.plan(SubtreeQuery.selfAndDescendants(node))), mapper, options);
    }

    private MassRunner.Work deleteWork(MassScope scope, MassOptions options) {
        if (scope.isWholeTable() && options.filter().isEmpty() && options.asOf() == null
                && !options.confirmUnscoped()) {
            throw new UnscopedMassDeleteException(adapter.table());
        }
        Processors processors = processors(options);
        PageProcessor processor = options.conditional() == MassOptions.Conditional.IF_EXISTS
                ? processors.conditionalDelete() : processors.batchDelete();
        return MassRunner.Work.of("delete", scope, processor);
    }

    private MassRunner.Work cloneWork(MassScope scope, UnaryOperator<Map<String, AttributeValue>> transform,
            MassOptions options) {
        Processors processors = processors(options);
        PageProcessor processor = options.conditional() == MassOptions.Conditional.IF_NOT_EXISTS
                ? processors.conditionalCopy(transform) : processors.batchCopy(transform);
        return MassRunner.Work.of("clone", scope, processor).checkedBy(copiesOf(transform, WriteKind.CLONE));
    }

    private MassRunner.Work moveWork(MassScope scope, UnaryOperator<Map<String, AttributeValue>> transform,
            MassOptions options) {
        Processors processors = processors(options);
        PageProcessor processor = options.conditional() == MassOptions.Conditional.IF_NOT_EXISTS
                ? processors.conditionalMove(transform) : processors.batchMove(transform);
        return MassRunner.Work.of("move", scope, processor).checkedBy(copiesOf(transform, WriteKind.MOVE));
    }

    /** @return the work with the items whose transform keeps their key left out (counted as skipped) */
    private MassRunner.Work skippingSelfCopies(MassRunner.Work work,
            UnaryOperator<Map<String, AttributeValue>> transform, WriteKind kind) {
        return new MassRunner.Work(work.operation(), work.scope(), work.descending(), work.consistent(),
                new SelfCopySkip(stored, transform, kind, work.processor()), work.preflight());
    }

    /**
     * A preflight that prepares every copy of the first page, throwing at the first that cannot be written (a key the
     * table cannot hold, a transform that throws, under a parent guard a target whose parent row is missing or being
     * deleted); a validator's refusal of one item is left to the run, which reports it as that item's failure.
     */
    private MassRunner.Preflight copiesOf(UnaryOperator<Map<String, AttributeValue>> transform, WriteKind kind) {
        return items -> {
            List<StoredItems.Prepared> copies = new ArrayList<>(items.size());
            for (Map<String, AttributeValue> item : items) {
                try {
                    copies.add(stored.prepareCopy(item, transform, kind));
                } catch (ItemValidationException refusedItem) {
                    // the run reports it under the item's key and goes on
                }
            }
            stored.requireParents(copies);
        };
    }

    /** Adds the {@code asOf} scope freeze to the filter: only items created before it. */
    private MassOptions scoped(MassOptions options) {
        if (options.asOf() == null) {
            return options;
        }
        String createdAt = adapter.keys().createdAtField().orElseThrow(() -> new IllegalArgumentException(
                "asOf freezes the scope by creation time, but adapter '" + adapter.declaration().name()
                        + "' declares no createdAtField"));
        FilterClause createdBefore = new FilterClause(FieldRule.number(createdAt), FilterOperator.LT,
                List.of(AttributeValue.fromN(Long.toString(options.asOf().toEpochMilli()))),
                Long.toString(options.asOf().toEpochMilli()));
        return options.withFilter(options.filter().and(List.of(createdBefore)));
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
