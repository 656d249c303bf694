package io.dynamodbtoolkit.mass;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.UnaryOperator;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.ItemValidationException;
import io.dynamodbtoolkit.adapter.StoredItemCalls;
import io.dynamodbtoolkit.adapter.StoredItems;
import io.dynamodbtoolkit.adapter.WriteKind;
import io.dynamodbtoolkit.filter.FieldRule;
import io.dynamodbtoolkit.filter.FilterClause;
import io.dynamodbtoolkit.filter.FilterOperator;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.key.SubtreeQuery;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The mass operations written once for both clients: each builds its run (scope, processor, preflight, cascade
 * steps) and returns its result as a future. {@link MassOperations} runs it on the blocking client and waits for
 * the result; {@link AsyncMassOperations} runs it on the asynchronous client, where nothing waits. What an
 * operation refuses up front (an unscoped delete, cascades not declared) it throws from the call.
 *
 * @param <T> the adapter's item type
 */
final class MassEngine<T> {

    private final Adapter<T> adapter;
    private final StoredItemCalls<T> calls;
    private final StoredItems<T> stored;
    private final MassRunner runner;

    /**
     * @param adapter  the adapter (its declaration, key design and plans)
     * @param calls    its stored items' calls, on the client the runs use
     * @param listener hears the progress of every run
     * @param pacing   paces every run
     * @param continuations where a run goes on when a call it waited for completes
     */
    MassEngine(Adapter<T> adapter, StoredItemCalls<T> calls, MassProgressListener listener, MassPacing pacing,
            Executor continuations) {
        this.adapter = adapter;
        this.calls = calls;
        this.stored = calls.stored();
        this.runner = new MassRunner(calls, adapter.declaration().name(), adapter.table(), listener, pacing,
                continuations);
    }

    /** @see MassOperations#delete */
    CompletableFuture<MassResult> delete(MassScope scope, MassOptions options) {
        return runner.run(deleteWork(scope, options), scoped(options));
    }

    /** @see MassOperations#clone */
    CompletableFuture<MassResult> clone(MassScope scope, UnaryOperator<Map<String, AttributeValue>> transform,
            MassOptions options) {
        return runner.run(cloneWork(scope, transform, options), scoped(options));
    }

    /** @see MassOperations#cloneEach */
    CompletableFuture<MassResult> cloneEach(MassScope scope, UnaryOperator<T> change, MassOptions options) {
        return clone(scope, stored.through(change), options);
    }

    /** @see MassOperations#move */
    CompletableFuture<MassResult> move(MassScope scope, UnaryOperator<Map<String, AttributeValue>> transform,
            MassOptions options) {
        return runner.run(moveWork(scope, transform, options), scoped(options));
    }

    /** @see MassOperations#moveEach */
    CompletableFuture<MassResult> moveEach(MassScope scope, UnaryOperator<T> change, MassOptions options) {
        return move(scope, stored.through(change), options);
    }

    /** @see MassOperations#edit */
    CompletableFuture<MassResult> edit(MassScope scope, UnaryOperator<T> mapper, MassOptions options) {
        return runner.run(MassRunner.Work.of("edit", scope, editProcessor(mapper, options)), scoped(options));
    }

    /** @see MassOperations#deleteAllUnder */
    CompletableFuture<MassResult> deleteAllUnder(KeyValues node, MassOptions options) {
        requireCascades();
        if (!stored.guarded() || !options.filter().isEmpty() || options.asOf() != null) {
            return runner.run(deleteWork(MassScope.of(adapter.plan(SubtreeQuery.selfAndDescendants(node))), options)
                    .inDescendingOrder(), scoped(options));
        }
        MassScope children = MassScope.of(adapter.plan(SubtreeQuery.children(node)));
        return new GuardedSubtreeDelete(calls, runner).run(adapter.keys().codec().primaryKeyFromKeyValues(node),
                deleteWork(children, options).inDescendingOrder().readingConsistently(), options);
    }

