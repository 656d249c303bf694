package io.dynamodbtoolkit.mass;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.function.Function;
import java.util.function.UnaryOperator;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.StoredItemCalls;
import io.dynamodbtoolkit.adapter.StoredItems;
import io.dynamodbtoolkit.adapter.WriteKind;
import io.dynamodbtoolkit.expression.AttributeValues;
import io.dynamodbtoolkit.key.KeyCodec;
import io.dynamodbtoolkit.key.KeyValues;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The mass operations applied to one given list of stored items, for a caller that reads the items itself (a Spring
 * Batch step reads a chunk, then hands it to a writer): the same page processors the {@link MassOperations} runs
 * use, with their semantics (batches of 25 with the retry policy, bounded concurrency, the parent guard, a move's
 * "target already holds this very copy" taken as the work of a crashed run), returning the outcome synchronously.
 * There is no cursor: the caller knows where it stands, and every operation here is safe to apply again to the same
 * items (a redo after a crash deletes nothing twice, copies onto the same targets, moves nothing twice).
 *
 * <p>The items are whole items as stored (a delete needs only their keys). The options give the concurrency and the
 * per-item conditions ({@link MassOptions#conditional()}); their read settings (filter, page size, cursor, maxItems)
 * belong to the caller's read and are not used here.
 *
 * <pre>{@code
 * MassWrites<Vehicle> writes = MassWrites.of(vehicles);
 * MassPageResult moved = writes.move(chunk, PrefixSwap.of(vehicles.keys(), dallas, austin), MassOptions.defaults());
 * }</pre>
 *
 * @param <T> the adapter's item type (edits and changed copies map through it)
 */
public final class MassWrites<T> {

    private final Adapter<T> adapter;
    private final StoredItemCalls<T> calls;
    private final IndexRewrites rewrites;

    private MassWrites(Adapter<T> adapter) {
        this.adapter = adapter;
        this.calls = adapter.stored().calls();
        this.rewrites = new IndexRewrites(adapter, calls, MassProgressListener.NONE);
    }

    /** @return the page-level mass writes of an adapter */
    public static <T> MassWrites<T> of(Adapter<T> adapter) {
        return new MassWrites<>(Objects.requireNonNull(adapter, "adapter"));
    }

    /**
     * Deletes the items: batched and unconditional by default (idempotent); with
     * {@link MassOptions.Conditional#IF_EXISTS} one call per item, items already gone counted as skipped.
     */
    public MassPageResult delete(List<Map<String, AttributeValue>> items, MassOptions options) {
        return apply(items, engine -> engine.deleteProcessor(options), engine -> MassRunner.Preflight.NONE);
    }

    /**
     * Deletes the items of a guarded subtree delete: every item must lie under {@code node} (the list is refused
     * before anything is written, naming the first that does not); the node's own row is left in place and counted
     * as skipped, since it goes last, by {@link #deleteMarked}, once everything under it is gone. Begin the whole
     * delete with {@link #markDeleting}, so that guarded inserts under the node fail while its rows are deleted, and
     * read the rows strongly consistently after the mark.
     *
     * @throws IllegalArgumentException naming an item that is not under the node
     */
    public MassPageResult deleteUnder(KeyValues node, List<Map<String, AttributeValue>> items, MassOptions options) {
        Map<String, AttributeValue> nodeKey = adapter.keys().codec().primaryKeyFromKeyValues(node);
        List<Map<String, AttributeValue>> under = new ArrayList<>(items.size());
        for (Map<String, AttributeValue> item : items) {
            Map<String, AttributeValue> key = calls.stored().keyOf(item);
            if (!key.equals(nodeKey)) {
                requireUnder(node, nodeKey, key);
                under.add(item);
            }
        }
        MassPageResult deleted = delete(under, options);
        long nodeRows = items.size() - under.size();
        return new MassPageResult(deleted.processed(), deleted.skipped() + nodeRows, deleted.failed(),
                deleted.conflicts());
    }

    /**
     * Marks a node as being deleted, keeping a mark an earlier run left (see
     * {@link MassOperations#deleteAllUnder}): from then on guarded inserts under it fail.
     *
     * @return the mark, for {@link #deleteMarked}; {@link StoredItems.DeletingMark#NO_NODE} when the node is missing
     */
    public StoredItems.DeletingMark markDeleting(KeyValues node) {
        return calls.stored().markDeleting(adapter.keys().codec().primaryKeyFromKeyValues(node));
    }

    /**
     * Deletes a node marked by {@link #markDeleting} if it still carries that mark: the last write of a guarded
     * subtree delete. {@link StoredItems.NodeDelete#MARK_CHANGED} means the node was rewritten meanwhile, so rows may
     * have been inserted under it behind the reads: mark it again and read its subtree again.
     */
    public StoredItems.NodeDelete deleteMarked(KeyValues node, StoredItems.DeletingMark mark) {
        return calls.stored().deleteMarked(adapter.keys().codec().primaryKeyFromKeyValues(node), mark);
    }

    /**
     * Writes the items again through a transform that keeps each one's key (e.g. items an {@code ItemProcessor}
     * changed, {@code UnaryOperator.identity()} to rewrite them as they are): each prepared and validated like a batch
     * put (index attributes computed, version plus one, created-at kept), written with batches, unconditionally, so
     * writing the same items again writes the same content. Under a parent guard, an item whose parent is missing
     * fails. A transform that changes an item's key is refused for that item (use {@link #copy} or {@link #move}).
     * On an adapter with unique fields each item is one transaction taking and releasing the guards of its unique
     * values as a save does, conditioned on the item's version and unique values as read: a value another row holds,
     * or an item changed since read, is that item's conflict.
     */
    public MassPageResult put(List<Map<String, AttributeValue>> items,
            UnaryOperator<Map<String, AttributeValue>> transform, MassOptions options) {
        UnaryOperator<Map<String, AttributeValue>> keeping = keepingKeys(transform);
        return apply(items, engine -> engine.putProcessor(keeping, options), engine -> MassRunner.Preflight.NONE);
    }

    /**
     * Copies the items through a transform that gives each copy its new key (e.g. a {@link PrefixSwap}): batched and
     * unconditional by default; with {@link MassOptions.Conditional#IF_NOT_EXISTS} one call per item, a taken target
     * counted as skipped. An item whose copy keeps its key is skipped. Every copy is prepared before anything is
     * written: a copy the table cannot hold (under a parent guard: a target whose parent is missing or being
     * deleted) refuses the whole list. On an adapter with unique fields each copy is one transaction with the guards
     * of its unique values, written only where no item holds its key (as with {@code IF_NOT_EXISTS}); a value another
     * row holds is that item's conflict.
     */
    public MassPageResult copy(List<Map<String, AttributeValue>> items,
            UnaryOperator<Map<String, AttributeValue>> transform, MassOptions options) {
        return apply(items, engine -> engine.copyProcessor(transform, options),
                engine -> engine.copiesOf(transform, WriteKind.CLONE));
    }

    /** Like {@link #copy}, the copy made by a change of the item read into the adapter's type. */
    public MassPageResult copyEach(List<Map<String, AttributeValue>> items, UnaryOperator<T> change,
            MassOptions options) {
        return copy(items, calls.stored().through(change), options);
    }

    /**
     * Moves the items through a transform that gives each its new key: the target is written if absent or already
     * this very copy (a move a crashed run made), then the source deleted; a target holding another item is a
     * conflict and its source stays. Checked before the first write as {@link #copy} is; safe to apply again. On an
     * adapter with unique fields each move is one transaction that also re-points the guards of the item's unique
     * values from the source to the target; a guard held by another row is that item's conflict, and so is a source
     * changed (or gone) since it was read.
     */
    public MassPageResult move(List<Map<String, AttributeValue>> items,
            UnaryOperator<Map<String, AttributeValue>> transform, MassOptions options) {
        return apply(items, engine -> engine.moveProcessor(transform, options),
                engine -> engine.copiesOf(transform, WriteKind.MOVE));
    }

    /**
     * Writes the targets a {@link #move} of the items would write, and leaves the sources in place: the first half of
     * a move. A target that is absent or already holds this very copy is written (counted as processed); a target
     * holding another item is a conflict. A later {@link #move} of the same items finds this very copy and completes
     * (deletes the sources), so this is for writing some targets ahead of the move, e.g. the parent rows of a subtree
     * whose parts are moved in any order under a parent guard. Checked before the first write as {@link #copy} is;
     * safe to apply again.
     */
    public MassPageResult copyForMove(List<Map<String, AttributeValue>> items,
            UnaryOperator<Map<String, AttributeValue>> transform, MassOptions options) {
        return apply(items, engine -> engine.moveProcessor(transform, options, false),
                engine -> engine.copiesOf(transform, WriteKind.MOVE));
    }

    /** Like {@link #move}, the new item made by a change of the item read into the adapter's type. */
    public MassPageResult moveEach(List<Map<String, AttributeValue>> items, UnaryOperator<T> change,
            MassOptions options) {
        return move(items, calls.stored().through(change), options);
    }

    /**
     * Edits the items: each read into the adapter's type, mapped, diffed, and only the changes written, checked
     * against the version read; unchanged items are skipped, items changed since they were read are conflicts.
     */
    public MassPageResult edit(List<Map<String, AttributeValue>> items, UnaryOperator<T> mapper,
            MassOptions options) {
        return apply(items, engine -> engine.editProcessor(mapper, options), engine -> MassRunner.Preflight.NONE);
    }

    /**
     * Backfills an index on the items (see {@link IndexBackfill}): writes the difference between what each carries
     * and what a fresh write computes, on the condition that what the computation reads is unchanged; items that
     * need nothing are skipped.
     *
     * @throws IllegalArgumentException naming the declared indexes, when the index is not one of them
     */
    public MassPageResult backfill(String index, List<Map<String, AttributeValue>> items, MassOptions options) {
        PageProcessor processor = rewrites.backfillProcessor(index, options);
        return apply(items, engine -> processor, engine -> MassRunner.Preflight.NONE);
    }

    /**
     * Runs one processor on the items in a run of its own: the preflight first (its refusal is thrown before
     * anything is written), then the processor, its page loop going on in this thread.
     */
    private MassPageResult apply(List<Map<String, AttributeValue>> items,
            Function<MassEngine<T>, PageProcessor> processor,
            Function<MassEngine<T>, MassRunner.Preflight> preflight) {
        List<Map<String, AttributeValue>> page = List.copyOf(items);
        if (page.isEmpty()) {
            return new MassPageResult(0, 0, List.of(), List.of());
        }
        return CallerLoop.run(loop -> {
            MassEngine<T> engine = engine(loop);
            return engine.writePage(page, processor.apply(engine), preflight.apply(engine));
        });
    }

    /** @return the transform, refusing (for the one item) a result whose key fields differ from the item's */
    private UnaryOperator<Map<String, AttributeValue>> keepingKeys(UnaryOperator<Map<String, AttributeValue>> change) {
        KeyCodec codec = adapter.keys().codec();
        return revived -> {
            Map<String, AttributeValue> changed = change.apply(revived);
            KeyValues before = codec.keyValuesFromItem(revived);
            KeyValues after = codec.keyValuesFromItem(changed);
            if (!codec.primaryKeyFromKeyValues(before).equals(codec.primaryKeyFromKeyValues(after))) {
                throw new IllegalArgumentException("The put changes the item's key from " + before + " to " + after
                        + ": a put rewrites items in place; copy or move them to change their keys");
            }
            return changed;
        };
    }

    private MassEngine<T> engine(Executor loop) {
        return new MassEngine<>(adapter, calls, MassProgressListener.NONE, MassPacing.UNPACED, loop);
    }

    /** @throws IllegalArgumentException when the key is not of a row under the node */
    private void requireUnder(KeyValues node, Map<String, AttributeValue> nodeKey, Map<String, AttributeValue> key) {
        KeyCodec codec = adapter.keys().codec();
        KeyValues values = codec.keyValuesFromPrimaryKey(key);
        boolean under = values.size() > node.size();
        if (under) {
            Map<String, Object> prefix = new LinkedHashMap<>();
            values.asMap().entrySet().stream().limit(node.size())
                    .forEach(field -> prefix.put(field.getKey(), field.getValue()));
            under = codec.primaryKeyFromKeyValues(KeyValues.of(prefix)).equals(nodeKey);
        }
        if (!under) {
            throw new IllegalArgumentException("Item " + AttributeValues.showKey(key) + " is not under node " + node
                    + ": a guarded delete of that subtree deletes only its rows; nothing was deleted");
        }
    }
}
