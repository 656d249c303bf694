package io.dynamodbtoolkit.mass;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiFunction;
import java.util.function.UnaryOperator;

import io.dynamodbtoolkit.adapter.ConditionalWriteException;
import io.dynamodbtoolkit.adapter.ParentNotFoundException;
import io.dynamodbtoolkit.adapter.StoredItemCalls;
import io.dynamodbtoolkit.adapter.StoredItems;
import io.dynamodbtoolkit.adapter.WriteKind;
import io.dynamodbtoolkit.batch.BatchRetriesExhaustedException;
import io.dynamodbtoolkit.expression.AttributeValues;
import io.dynamodbtoolkit.mass.BatchWrites.Written;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * The page processors of the mass operations: delete, copy (clone), move and edit, batched or per item, their calls
 * in flight in one run's {@link WorkWindow}. Copies and moves into a guarded hierarchy keep it free of orphans:
 * per-item writes carry the parent guard's checks, batched ones are checked once their page and the page before it
 * are written, and undone where the target's parent fell meanwhile.
 */
final class Processors {

    private final StoredItemCalls<?> calls;
    private final StoredItems<?> stored;
    private final WorkWindow window;

    Processors(StoredItemCalls<?> calls, WorkWindow window) {
        this.calls = calls;
        this.stored = calls.stored();
        this.window = window;
    }

    /** Deletes with batches: unconditional, idempotent. */
    PageProcessor batchDelete() {
        return (items, tally, previous) -> batchWrites().write(items, stored::keyOf, stored::deleteRequest, tally)
                .thenAccept(deleted -> tally.processed(deleted.size()));
    }

    /** Deletes one item per call, only items that still exist (gone ones are skipped). */
    PageProcessor conditionalDelete() {
        return perItem((item, tally) -> calls.deleteIfExists(stored.keyOf(item)).thenAccept(deleted -> {
            if (deleted) {
                tally.processed(1);
            } else {
                tally.skipped();
            }
        }));
    }

    /**
     * Copies with batches: each copy prepared and validated like a single write, written unconditionally; an item
     * whose copy keeps its key is skipped.
     */
    PageProcessor batchCopy(UnaryOperator<Map<String, AttributeValue>> transform) {
        return batchPuts((item, tally) -> copyElsewhere(item, transform, WriteKind.CLONE, tally));
    }

    /**
     * Rewrites each item through a transform, keeping its key: prepared and validated like a batch put (version plus
     * one, created-at kept), written unconditionally with batches.
     */
    PageProcessor batchPut(UnaryOperator<Map<String, AttributeValue>> transform) {
        return batchPuts((item, tally) -> stored.prepareCopy(item, transform, WriteKind.BATCH_PUT));
    }

    /**
     * Writes each item's prepared put with batches, then, under a parent guard, checks once the previous page is
     * written that the puts stand under their parents (undoing those whose parent fell).
     */
    private PageProcessor batchPuts(BiFunction<Map<String, AttributeValue>, MassTally, StoredItems.Prepared> prepare) {
        return (items, tally, previous) -> batchWrites().write(items, item -> prepare.apply(item, tally),
                        stored::putRequest, tally)
                .thenCombine(previous, (puts, previousDone) -> puts)
                .thenCompose(puts -> standing(puts, tally))
                .thenAccept(puts -> tally.processed(puts.size()));
    }

    /**
     * Copies one item per call, only where no item holds the target key (others are skipped, as are items whose copy
     * keeps their key).
     */
    PageProcessor conditionalCopy(UnaryOperator<Map<String, AttributeValue>> transform) {
        return perItemParentsFirst((item, tally) -> {
            StoredItems.Prepared copy = copyElsewhere(item, transform, WriteKind.CLONE, tally);
            return copy == null ? MassFutures.DONE : calls.putIfAbsent(copy).thenAccept(written -> {
                if (written) {
                    tally.processed(1);
                } else {
                    tally.skipped();
                }
            });
        });
    }