    /** @see MassOperations#cloneAllUnder */
    CompletableFuture<MassResult> cloneAllUnder(KeyValues from, KeyValues to, MassOptions options) {
        requireCascades();
        MassScope subtree = MassScope.of(adapter.plan(SubtreeQuery.selfAndDescendants(from)));
        return runner.run(cloneWork(subtree, PrefixSwap.of(adapter.keys(), from, to), options).readingConsistently(),
                scoped(options));
    }

    /** @see MassOperations#moveAllUnder */
    CompletableFuture<MassResult> moveAllUnder(KeyValues from, KeyValues to, MassOptions options) {
        requireCascades();
        PrefixSwap swap = PrefixSwap.of(adapter.keys(), from, to);
        MassScope subtree = MassScope.of(adapter.plan(SubtreeQuery.selfAndDescendants(from)));
        MassRunner.Work work = moveWork(subtree, swap, options).readingConsistently();
        MassOptions scoped = scoped(options);
        if (!stored.guarded()) {
            return runner.run(work, scoped);
        }
        runner.requireResumable(work, scoped);
        return calls.markDeleting(adapter.keys().codec().primaryKeyFromKeyValues(from))
                .thenCompose(mark -> runner.run(work, scoped));
    }

    /** @see MassOperations#editAllUnder */
    CompletableFuture<MassResult> editAllUnder(KeyValues node, UnaryOperator<T> mapper, MassOptions options) {
        requireCascades();
        return edit(MassScope.of(adapter.plan(SubtreeQuery.selfAndDescendants(node))), mapper, options);
    }

    /**
     * Applies one operation's processor to one given list of stored items, after its preflight: the entry point of
     * {@link MassWrites}, where the caller read the items itself.
     *
     * @return completes with the items' outcomes once none of their writes is in flight; fails with the
     *         preflight's refusal before anything is written
     */
    CompletableFuture<MassPageResult> writePage(List<Map<String, AttributeValue>> items, PageProcessor processor,
            MassRunner.Preflight preflight) {
        MassTally tally = new MassTally();
        return MassFutures.planned(() -> preflight.check(items))
                .thenCompose(checked -> processor.process(items, tally, MassFutures.DONE))
                .thenApply(done -> tally.pageResult());
    }

    private MassRunner.Work deleteWork(MassScope scope, MassOptions options) {
        if (scope.isWholeTable() && options.filter().isEmpty() && options.asOf() == null
                && !options.confirmUnscoped()) {
            throw new UnscopedMassDeleteException(adapter.table());
        }
        return MassRunner.Work.of("delete", scope, deleteProcessor(options))
                .readingKeysOnly(adapter.keys().primaryKeyNames());
    }

    private MassRunner.Work cloneWork(MassScope scope, UnaryOperator<Map<String, AttributeValue>> transform,
            MassOptions options) {
        return MassRunner.Work.of("clone", scope, copyProcessor(transform, options))
                .checkedBy(copiesOf(transform, WriteKind.CLONE)).towards(MassBinding.targetOf(transform));
    }

    private MassRunner.Work moveWork(MassScope scope, UnaryOperator<Map<String, AttributeValue>> transform,
            MassOptions options) {
        return MassRunner.Work.of("move", scope, moveProcessor(transform, options))
                .checkedBy(copiesOf(transform, WriteKind.MOVE)).towards(MassBinding.targetOf(transform));
    }

    /**
     * @return the delete the options ask for: batched, or one if-exists call per item; always the latter for an
     *         adapter with unique fields, each delete one transaction releasing the row's guards
     */
    PageProcessor deleteProcessor(MassOptions options) {
        Processors processors = processors(options);
        return options.conditional() == MassOptions.Conditional.IF_EXISTS || hasUniques()
                ? processors.conditionalDelete() : processors.batchDelete();
    }

