package io.dynamodbtoolkit.batch;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * Writes any number of put and delete requests with BatchWriteItem, {@value #MAX_WRITES_PER_CALL} per call,
 * up to {@code concurrency} calls in flight (fewer while DynamoDB throttles: see {@link AdaptiveConcurrency}),
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
    private final int concurrency;
    private final Executor executor;

    /**
     * A writer making one call at a time.
     *
     * @param client the client to call
     * @param policy how to retry
     */
    public BatchWriter(DynamoDbClient client, RetryPolicy policy) {
        this(client, policy, 1, Runnable::run);
    }

    /**
     * @param client      the client to call
     * @param policy      how to retry
     * @param concurrency the most calls in flight at once
     * @param executor    runs the calls beyond the first
     */
    public BatchWriter(DynamoDbClient client, RetryPolicy policy, int concurrency, Executor executor) {
        this.client = Objects.requireNonNull(client, "client");
        this.policy = Objects.requireNonNull(policy, "policy");
        this.executor = Objects.requireNonNull(executor, "executor");
        if (concurrency < 1) {
            throw new IllegalArgumentException("The concurrency must be at least 1 but was " + concurrency);
        }
        this.concurrency = concurrency;
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
        return write(requestsByTable, new AdaptiveConcurrency(concurrency), concurrency);
    }

    /**
     * Writes every request to one table, one call at a time, holding a slot of {@code gate} during each call: for
     * an engine that runs many such writes at once under one concurrency limit.
     *
     * @return what the writes cost in calls
     * @throws BatchRetriesExhaustedException with every request not written, when the policy gives up
     */
    public BatchStats write(String table, List<WriteRequest> requests, AdaptiveConcurrency gate) {
        return write(Map.of(table, requests), gate, 1);
    }

    private BatchStats write(Map<String, List<WriteRequest>> requestsByTable, AdaptiveConcurrency gate, int tasks) {
        List<Map<String, List<WriteRequest>>> chunks = BatchChunks.split(requestsByTable, MAX_WRITES_PER_CALL);
        try {
            return new ParallelChunks<>(chunks, policy, gate, tasks, executor).send(this::call);
        } catch (ChunkRetrier.GaveUp gaveUp) {
            throw exhausted(gaveUp);
        }
    }

    /**
     * Writes every request to one table on an asynchronous client, as {@link #write(String, List)} does (the same
     * chunks, retries, backoff and bound of calls in flight), without blocking a thread: the pauses before retries
     * are scheduled, not slept. Cancelling the returned future stops sending further calls.
     *
     * @param client the asynchronous client to call
     * @return what the writes cost in calls; fails with a {@link BatchRetriesExhaustedException} carrying every
     *         request not written when the policy gives up
     */
    public CompletableFuture<BatchStats> writeAsync(DynamoDbAsyncClient client, String table,
            List<WriteRequest> requests) {
        return writeAsync(client, table, requests, new AdaptiveConcurrency(concurrency), concurrency);
    }

    /**
     * Writes every request to one table on an asynchronous client, one call at a time, each holding a slot of
     * {@code gate} while in flight: the asynchronous counterpart of {@link #write(String, List, AdaptiveConcurrency)}
     * for an engine that runs many such writes under one concurrency limit. No thread waits for a slot: a call
     * that finds none is sent when a call under the limit ends.
     *
     * @return what the writes cost in calls; fails as {@link #writeAsync(DynamoDbAsyncClient, String, List)}
     */
    public CompletableFuture<BatchStats> writeAsync(DynamoDbAsyncClient client, String table,
            List<WriteRequest> requests, AdaptiveConcurrency gate) {
        return writeAsync(client, table, requests, gate, 1);
    }

    private CompletableFuture<BatchStats> writeAsync(DynamoDbAsyncClient client, String table,
            List<WriteRequest> requests, AdaptiveConcurrency gate, int tasks) {
        List<Map<String, List<WriteRequest>>> chunks = BatchChunks.split(Map.of(table, requests),
                MAX_WRITES_PER_CALL);
        return new AsyncChunks<WriteRequest, BatchStats>(chunks, policy, gate, tasks,
                pending -> client.batchWriteItem(b -> b.requestItems(pending)).thenApply(BatchWriter::unprocessed),
                stats -> stats, this::exhausted).send();
    }

    private Map<String, List<WriteRequest>> call(Map<String, List<WriteRequest>> pending) {
        return unprocessed(client.batchWriteItem(b -> b.requestItems(pending)));
    }

    private static Map<String, List<WriteRequest>> unprocessed(BatchWriteItemResponse response) {
        return response.hasUnprocessedItems() ? response.unprocessedItems() : Map.of();
    }

    private BatchRetriesExhaustedException exhausted(ChunkRetrier.GaveUp gaveUp) {
        Map<String, List<WriteRequest>> notWritten = gaveUp.pending();
        return new BatchRetriesExhaustedException("BatchWriteItem gave up after " + policy.maxAttempts()
                + " attempts without progress; " + BatchChunks.count(notWritten)
                + " write requests were not written and are attached to this exception",
                notWritten, Map.of(), gaveUp.getCause());
    }
}
