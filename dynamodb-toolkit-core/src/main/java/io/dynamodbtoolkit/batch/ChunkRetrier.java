package io.dynamodbtoolkit.batch;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

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
        ChunkProgress<T> progress = new ChunkProgress<>(chunk, policy);
        while (true) {
            Map<String, List<T>> pending = progress.nextCall();
            gate.acquire();
            boolean throttled = true;
            try {
                if (progress.answered(call.apply(pending))) {
                    throttled = false;
                    return progress.stats();
                }
            } catch (RuntimeException e) {
                throttled = RetryPolicy.isRetryable(e);
                progress.failed(e);
            } finally {
                gate.release(throttled);
            }
            if (progress.exhausted()) {
                throw progress.gaveUp();
            }
            policy.pauseBeforeRetry(progress.retry());
        }
    }

    /** The policy gave up on a chunk; carries the work still pending. */
    static final class GaveUp extends Exception {
        private final transient Map<String, ? extends List<?>> pending;

        GaveUp(Map<String, ? extends List<?>> pending, @Nullable Throwable cause) {
            super(cause);
            this.pending = pending;
        }

        @SuppressWarnings("unchecked")
        <T> Map<String, List<T>> pending() {
            return (Map<String, List<T>>) pending;
        }
    }
}
