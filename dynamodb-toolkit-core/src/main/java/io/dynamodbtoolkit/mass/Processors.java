package io.dynamodbtoolkit.mass;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.function.UnaryOperator;

import io.dynamodbtoolkit.adapter.ConditionalWriteException;
import io.dynamodbtoolkit.adapter.StoredItems;
import io.dynamodbtoolkit.adapter.WriteKind;
import io.dynamodbtoolkit.expression.AttributeValues;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The page processors of the mass operations: delete, copy (clone), move and edit, batched or per item. */
final class Processors {

    private final StoredItems<?> stored;
    private final int concurrency;
    private final Executor executor;

    Processors(StoredItems<?> stored, int concurrency, Executor executor) {
        this.stored = stored;
        this.concurrency = concurrency;
        this.executor = executor;
    }

    /** Deletes with batches: unconditional, idempotent. */
    PageProcessor batchDelete() {
        return (items, tally) -> batchWrites().write(items, item -> stored.deleteRequest(stored.keyOf(item)), tally);
    }

    /** Deletes one item per call, only items that still exist (gone ones are skipped). */
    PageProcessor conditionalDelete() {
        return perItem((item, tally) -> {
            if (stored.deleteIfExists(stored.keyOf(item))) {
                tally.processed(1);
            } else {
                tally.skipped();
            }
        });
    }

    /** Copies with batches: each copy prepared and validated like a single write, written unconditionally. */
    PageProcessor batchCopy(UnaryOperator<Map<String, AttributeValue>> transform) {
        return (items, tally) -> batchWrites().write(items,
                item -> stored.putRequest(stored.prepareCopy(item, transform, WriteKind.CLONE)), tally);
    }

    /** Copies one item per call, only where no item holds the target key (others are skipped). */
    PageProcessor conditionalCopy(UnaryOperator<Map<String, AttributeValue>> transform) {
        return perItem((item, tally) -> {
            if (stored.putIfAbsent(stored.prepareCopy(item, transform, WriteKind.CLONE))) {
                tally.processed(1);
            } else {
                tally.skipped();
            }
        });
    }

    /**
     * Moves with batches: reads the targets (BatchGetItem), writes each target that is absent or already holds
     * this very copy (a move a crashed run made), then deletes those sources; a target holding another item is a
     * conflict and its source stays. Unconditional between the check and the writes: for strict per-item
     * conditions use {@link #conditionalMove}.
     */
    PageProcessor batchMove(UnaryOperator<Map<String, AttributeValue>> transform) {
        return (items, tally) -> {
            List<StoredItems.Prepared> targets = new ArrayList<>(items.size());
            List<Map<String, AttributeValue>> sources = new ArrayList<>(items.size());
            for (Map<String, AttributeValue> item : items) {
                try {
                    targets.add(stored.prepareCopy(item, transform, WriteKind.MOVE));
                    sources.add(item);
                } catch (RuntimeException e) {
                    tally.failed(stored.keyOf(item), "move refused: " + e.getMessage(), e);
                }
            }
            List<Map<String, AttributeValue>> existing = stored.readAll(targets.stream()
                    .map(StoredItems.Prepared::key).toList());
            Map<Map<String, AttributeValue>, StoredItems.Prepared> targetOf = new HashMap<>();
            List<Map<String, AttributeValue>> movable = new ArrayList<>();
            for (int i = 0; i < targets.size(); i++) {
                StoredItems.Prepared target = targets.get(i);
                Map<String, AttributeValue> found = existing.get(i);
                if (found != null && !found.equals(target.item())) {
                    tally.conflict(stored.keyOf(sources.get(i)), "the target " + target.key()
                            + " holds another item");
                    continue;
                }
                targetOf.put(stored.keyOf(sources.get(i)), target);
                movable.add(sources.get(i));
            }
            MassTally copies = new MassTally();
            batchWrites().write(movable, source -> stored.putRequest(targetOf.get(stored.keyOf(source))), copies);
            Set<Map<String, AttributeValue>> notCopied = new HashSet<>();
            copies.result(null).failed().forEach(failure -> {
                notCopied.add(failure.key());
                tally.failed(failure.key(), "target not written: " + failure.reason(), failure.cause());
            });
            List<Map<String, AttributeValue>> copied = movable.stream()
                    .filter(source -> !notCopied.contains(stored.keyOf(source))).toList();
            batchWrites().write(copied, source -> stored.deleteRequest(stored.keyOf(source)), tally);
        };
    }

    /**
     * Moves one item per call: writes the target if absent, then deletes the source if unchanged. A target that
     * exists with the same content is taken as a move a crashed run already made; one with other content is a
     * conflict, and the source stays.
     */
    PageProcessor conditionalMove(UnaryOperator<Map<String, AttributeValue>> transform) {
        return perItem((item, tally) -> {
            StoredItems.Prepared target = stored.prepareCopy(item, transform, WriteKind.MOVE);
            if (!stored.putIfAbsent(target)) {
                Map<String, AttributeValue> existing = stored.read(target.key());
                if (existing != null && !existing.equals(target.item())) {
                    tally.conflict(stored.keyOf(item), "the target " + AttributeValues.showKey(target.key())
                            + " holds another item");
                    return;
                }
            }
            stored.deleteUnchanged(item);
            tally.processed(1);
        });
    }

    /** Edits one item per call: unchanged items are skipped, version conflicts reported. */
    <T> PageProcessor edit(StoredItems<T> typed, UnaryOperator<T> mapper) {
        return perItem((item, tally) -> {
            if (typed.edit(item, mapper)) {
                tally.processed(1);
            } else {
                tally.skipped();
            }
        });
    }

    private BatchWrites batchWrites() {
        return new BatchWrites(stored, concurrency, executor);
    }

    private PageProcessor perItem(ItemWork work) {
        return (items, tally) -> BoundedParallel.run(items, concurrency, executor, item -> {
            try {
                work.apply(item, tally);
            } catch (ConditionalWriteException e) {
                tally.conflict(stored.keyOf(item), e.getMessage());
            } catch (RuntimeException e) {
                tally.failed(stored.keyOf(item), e.getMessage() == null ? e.getClass().getSimpleName()
                        : e.getMessage(), e);
            }
        });
    }

    /** The work on one item. */
    @FunctionalInterface
    private interface ItemWork {
        void apply(Map<String, AttributeValue> item, MassTally tally);
    }
}
