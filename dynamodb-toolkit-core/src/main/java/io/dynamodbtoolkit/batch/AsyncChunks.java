package io.dynamodbtoolkit.batch;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * The asynchronous counterpart of {@link ParallelChunks}: sends the chunks of one batch operation on an
 * asynchronous client, up to {@code tasks} chunks at once and no more calls in flight than the operation's
 * {@link AdaptiveConcurrency} allows, each chunk retried with the same accounting ({@link ChunkProgress}); the pauses
 * before retries are scheduled, never slept, and no thread waits for a slot (a call that ends starts the next).
 * Once a chunk fails no further chunk is started; the chunks in flight finish, and the work not done is collected in
 * chunk order. Cancelling the returned future stops sending.
 *
 * @param <T> a request of the batch
 * @param <R> the outcome of the operation
 */
final class AsyncChunks<T, R> {

    private final List<Map<String, List<T>>> chunks;
    private final RetryPolicy policy;
    private final AdaptiveConcurrency gate;
    private final int tasks;
    private final Function<Map<String, List<T>>, CompletableFuture<Map<String, List<T>>>> call;
    private final ChunkOutcomes<T> outcomes;
    private final Deque<Attempt<T>> ready = new ArrayDeque<>();
    private final Function<BatchStats, R> outcome;
    private final Function<ChunkRetrier.GaveUp, RuntimeException> exhausted;
    private final CompletableFuture<R> result = new CompletableFuture<>();
    private int started;
    private int active;
    private boolean failed;

    /**
     * @param chunks the work, in order
     * @param policy how each chunk retries
     * @param gate   the calls in flight of the whole operation
     * @param tasks  the most chunks sent at once
     * @param call      sends pending work; its future gives what came back unprocessed
     * @param outcome   the operation's outcome from the calls made, once all chunks are done
     * @param exhausted the operation's failure when the policy gave up on a chunk (the work not done attached)
     */
    AsyncChunks(List<Map<String, List<T>>> chunks, RetryPolicy policy, AdaptiveConcurrency gate, int tasks,
            Function<Map<String, List<T>>, CompletableFuture<Map<String, List<T>>>> call,
            Function<BatchStats, R> outcome, Function<ChunkRetrier.GaveUp, RuntimeException> exhausted) {
        this.chunks = chunks;
        this.policy = policy;
        this.gate = gate;
        this.tasks = tasks;
        this.call = call;
        this.outcome = outcome;
        this.exhausted = exhausted;
        this.outcomes = new ChunkOutcomes<>(chunks);
    }

    /**
     * @return the outcome; fails with the first failure not worth retrying (in chunk order), or with the
     *         {@code exhausted} failure when the policy gave up on a chunk. Cancelling it stops sending
     */
    CompletableFuture<R> send() {
        pump();
        return result;
    }

    /** Starts what may start now: chunks up to {@code tasks}, calls up to the gate's limit; ends when all ended. */
    private void pump() {
        List<Attempt<T>> sends = new ArrayList<>();
        Runnable completion = null;
        boolean waitForSlot;
        synchronized (this) {
            while (!result.isDone()) {
                if (ready.isEmpty() && !failed && started < chunks.size() && active < tasks) {
                    ready.add(new Attempt<>(started, new ChunkProgress<>(chunks.get(started), policy)));
                    started++;
                    active++;
                }
                if (ready.isEmpty() || !gate.tryAcquire()) {
                    break;
                }
                sends.add(ready.poll());
            }
            if (active == 0 && (failed || started == chunks.size())) {
                completion = completion();
            }
            waitForSlot = !result.isDone() && !ready.isEmpty() && sends.isEmpty();
        }
        if (waitForSlot) {
            // the gate may be shared with other senders whose calls hold every slot: go on when one ends
            gate.whenReleased(this::pump);
        }
        sends.forEach(this::send);
        if (completion != null) {
            completion.run();
        }
    }

    private void send(Attempt<T> attempt) {
        CompletableFuture<Map<String, List<T>>> sent;
        try {
            sent = call.apply(attempt.progress().nextCall());
        } catch (RuntimeException e) {
            sent = CompletableFuture.failedFuture(e);
        }
        sent.whenComplete((unprocessed, error) -> answered(attempt, unprocessed, error));
    }

    private void answered(Attempt<T> attempt, Map<String, List<T>> unprocessed, Throwable error) {
        ChunkProgress<T> progress = attempt.progress();
        boolean throttled = true;
        try {
            if (error == null) {
                if (progress.answered(unprocessed)) {
                    throttled = false;
                    end(outcomes.done(attempt.index(), progress.stats()));
                } else {
                    retryOrGiveUp(attempt);
                }
            } else {
                RuntimeException failure = runtime(error);
                throttled = RetryPolicy.isRetryable(failure);
                progress.failed(failure);
                retryOrGiveUp(attempt);
            }
        } catch (RuntimeException fatal) {
            end(outcomes.failed(attempt.index(), fatal));
        } finally {
            gate.release(throttled);
        }
        pump();
    }

    private void retryOrGiveUp(Attempt<T> attempt) {
        if (attempt.progress().exhausted()) {
            end(outcomes.gaveUp(attempt.index(), attempt.progress().gaveUp()));
            return;
        }
        long delay = policy.delayBeforeRetry(attempt.progress().retry()).toMillis();
        CompletableFuture.delayedExecutor(delay, TimeUnit.MILLISECONDS).execute(() -> {
            synchronized (this) {
                ready.add(attempt);
            }
            pump();
        });
    }

    private synchronized void end(boolean done) {
        active--;
        failed |= !done;
    }

    /** @return how the operation ends, run outside the lock */
    private Runnable completion() {
        try {
            BatchStats stats = outcomes.collect();
            return () -> {
                try {
                    result.complete(outcome.apply(stats));
                } catch (RuntimeException e) {
                    result.completeExceptionally(e);
                }
            };
        } catch (ChunkRetrier.GaveUp gaveUp) {
            return () -> result.completeExceptionally(exhausted.apply(gaveUp));
        } catch (RuntimeException e) {
            return () -> result.completeExceptionally(e);
        }
    }

    private static RuntimeException runtime(Throwable error) {
        Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
        return cause instanceof RuntimeException runtime ? runtime : new CompletionException(cause);
    }

    /** A chunk being sent: its place in the order and its retry accounting. */
    private record Attempt<T>(int index, ChunkProgress<T> progress) {
    }
}