    /**
     * Moves with batches: reads the targets (BatchGetItem), writes each target that is absent or already holds
     * this very copy (a move a crashed run made), then deletes those sources; a target holding another item is a
     * conflict and its source stays; an item whose copy keeps its key is skipped. Unconditional between the check
     * and the writes: for strict per-item conditions use {@link #conditionalMove}.
     *
     * @param deleteSources false to stop after the targets (the sources left in place, each target written counted as
     *                      processed): the first half of a move, which a later move of the same items completes
     */
    PageProcessor batchMove(UnaryOperator<Map<String, AttributeValue>> transform, boolean deleteSources) {
        return (items, tally, previous) -> {
            List<StoredItems.Prepared> targets = new ArrayList<>(items.size());
            List<Map<String, AttributeValue>> sources = new ArrayList<>(items.size());
            for (Map<String, AttributeValue> item : items) {
                try {
                    StoredItems.Prepared target = copyElsewhere(item, transform, WriteKind.MOVE, tally);
                    if (target != null) {
                        targets.add(target);
                        sources.add(item);
                    }
                } catch (RuntimeException e) {
                    tally.failed(stored.keyOf(item), "move refused: " + e.getMessage(), e);
                }
            }
            return MassFutures.planned(() -> calls.readAll(targets.stream().map(StoredItems.Prepared::key)
                    .toList())).handle((existing, error) -> {
                        Throwable failure = MassFutures.unwrap(error);
                        if (failure instanceof SdkException || failure instanceof BatchRetriesExhaustedException) {
                            sources.forEach(source -> tally.failed(stored.keyOf(source), "targets not read: "
                                    + failure.getMessage(), failure));
                            return MassFutures.DONE;
                        }
                        MassFutures.rethrow(failure);
                        return moveFound(targets, sources, existing, tally, previous, deleteSources);
                    }).thenCompose(moved -> moved);
        };
    }

    /** The batch move of the sources whose target was read: absent, or holding this very copy. */
    private CompletableFuture<Void> moveFound(List<StoredItems.Prepared> targets,
            List<Map<String, AttributeValue>> sources, List<Map<String, AttributeValue>> existing, MassTally tally,
            CompletableFuture<Void> previous, boolean deleteSources) {
        Map<Map<String, AttributeValue>, StoredItems.Prepared> targetOf = new HashMap<>();
        List<Map<String, AttributeValue>> movable = new ArrayList<>();
        for (int i = 0; i < targets.size(); i++) {
            StoredItems.Prepared target = targets.get(i);
            Map<String, AttributeValue> found = existing.get(i);
            if (found != null && !found.equals(target.item())) {
                tally.conflict(stored.keyOf(sources.get(i)), "the target "
                        + AttributeValues.showKey(target.key()) + " holds another item");
                continue;
            }
            targetOf.put(stored.keyOf(sources.get(i)), target);
            movable.add(sources.get(i));
        }
        CompletableFuture<List<Written<StoredItems.Prepared>>> copied = batchWrites()
                .write(movable, source -> targetOf.get(stored.keyOf(source)), stored::putRequest, tally)
                .thenCombine(previous, (written, previousDone) -> written)
                .thenCompose(written -> standing(written, tally));
        if (!deleteSources) {
            return copied.thenAccept(targetsWritten -> tally.processed(targetsWritten.size()));
        }
        return copied.thenCompose(targetsWritten -> batchWrites().write(
                        targetsWritten.stream().map(Written::key).toList(), key -> key, stored::deleteRequest, tally))
                .thenAccept(deleted -> tally.processed(deleted.size()));
    }

    /**
     * Moves one item per call: writes the target if absent, then deletes the source if unchanged. A target that
     * exists with the same content is taken as a move a crashed run already made; one with other content is a
     * conflict, and the source stays. An item whose copy keeps its key is skipped.
     *
     * @param deleteSources false to stop after the target (the source left in place, the target counted as
     *                      processed), as {@link #batchMove} does
     */
    PageProcessor conditionalMove(UnaryOperator<Map<String, AttributeValue>> transform, boolean deleteSources) {
        return perItemParentsFirst((item, tally) -> {
            StoredItems.Prepared target = copyElsewhere(item, transform, WriteKind.MOVE, tally);
            if (target == null) {
                return MassFutures.DONE;
            }
            return calls.putIfAbsent(target).thenCompose(written -> written ? CompletableFuture.completedFuture(true)
                    : calls.read(target.key()).thenApply(existing -> {
                        if (existing != null && !existing.equals(target.item())) {
                            tally.conflict(stored.keyOf(item), "the target " + AttributeValues.showKey(target.key())
                                    + " holds another item");
                            return false;
                        }
                        return true;
                    })).thenCompose(copied -> !copied ? MassFutures.DONE
                            : (deleteSources ? calls.deleteUnchanged(item) : MassFutures.DONE)
                                    .thenRun(() -> tally.processed(1)));
        });
    }

