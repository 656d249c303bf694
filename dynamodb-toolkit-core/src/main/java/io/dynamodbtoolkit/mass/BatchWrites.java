package io.dynamodbtoolkit.mass;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.Function;

import io.dynamodbtoolkit.adapter.StoredItemCalls;
import io.dynamodbtoolkit.adapter.StoredItems;
import io.dynamodbtoolkit.batch.BatchRetriesExhaustedException;
import io.dynamodbtoolkit.batch.BatchWriter;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * Writes one page as BatchWriteItem calls of 25, several in flight at once in the run's {@link WorkWindow}. Each
 * call's requests are prepared on the thread that sends it, so preparing (mapping, key composition, validation)
 * runs in parallel with other calls' I/O. Records the items refused by preparation and those the retry policy gave
 * up on as failures under their keys, and returns what was written (the caller counts it as processed, or not, as
 * its operation says).
 */
final class BatchWrites {

    private final StoredItemCalls<?> calls;
    private final StoredItems<?> stored;
    private final WorkWindow window;

    BatchWrites(StoredItemCalls<?> calls, WorkWindow window) {
        this.calls = calls;
        this.stored = calls.stored();
        this.window = window;
    }

    /**
     * @param items   the page's items as stored
     * @param prepare makes an item's write (throws to refuse the item; returns null to leave it out, which the
     *                caller has counted)
     * @param request the batch request of a prepared write
     * @param tally   where failures go, under each item's own key
     * @return completes with the items written, with their prepared writes, in page order
     */
    <W> CompletableFuture<List<Written<W>>> write(List<Map<String, AttributeValue>> items,
            Function<Map<String, AttributeValue>, W> prepare, Function<W, WriteRequest> request, MassTally tally) {
        List<List<Map<String, AttributeValue>>> chunks = new ArrayList<>();
        for (int start = 0; start < items.size(); start += BatchWriter.MAX_WRITES_PER_CALL) {
            chunks.add(items.subList(start, Math.min(items.size(), start + BatchWriter.MAX_WRITES_PER_CALL)));
        }
        AtomicReferenceArray<List<Written<W>>> written = new AtomicReferenceArray<>(chunks.size());
        List<Integer> indexes = new ArrayList<>(chunks.size());
        for (int i = 0; i < chunks.size(); i++) {
            indexes.add(i);
        }
        return window.submitEach(indexes, i -> writeChunk(chunks.get(i), prepare, request, tally)
                .thenAccept(chunk -> written.set(i, chunk)))
                .thenApply(done -> {
                    List<Written<W>> all = new ArrayList<>(items.size());
                    for (int i = 0; i < chunks.size(); i++) {
                        all.addAll(written.get(i));
                    }
                    return all;
                });
    }

    private <W> CompletableFuture<List<Written<W>>> writeChunk(List<Map<String, AttributeValue>> chunk,
            Function<Map<String, AttributeValue>, W> prepare, Function<W, WriteRequest> request, MassTally tally) {
        List<WriteRequest> batch = new ArrayList<>(chunk.size());
        List<Written<W>> prepared = new ArrayList<>(chunk.size());
        for (Map<String, AttributeValue> item : chunk) {
            Map<String, AttributeValue> key = stored.keyOf(item);
            try {
                W write = prepare.apply(item);
                if (write == null) {
                    continue;
                }
                batch.add(request.apply(write));
                prepared.add(new Written<>(key, write));
            } catch (RuntimeException e) {
                tally.failed(key, "refused: " + e.getMessage(), e);
            }
        }
        if (batch.isEmpty()) {
            return CompletableFuture.completedFuture(List.of());
        }
        return calls.write(batch, window.gate()).handle((stats, error) -> {
            Throwable failure = MassFutures.unwrap(error);
            if (failure == null) {
                return prepared;
            }
            if (failure instanceof BatchRetriesExhaustedException e) {
                Set<WriteRequest> unwritten = new HashSet<>();
                e.unprocessedWrites().values().forEach(unwritten::addAll);
                List<Written<W>> done = new ArrayList<>(batch.size());
                for (int i = 0; i < batch.size(); i++) {
                    if (unwritten.contains(batch.get(i))) {
                        tally.failed(prepared.get(i).key(), "not written: the retry policy gave up", e);
                    } else {
                        done.add(prepared.get(i));
                    }
                }
                return done;
            }
            if (failure instanceof RuntimeException e) {
                prepared.forEach(write -> tally.failed(write.key(), "batch write failed: " + e.getMessage(), e));
                return List.of();
            }
            MassFutures.rethrow(failure);
            return List.of();
        });
    }

    /**
     * One item's write that went through.
     *
     * @param key   the page item's primary key (for copies, the source's)
     * @param write what was written for it
     */
    record Written<W>(Map<String, AttributeValue> key, W write) {
    }
}
