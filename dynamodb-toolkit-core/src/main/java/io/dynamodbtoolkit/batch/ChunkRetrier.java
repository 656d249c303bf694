package io.dynamodbtoolkit.batch;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Sends one chunk of batch work until nothing is left unprocessed. {@code maxAttempts} of the policy bounds
 * consecutive calls that make no progress (a call that throws a retryable error, or returns all of its work
 * unprocessed); a call that does part of the work resets the count. Each call holds a slot of the operation's
 * {@link AdaptiveConcurrency} while it is in flight (not while it waits to retry) and tells it whether it was
 * throttled.
 */
final class ChunkRetrier {

    private ChunkRetrier() {
    }

    /**
     * @param chunk  the work, by table
     * @param call   sends the pending work and returns what came back unprocessed (empty when all is done)
     * @param policy how long to keep trying
     * @param gate   the calls in flight of the whole operation
     * @return the calls made
     * @throws GaveUp with the work still pending, when the policy gives up
     */
    static <T> BatchStats send(Map<String, List<T>> chunk, Function<Map<String, List<T>>, Map<String, List<T>>> call,
            RetryPolicy policy, AdaptiveConcurrency gate) throws GaveUp {
        Map<String, List<T>> pending = chunk;
        int calls = 0;
        int fruitless = 0;
        while (true) {
            calls++;
            Throwable failure = null;
            gate.acquire();
            boolean throttled = true;
            try {
                Map<String, List<T>> unprocessed = call.apply(pending);
                if (unprocessed.isEmpty() || BatchChunks.count(unprocessed) == 0) {
                    throttled = false;
                    return new BatchStats(calls, calls - 1);
                }
                fruitless = BatchChunks.count(unprocessed) < BatchChunks.count(pending) ? 0 : fruitless + 1;
                pending = new LinkedHashMap<>(unprocessed);
            } catch (RuntimeException e) {
                if (!RetryPolicy.isRetryable(e)) {
                    throttled = false;
                    throw e;
                }
                fruitless++;
                failure = e;
            } finally {
                gate.release(throttled);
            }
            if (fruitless >= policy.maxAttempts()) {
                throw new GaveUp(new LinkedHashMap<>(pending), failure);
            }
            policy.pauseBeforeRetry(Math.max(1, fruitless));
        }
    }

    /** The policy gave up on a chunk; carries the work still pending. */
    static final class GaveUp extends Exception {
        private final transient Map<String, ? extends List<?>> pending;

        GaveUp(Map<String, ? extends List<?>> pending, Throwable cause) {
            super(cause);
            this.pending = pending;
        }

        @SuppressWarnings("unchecked")
        <T> Map<String, List<T>> pending() {
            return (Map<String, List<T>>) pending;
        }
    }
}