    /**
     * Moves one item per transaction, for an adapter with unique fields: the target written (absent, or already this
     * very copy), the source deleted (unchanged since read) and the guards of its unique values re-pointed from the
     * source to the target, all or nothing. A target holding another item, a value whose guard another row holds and
     * a source changed since read are the item's conflict, and the source stays. An item whose copy keeps its key is
     * skipped.
     */
    PageProcessor reguardingMove(UnaryOperator<Map<String, AttributeValue>> transform) {
        return perItemParentsFirst((item, tally) -> {
            StoredItems.Prepared target = copyElsewhere(item, transform, WriteKind.MOVE, tally);
            return target == null ? MassFutures.DONE
                    : calls.moveReguarding(item, target).thenRun(() -> tally.processed(1));
        });
    }

    /**
     * Rewrites each item through a transform that keeps its key, for an adapter with unique fields: one transaction
     * per item with the guards of the unique values it takes and releases; a value another row holds and an item
     * changed since read are the item's conflict.
     */
    PageProcessor reguardingPut(UnaryOperator<Map<String, AttributeValue>> transform) {
        return perItem((item, tally) -> calls.rewriteReguarding(item,
                stored.prepareCopy(item, transform, WriteKind.BATCH_PUT)).thenRun(() -> tally.processed(1)));
    }

    /** Edits one item per call: unchanged items are skipped, version conflicts reported. */
    <T> PageProcessor edit(StoredItemCalls<T> typed, UnaryOperator<T> mapper) {
        return perItem((item, tally) -> typed.edit(item, mapper).thenAccept(written -> {
            if (written) {
                tally.processed(1);
            } else {
                tally.skipped();
            }
        }));
    }

    /**
     * Checks that the copies a batch wrote stand under their parents; undoes (deletes) those whose parent fell
     * meanwhile and records them as failed under their source's key. When the parents cannot be read now (the retries
     * exhausted, a transient error), every copy is recorded as failed, its source left in place: the next run writes
     * it again (or finds it written) and checks again.
     *
     * @return completes with the copies that stand
     */
    private CompletableFuture<List<Written<StoredItems.Prepared>>> standing(
            List<Written<StoredItems.Prepared>> copies, MassTally tally) {
        return calls.fallen(copies.stream().map(Written::write).toList()).handle((fallen, error) -> {
            Throwable failure = MassFutures.unwrap(error);
            if (failure == null) {
                return standing(copies, fallen, tally);
            }
            if (!MassFailure.isTransient(failure)) {
                MassFutures.rethrow(failure);
            }
            copies.forEach(copy -> tally.failed(copy.key(), "written, but its parent could not be checked ("
                    + failure.getMessage() + "); the next run checks it again", failure));
            return CompletableFuture.completedFuture(List.<Written<StoredItems.Prepared>>of());
        }).thenCompose(checked -> checked);
    }

    /** @return completes with the copies that stand, once those under a fallen parent are undone and recorded */
    private CompletableFuture<List<Written<StoredItems.Prepared>>> standing(
            List<Written<StoredItems.Prepared>> copies, List<StoredItems.Prepared> fallen, MassTally tally) {
        if (fallen.isEmpty()) {
            return CompletableFuture.completedFuture(copies);
        }
        Set<StoredItems.Prepared> undone = Collections.newSetFromMap(new IdentityHashMap<>());
        undone.addAll(fallen);
        return undo(fallen).thenApply(stuck -> {
            List<Written<StoredItems.Prepared>> standing = new ArrayList<>(copies.size());
            for (Written<StoredItems.Prepared> copy : copies) {
                if (!undone.contains(copy.write())) {
                    standing.add(copy);
                    continue;
                }
                ParentNotFoundException failure = stored.parentFallen(copy.write());
                String notRemoved = stuck.get(copy.write().key());
                tally.failed(copy.key(), notRemoved == null ? failure.getMessage() : "written under a parent "
                        + "that fell meanwhile, and not removed again yet: " + notRemoved, failure);
            }
            return standing;
        });
    }

