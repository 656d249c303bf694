package io.dynamodbtoolkit.adapter;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicInteger;

import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;

/**
 * An asynchronous client for batch tests whose BatchWriteItem and BatchGetItem calls go to a blocking client (the
 * test module's fault-injecting one, over HTTP to the real server) on a pool of its own, completing their futures
 * there: so the asynchronous batch path meets partial batches, throttling and server errors. It counts the calls in
 * flight at once and can run an action before the first BatchWriteItem (to change the table while a batch is
 * written). Other operations are not supported.
 */
final class AsyncTransport implements DynamoDbAsyncClient {

    private final DynamoDbClient calls;
    private final ExecutorService pool;
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicInteger mostInFlight = new AtomicInteger();
    private final AtomicInteger batchCalls = new AtomicInteger();
    private volatile Runnable beforeFirstWrite;

    AsyncTransport(DynamoDbClient calls, ExecutorService pool) {
        this.calls = calls;
        this.pool = pool;
    }

    /** Runs the action (once) before the next BatchWriteItem is forwarded. */
    void beforeNextWrite(Runnable action) {
        beforeFirstWrite = action;
    }

    /** @return the most calls that were in flight at once */
    int mostInFlight() {
        return mostInFlight.get();
    }

    /** @return the batch calls made */
    int batchCalls() {
        return batchCalls.get();
    }

    @Override
    public CompletableFuture<BatchWriteItemResponse> batchWriteItem(BatchWriteItemRequest request) {
        return CompletableFuture.supplyAsync(() -> counted(() -> {
            Runnable action = beforeFirstWrite;
            beforeFirstWrite = null;
            if (action != null) {
                action.run();
            }
            return calls.batchWriteItem(request);
        }), pool);
    }

    @Override
    public CompletableFuture<BatchGetItemResponse> batchGetItem(BatchGetItemRequest request) {
        return CompletableFuture.supplyAsync(() -> counted(() -> calls.batchGetItem(request)), pool);
    }

    private <R> R counted(java.util.function.Supplier<R> call) {
        batchCalls.incrementAndGet();
        mostInFlight.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
        try {
            return call.get();
        } finally {
            inFlight.decrementAndGet();
        }
    }

    @Override
    public String serviceName() {
        return SERVICE_NAME;
    }

    @Override
    public void close() {
        // the pool and the blocking client belong to the test
    }
}
