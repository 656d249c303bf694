package io.dynamodbtoolkit.adapter;

import java.time.Clock;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

import io.dynamodbtoolkit.batch.RetryPolicy;
import io.dynamodbtoolkit.cursor.CursorCodec;

/**
 * Run-time options of an adapter, shared by the adapters of an application. Immutable; start from
 * {@link #defaults()}.
 *
 * @param retryPolicy           how batches and transactions retry
 * @param cursors               how cursors are signed; configure one key for every instance so cursors survive
 *                              restarts and load balancing
 * @param clock                 the time written to created-at fields
 * @param reportCapacity        whether to ask DynamoDB for consumed capacity on every call (for metrics); list
 *                              reads always ask, for their {@link ReadStats}
 * @param executor              runs the parallel reads of fan-out queries (sharded indexes) and the batch calls
 *                              of bulk writes and reads beyond the first
 * @param batchConcurrency      the most BatchWriteItem / BatchGetItem calls one bulk call ({@code putAll},
 *                              {@code deleteAll}, {@code getAll}) has in flight at once; lowered while DynamoDB
 *                              throttles (see {@link io.dynamodbtoolkit.batch.AdaptiveConcurrency})
 */
public record AdapterOptions(RetryPolicy retryPolicy, CursorCodec cursors, Clock clock, boolean reportCapacity,
        Executor executor, int batchConcurrency) {

    /** The default {@link #batchConcurrency()}: 4 calls in flight, as mass operations. */
    public static final int DEFAULT_BATCH_CONCURRENCY = 4;

    private static final AtomicInteger THREADS = new AtomicInteger();

    /** The default executor: a shared cached pool of daemon threads, idle threads ending after a minute. */
    public static final Executor DEFAULT_EXECUTOR = Executors.newCachedThreadPool(task -> {
        Thread thread = new Thread(task, "dynamodb-toolkit-" + THREADS.incrementAndGet());
        thread.setDaemon(true);
        return thread;
    });

    public AdapterOptions {
        Objects.requireNonNull(retryPolicy, "retryPolicy");
        Objects.requireNonNull(cursors, "cursors");
        Objects.requireNonNull(clock, "clock");
        Objects.requireNonNull(executor, "executor");
        if (batchConcurrency < 1) {
            throw new IllegalArgumentException("batchConcurrency must be at least 1 but was " + batchConcurrency);
        }
    }

    /**
     * @return the default retry policy, a random cursor key (cursors valid in this process), the system clock,
     *         {@value #DEFAULT_BATCH_CONCURRENCY} batch calls in flight
     */
    public static AdapterOptions defaults() {
        return new AdapterOptions(RetryPolicy.DEFAULT, CursorCodec.withRandomKey(), Clock.systemUTC(), false,
                DEFAULT_EXECUTOR, DEFAULT_BATCH_CONCURRENCY);
    }

    /** @return a copy with another retry policy */
    public AdapterOptions withRetryPolicy(RetryPolicy policy) {
        return new AdapterOptions(policy, cursors, clock, reportCapacity, executor, batchConcurrency);
    }

    /** @return a copy signing cursors with this codec */
    public AdapterOptions withCursors(CursorCodec codec) {
        return new AdapterOptions(retryPolicy, codec, clock, reportCapacity, executor, batchConcurrency);
    }

    /** @return a copy with another clock */
    public AdapterOptions withClock(Clock other) {
        return new AdapterOptions(retryPolicy, cursors, other, reportCapacity, executor, batchConcurrency);
    }

    /** @return a copy running parallel reads on another executor */
    public AdapterOptions withExecutor(Executor other) {
        return new AdapterOptions(retryPolicy, cursors, clock, reportCapacity, other, batchConcurrency);
    }

    /** @return a copy asking for consumed capacity on every call */
    public AdapterOptions withCapacityReporting(boolean report) {
        return new AdapterOptions(retryPolicy, cursors, clock, report, executor, batchConcurrency);
    }

    /** @return a copy with at most {@code calls} batch calls in flight per bulk call (1: one after the other) */
    public AdapterOptions withBatchConcurrency(int calls) {
        return new AdapterOptions(retryPolicy, cursors, clock, reportCapacity, executor, calls);
    }
}
