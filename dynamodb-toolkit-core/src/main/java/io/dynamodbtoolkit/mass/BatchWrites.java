package io.dynamodbtoolkit.mass;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;

import io.dynamodbtoolkit.adapter.StoredItems;
import io.dynamodbtoolkit.batch.BatchRetriesExhaustedException;
import io.dynamodbtoolkit.batch.BatchWriter;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * Writes one page's requests as BatchWriteItem calls of 25, several in flight at once, recording each request's
 * outcome: written, or failed with the key and the cause when the retry policy gives up.
 */
final class BatchWrites {

    private final StoredItems<?> stored;
    private final int concurrency;
    private final Executor executor;

    BatchWrites(StoredItems<?> stored, int concurrency, Executor executor) {
        this.stored = stored;
        this.concurrency = concurrency;
        this.executor = executor;
    }

    /**
     * @param requests the page's write requests
     * @param keys     the key each request reports failures under (same order)
     * @param tally    where outcomes go
     */
    void write(List<WriteRequest> requests, List<Map<String, AttributeValue>> keys, MassTally tally) {
        List<List<Integer>> chunks = new ArrayList<>();
        for (int start = 0; start < requests.size(); start += BatchWriter.MAX_WRITES_PER_CALL) {
            List<Integer> chunk = new ArrayList<>();
            for (int i = start; i < Math.min(requests.size(), start + BatchWriter.MAX_WRITES_PER_CALL); i++) {
                chunk.add(i);
            }
            chunks.add(chunk);
        }
        BoundedParallel.run(chunks, concurrency, executor, chunk -> {
            List<WriteRequest> batch = chunk.stream().map(requests::get).toList();
            try {
                stored.write(batch);
                tally.processed(batch.size());
            } catch (BatchRetriesExhaustedException e) {
                List<WriteRequest> unwritten = e.unprocessedWrites().values().stream().flatMap(List::stream).toList();
                tally.processed(batch.size() - unwritten.size());
                for (int index : chunk) {
                    if (unwritten.contains(requests.get(index))) {
                        tally.failed(keys.get(index), "not written: the retry policy gave up", e);
                    }
                }
            } catch (RuntimeException e) {
                chunk.forEach(index -> tally.failed(keys.get(index), "batch write failed: " + e.getMessage(), e));
            }
        });
    }
}