    /** @return completes with the copies the undo could not delete, by key, with the reason */
    private CompletableFuture<Map<Map<String, AttributeValue>, String>> undo(List<StoredItems.Prepared> fallen) {
        List<WriteRequest> deletes = fallen.stream().map(copy -> stored.deleteRequest(copy.key())).toList();
        return calls.write(deletes, window.gate()).handle((stats, error) -> {
            Throwable failure = MassFutures.unwrap(error);
            if (failure == null) {
                return Map.of();
            }
            if (!(failure instanceof BatchRetriesExhaustedException e)) {
                MassFutures.rethrow(failure);
                return Map.of();
            }
            Set<WriteRequest> unwritten = new HashSet<>();
            e.unprocessedWrites().values().forEach(unwritten::addAll);
            Map<Map<String, AttributeValue>, String> stuck = new HashMap<>();
            for (int i = 0; i < deletes.size(); i++) {
                if (unwritten.contains(deletes.get(i))) {
                    stuck.put(fallen.get(i).key(), e.getMessage());
                }
            }
            return stuck;
        });
    }

    /**
     * Prepares an item's copy, unless the copy keeps the item's key: then the item is counted as skipped and null
     * returned, since a copy onto its own key would overwrite it and a move would write it and then delete it. Only a
     * caller's transform can keep the key; a prefix swap always changes it and is not compared.
     *
     * @throws RuntimeException when the copy cannot be prepared (the caller reports it as that item's failure)
     */
    private StoredItems.@Nullable Prepared copyElsewhere(Map<String, AttributeValue> item,
            UnaryOperator<Map<String, AttributeValue>> transform, WriteKind kind, MassTally tally) {
        StoredItems.Prepared copy = stored.prepareCopy(item, transform, kind);
        if (!(transform instanceof PrefixSwap) && copy.key().equals(stored.keyOf(item))) {
            tally.skipped();
            return null;
        }
        return copy;
    }

    private BatchWrites batchWrites() {
        return new BatchWrites(calls, window);
    }

    /** Runs one item's calls in the window, each item holding a slot of the run's concurrency limit. */
    PageProcessor perItem(ItemWork work) {
        return (items, tally, previous) -> window.submitEach(items, item -> apply(work, item, tally));
    }

    /**
     * Like {@link #perItem} for writes that create rows: under a parent guard, a page's rows are written a depth at a
     * time, shallowest first, after the previous page, so that a row whose parent is in the same or the previous
     * page finds it written.
     */
    private PageProcessor perItemParentsFirst(ItemWork work) {
        if (!stored.guarded()) {
            return perItem(work);
        }
        return (items, tally, previous) -> {
            Map<Integer, List<Map<String, AttributeValue>>> byDepth = new TreeMap<>();
            items.forEach(item -> byDepth
                    .computeIfAbsent(stored.keys().codec().depthFromItem(item), depth -> new ArrayList<>())
                    .add(item));
            CompletableFuture<Void> done = previous;
            for (List<Map<String, AttributeValue>> wave : byDepth.values()) {
                done = done.thenCompose(before -> window.submitEach(wave, item -> apply(work, item, tally)));
            }
            return done;
        };
    }

    /** @return completes when the item's work has its outcome in the tally (a failure of the work included) */
    private CompletableFuture<Void> apply(ItemWork work, Map<String, AttributeValue> item, MassTally tally) {
        return window.holdingSlot(() -> work.apply(item, tally)).handle((done, error) -> {
            Throwable failure = MassFutures.unwrap(error);
            if (failure instanceof ParentNotFoundException e) {
                tally.failed(stored.keyOf(item), e.getMessage(), e);
            } else if (failure instanceof ConditionalWriteException e) {
                tally.conflict(stored.keyOf(item), e.getMessage());
            } else if (failure instanceof RuntimeException e) {
                tally.failed(stored.keyOf(item), e.getMessage() == null ? e.getClass().getSimpleName()
                        : e.getMessage(), e);
            } else {
                MassFutures.rethrow(failure);
            }
            return null;
        });
    }

    /**
     * The work on one item: records its outcome in the tally; a {@code ConditionalWriteException} it fails with is
     * the item's conflict, another failure its failure.
     */
    @FunctionalInterface
    interface ItemWork {
        /** @return completes when the item's outcome is recorded; fails (or throws) with the item's failure */
        CompletableFuture<Void> apply(Map<String, AttributeValue> item, MassTally tally);
    }
}
