package io.dynamodbtoolkit.batch;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The retry accounting of one chunk of batch work, shared by the blocking ({@link ChunkRetrier}) and the
 * asynchronous ({@link AsyncChunks}) senders: what is still pending, the calls made, and the consecutive calls
 * without progress (a call that fails retryably, or returns all of its work unprocessed) that {@code maxAttempts}
 * of the policy bounds; a call that does part of the work resets that count.
 *
 * @param <T> a request of the batch
 */
final class ChunkProgress<T> {

    private final RetryPolicy policy;
    private Map<String, List<T>> pending;
    private int calls;
    private int fruitless;
    private @Nullable Throwable lastFailure;

    ChunkProgress(Map<String, List<T>> chunk, RetryPolicy policy) {
        this.pending = chunk;
        this.policy = policy;
    }

    /** @return the work to send next; counts the call */
    Map<String, List<T>> nextCall() {
        calls++;
        return pending;
    }

    /**
     * Takes a call's unprocessed work.
     *
     * @return whether the chunk is done
     */
    boolean answered(Map<String, List<T>> unprocessed) {
        lastFailure = null;
        int left = BatchChunks.count(unprocessed);
        if (left == 0) {
            return true;
        }
        fruitless = left < BatchChunks.count(pending) ? 0 : fruitless + 1;
        pending = new LinkedHashMap<>(unprocessed);
        return false;
    }

    /**
     * Takes a call's failure.
     *
     * @throws RuntimeException the failure, when it is not worth retrying
     */
    void failed(RuntimeException failure) {
        if (!RetryPolicy.isRetryable(failure)) {
            throw failure;
        }
        fruitless++;
        lastFailure = failure;
    }

    /** @return whether the policy gives up now (after {@link #answered} or {@link #failed}) */
    boolean exhausted() {
        return fruitless >= policy.maxAttempts();
    }

    /** @return the failure that gives up on the chunk, with the work still pending */
    ChunkRetrier.GaveUp gaveUp() {
        return new ChunkRetrier.GaveUp(new LinkedHashMap<>(pending), lastFailure);
    }

    /** @return the retry about to be made: 1 for the first after a fruitless call */
    int retry() {
        return Math.max(1, fruitless);
    }

    /** @return what the chunk cost once done */
    BatchStats stats() {
        return new BatchStats(calls, calls - 1);
    }
}
