package io.dynamodbtoolkit.mass;

import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.function.UnaryOperator;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.StoredItemCalls;
import io.dynamodbtoolkit.key.KeyValues;
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
 * <p>The runs are the same on the asynchronous client, without blocking a thread: {@link AsyncMassOperations}. Code
 * written once for both takes their common interface, {@link MassRuns}.
 *
 * @param <T> the adapter's item type (edits map through it)
 */
public final class MassOperations<T> implements MassRuns<T, MassResult> {

    private final Adapter<T> adapter;
    private final MassProgressListener listener;
    private final StoredItemCalls<T> calls;

    private MassOperations(Adapter<T> adapter, MassProgressListener listener) {
        this.adapter = adapter;
        this.listener = listener;
        this.calls = adapter.stored().calls();
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
    @Override
    public MassOperations<T> withListener(MassProgressListener progress) {
        return new MassOperations<>(adapter, listener.andThen(Objects.requireNonNull(progress, "progress")));
    }

    /**
     * Deletes every item of a scope, in key order.
     *
     * @throws UnscopedMassDeleteException for the whole table without a filter, unless confirmed
     */
    @Override
    public MassResult delete(MassScope scope, MassOptions options) {
        return CallerLoop.run(loop -> engine(loop).delete(scope, options));
    }

    /**
     * Copies every item of a scope through a transform that gives each copy its new key. The first page's copies
     * are all prepared before anything is written, so a transform whose keys the table cannot hold (too long, a
     * number over its width) fails before the first write. An item whose transform keeps its key is skipped (its
     * copy would overwrite it).
     */
    @Override
    public MassResult clone(MassScope scope, UnaryOperator<Map<String, AttributeValue>> transform,
            MassOptions options) {
        return CallerLoop.run(loop -> engine(loop).clone(scope, transform, options));
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
    @Override
    public MassResult cloneEach(MassScope scope, UnaryOperator<T> change, MassOptions options) {
        return CallerLoop.run(loop -> engine(loop).cloneEach(scope, change, options));
    }

    /**
     * Moves every item of a scope through a transform that gives each its new key: the target is written if
     * absent (or already this copy, from a crashed run), then the source deleted; safe to re-run after a crash.
     * Batched by default; with {@link MassOptions.Conditional#IF_NOT_EXISTS} one conditional call per item, the
     * source deleted only if unchanged since read. Checked before the first write as {@link #clone} is. An item
     * whose transform keeps its key is skipped: it is neither rewritten nor deleted.
     */
    @Override
    public MassResult move(MassScope scope, UnaryOperator<Map<String, AttributeValue>> transform,
            MassOptions options) {
        return CallerLoop.run(loop -> engine(loop).move(scope, transform, options));
    }

    /**
     * Moves every item of a scope through a change of the item, as {@link #cloneEach} copies them: each changed item
     * is written with the key its key fields give, then the source deleted (an item whose change keeps its key is
     * skipped, never deleted). Re-runnable as {@link #move(MassScope, UnaryOperator, MassOptions)} is.
     */
    @Override
    public MassResult moveEach(MassScope scope, UnaryOperator<T> change, MassOptions options) {
        return CallerLoop.run(loop -> engine(loop).moveEach(scope, change, options));
    }

    /**
     * Edits every item of a scope: read, map, diff, write only the changes, checked against the version read;
     * unchanged items are skipped and version conflicts reported.
     */
    @Override
    public MassResult edit(MassScope scope, UnaryOperator<T> mapper, MassOptions options) {
        return CallerLoop.run(loop -> engine(loop).edit(scope, mapper, options));
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
    @Override
    public MassResult deleteAllUnder(KeyValues node, MassOptions options) {
        return CallerLoop.run(loop -> engine(loop).deleteAllUnder(node, options));
    }

    /**
     * Copies a node and everything under it to another node of the same depth (a prefix swap: Dallas to Austin,
     * or Dallas under another state): the node first, then its descendants. Needs cascades declared. Checked
     * before the first write as {@link #clone} is; under a parent guard, a target whose parent is missing or being
     * deleted stops the run (what it wrote there is undone).
     */
    @Override
    public MassResult cloneAllUnder(KeyValues from, KeyValues to, MassOptions options) {
        return CallerLoop.run(loop -> engine(loop).cloneAllUnder(from, to, options));
    }

    /**
     * Moves a node and everything under it to another node of the same depth, the node first; each item is
     * written at the target if absent, then deleted at the source. Re-runnable. Needs cascades declared. Under a
     * parent guard the source node is first marked as being deleted, so that nothing is inserted under it while
     * its subtree moves, and the target is guarded as for {@link #cloneAllUnder}.
     */
    @Override
    public MassResult moveAllUnder(KeyValues from, KeyValues to, MassOptions options) {
        return CallerLoop.run(loop -> engine(loop).moveAllUnder(from, to, options));
    }

    /** Edits a node and everything under it. Needs cascades declared. */
    @Override
    public MassResult editAllUnder(KeyValues node, UnaryOperator<T> mapper, MassOptions options) {
        return CallerLoop.run(loop -> engine(loop).editAllUnder(node, mapper, options));
    }

    /**
     * @return the same operations applied to lists of stored items the caller read itself (e.g. a Spring Batch
     *         chunk), with their outcomes
     */
    public MassWrites<T> writes() {
        return MassWrites.of(adapter);
    }

    /**
     * Checks the guards of a unique field against the rows: a strongly consistent Scan of the table's rows, then one
     * of the field's guards, compared in memory (memory grows with the rows holding a value). Reports the values
     * several rows hold, the rows without a guard (written before the field was declared unique), the rows whose
     * guard points at another row, and the guards no row needs. Writes nothing.
     *
     * @throws IllegalArgumentException when the field is not unique
     */
    public UniqueReport verifyUnique(String field) {
        return CallerLoop.run(loop -> new UniqueGuardAudit(adapter, calls).verify(field, loop));
    }

    /**
     * Writes the missing guards of a unique field (e.g. after declaring a field of existing rows unique): checks the
     * field first as {@link #verifyUnique} does, then writes the guard of each row that has none, one transaction
     * each (the guard where none is there or it already points at the row, and a check that the row still holds
     * the value), as many at a time as {@link MassOptions#defaults()} allows. Rows already guarded are skipped; a
     * row whose guard points at another row, or whose guard another row took meanwhile, is a conflict.
     *
     * @return the guards written (processed), the rows already guarded (skipped), the conflicts and failures
     * @throws IllegalStateException    listing the values several rows hold, before anything is written
     * @throws IllegalArgumentException when the field is not unique
     */
    public MassPageResult backfillUnique(String field) {
        return CallerLoop.run(loop -> new UniqueGuardAudit(adapter, calls).backfill(field,
                MassOptions.defaults().concurrency(), loop));
    }

    /** @return the engine of one run, its page loop going on in the caller's thread */
    private MassEngine<T> engine(Executor loop) {
        return new MassEngine<>(adapter, calls, listener, MassPacing.UNPACED, loop);
    }
}
