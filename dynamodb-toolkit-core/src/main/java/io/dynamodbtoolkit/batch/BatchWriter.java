package io.dynamodbtoolkit.batch;

import java.util.List;
import java.util.Map;
import java.util.Objects;

import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * Writes any number of put and delete requests with BatchWriteItem, {@value #MAX_WRITES_PER_CALL} per call,
 * retrying unprocessed items and throttling with the {@link RetryPolicy}.
 *
 * <p>The policy's {@code maxAttempts} bounds consecutive calls that make no progress (a call that throws, or
 * whose every request comes back unprocessed): a call that writes part of a chunk resets the count, so a long
 * run under steady partial throttling completes instead of failing on bad luck, while a server that accepts
 * nothing fails after {@code maxAttempts} calls. A BatchWriteItem call may not hold two requests for one key;
 * callers keep keys distinct within each run of {@value #MAX_WRITES_PER_CALL}.
 */
public final class BatchWriter {

    /** DynamoDB's limit of requests per BatchWriteItem call. */
    public static final int MAX_WRITES_PER_CALL = 25;

    private final DynamoDbClient client;
    private final RetryPolicy policy;

    /**
     * @param client the client to call
     * @param policy how to retry
     */
    public BatchWriter(DynamoDbClient client, RetryPolicy policy) {
        this.client = Objects.requireNonNull(client, "client");
        this.policy = Objects.requireNonNull(policy, "policy");
    }

    /**
     * Writes every request to one table.
     *
     * @return what the writes cost in calls
     * @throws BatchRetriesExhaustedException with every request not written, when the policy gives up
     */
    public BatchStats write(String table, List<WriteRequest> requests) {
        return write(Map.of(table, requests));
    }

    /**
     * Writes every request, grouped by table, in calls of up to {@value #MAX_WRITES_PER_CALL}.
     *
     * @return what the writes cost in calls
     * @throws BatchRetriesExhaustedException with every request not written, when the policy gives up
     */
    public BatchStats write(Map<String, List<WriteRequest>> requestsByTable) {
        List<Map<String, List<WriteRequest>>> chunks = BatchChunks.split(requestsByTable, MAX_WRITES_PER_CALL);
        BatchStats stats = BatchStats.NONE;
        for (int i = 0; i < chunks.size(); i++) {
            try {
                stats = stats.plus(ChunkRetrier.send(chunks.get(i), this::call, policy));
            } catch (ChunkRetrier.GaveUp gaveUp) {
                Map<String, List<WriteRequest>> notWritten = BatchChunks.merge(gaveUp.pending(),
                        chunks.subList(i + 1, chunks.size()));
                throw new BatchRetriesExhaustedException("BatchWriteItem gave up after " + policy.maxAttempts()
                        + " attempts without progress; " + BatchChunks.count(notWritten)
                        + " write requests were not written and are attached to this exception",
                        notWritten, Map.of(), gaveUp.getCause());
            }
        }
        return stats;
    }

    private Map<String, List<WriteRequest>> call(Map<String, List<WriteRequest>> pending) {
        BatchWriteItemResponse response = client.batchWriteItem(b -> b.requestItems(pending));
        return response.hasUnprocessedItems() ? response.unprocessedItems() : Map.of();
    }
}