    /**
     * @return the copy the options ask for: batched, or one if-not-exists call per item; always the latter for an
     *         adapter with unique fields, each copy one transaction taking the guards of its unique values
     */
    PageProcessor copyProcessor(UnaryOperator<Map<String, AttributeValue>> transform, MassOptions options) {
        Processors processors = processors(options);
        return options.conditional() == MassOptions.Conditional.IF_NOT_EXISTS || hasUniques()
                ? processors.conditionalCopy(transform) : processors.batchCopy(transform);
    }

    /**
     * @return the move the options ask for: batched, or one conditional call per item; for an adapter with unique
     *         fields, one transaction per item re-pointing the guards of its unique values
     */
    PageProcessor moveProcessor(UnaryOperator<Map<String, AttributeValue>> transform, MassOptions options) {
        return moveProcessor(transform, options, true);
    }

    /**
     * @param deleteSources false for the first half of a move only: the targets written, the sources left in place
     * @return the move (or its first half) the options ask for: batched, or one conditional call per item; on an
     *         adapter with unique fields one transaction per item re-pointing the row's guards, and a first half that
     *         writes the targets without guards (the sources still hold them: the move that later finds this very
     *         copy re-points them)
     */
    PageProcessor moveProcessor(UnaryOperator<Map<String, AttributeValue>> transform, MassOptions options,
            boolean deleteSources) {
        Processors processors = processors(options);
        if (hasUniques()) {
            return deleteSources ? processors.reguardingMove(transform) : processors.batchMove(transform, false);
        }
        return options.conditional() == MassOptions.Conditional.IF_NOT_EXISTS
                ? processors.conditionalMove(transform, deleteSources) : processors.batchMove(transform, deleteSources);
    }

    /**
     * @return the rewrite of each item through a transform that keeps its key, with batches; for an adapter with
     *         unique fields, one transaction per item taking and releasing the guards of its unique values
     */
    PageProcessor putProcessor(UnaryOperator<Map<String, AttributeValue>> transform, MassOptions options) {
        Processors processors = processors(options);
        return hasUniques() ? processors.reguardingPut(transform) : processors.batchPut(transform);
    }

    /** @return the edit: one call per item, checked against the version read */
    PageProcessor editProcessor(UnaryOperator<T> mapper, MassOptions options) {
        return processors(options).edit(calls, mapper);
    }

    /**
     * A preflight that prepares every copy of the first page, throwing at the first that cannot be written (a key the
     * table cannot hold, a transform that throws, under a parent guard a target whose parent row is missing or being
     * deleted); a validator's refusal of one item is left to the run, which reports it as that item's failure. Parents
     * that cannot be read now (the retries exhausted, a transient error) refuse nothing: the run's writes check them
     * again, and report the copies they cannot check as failed.
     */
    MassRunner.Preflight copiesOf(UnaryOperator<Map<String, AttributeValue>> transform, WriteKind kind) {
        return items -> {
            List<StoredItems.Prepared> copies = new ArrayList<>(items.size());
            for (Map<String, AttributeValue> item : items) {
                try {
                    copies.add(stored.prepareCopy(item, transform, kind));
                } catch (ItemValidationException refusedItem) {
                    // the run reports it under the item's key and goes on
                }
            }
            return calls.requireParents(copies).exceptionally(error -> {
                Throwable failure = MassFutures.unwrap(error);
                if (!MassFailure.isTransient(failure)) {
                    MassFutures.rethrow(failure);
                }
                return null;
            });
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
        return new Processors(calls, new WorkWindow(options.concurrency(), calls));
    }

    private boolean hasUniques() {
        return !adapter.declaration().uniques().isEmpty();
    }

    private void requireCascades() {
        if (!adapter.declaration().cascades()) {
            throw new IllegalStateException("Cascades are not enabled for adapter '" + adapter.declaration().name()
                    + "': declare cascades(true) (dynamodb.toolkit.adapters." + adapter.declaration().name()
                    + ".cascades=true) to allow whole-subtree operations");
        }
    }
}
