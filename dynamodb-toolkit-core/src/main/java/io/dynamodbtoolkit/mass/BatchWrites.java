package io.dynamodbtoolkit.mass;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

import io.dynamodbtoolkit.adapter.StoredItems;
import io.dynamodbtoolkit.batch.BatchRetriesExhaustedException;
import io.dynamodbtoolkit.batch.BatchWriter;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * Writes one page as BatchWriteItem calls of 25, several in flight at once in the run's {@link WorkWindow}. Each
 * call's requests are prepared on the thread that sends it, so preparing (mapping, key composition, validation)
 * runs in parallel with other calls' I/O. Records each item's outcome: written, refused by preparation, or failed with the key and the
 * cause when the retry policy gives up.
 */
final class BatchWrites {

    private final StoredItems<?> stored;
    private final WorkWindow window;

    BatchWrites(StoredItems<?> stored, WorkWindow window) {
        this.stored = stored;
        this.window = window;
    }

    /**
     * @param items   the page's items as stored
     * @param request prepares an item's write request (throws to refuse the item)
     * @param tally   where outcomes go; failures are reported under each item's own key
     * @return completes when every item has its outcome
     */
    CompletableFuture<Void> write(List<Map<String, AttributeValue>> items, Function<Map<String, AttributeValue>, WriteRequest> request,
            MassTally tally) {
        List<List<Map<String, AttributeValue>>> chunks = new ArrayList<>();
        for (int start = 0; start < items.size(); start += BatchWriter.MAX_WRITES_PER_CALL) {
            chunks.add(items.subList(start, Math.min(items.size(), start + BatchWriter.MAX_WRITES_PER_CALL)));
        }
        return window.submitEach(chunks, chunk -> writeChunk(chunk, request, tally));
    }

    private void writeChunk(List<Map<String, AttributeValue>> chunk,
            Function<Map<String, AttributeValue>, WriteRequest> request, MassTally tally) {
        List<WriteRequest> batch = new ArrayList<>(chunk.size());
        List<Map<String, AttributeValue>> keys = new ArrayList<>(chunk.size());
        for (Map<String, AttributeValue> item : chunk) {
            Map<String, AttributeValue> key = stored.keyOf(item);
            try {
                batch.add(request.apply(item));
                keys.add(key);
            } catch (RuntimeException e) {
                tally.failed(key, "refused: " + e.getMessage(), e);
            }
        }
        if (batch.isEmpty()) {
            return;
        }
        try {
            stored.write(batch, window.gate());
            tally.processed(batch.size());
        } catch (BatchRetriesExhaustedException e) {
            Set<WriteRequest> unwritten = new HashSet<>();
            e.unprocessedWrites().values().forEach(unwritten::addAll);
            tally.processed(batch.size() - unwritten.size());
            for (int i = 0; i < batch.size(); i++) {
                if (unwritten.contains(batch.get(i))) {
                    tally.failed(keys.get(i), "not written: the retry policy gave up", e);
                }
            }
        } catch (RuntimeException e) {
            keys.forEach(key -> tally.failed(key, "batch write failed: " + e.getMessage(), e));
        }
    }
}
