package io.dynamodbtoolkit.batch;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;

/**
 * Sends the chunks of one batch operation, up to {@code tasks} chunks at once and no more calls in flight than the
 * operation's {@link AdaptiveConcurrency} allows (fewer while DynamoDB throttles), each chunk retried by
 * {@link ChunkRetrier}. Once a chunk fails, no further chunk is started;
 * the chunks in flight finish, and the work not done (the failed chunks' pending requests and the chunks never
 * started) is collected in chunk order, so nothing is lost.
 */
final class ParallelChunks<T> {

    private final List<Map<String, List<T>>> chunks;
    private final RetryPolicy policy;
    private final AdaptiveConcurrency gate;
    private final int tasks;
    private final Executor executor;

    /**
     * @param chunks   the work, in order
     * @param policy   how each chunk retries
     * @param gate     the calls in flight of the whole operation
     * @param tasks    the most chunks sent at once (1: one after the other, in the calling thread)
     * @param executor runs the chunks when more than one is sent at once
     */
    ParallelChunks(List<Map<String, List<T>>> chunks, RetryPolicy policy, AdaptiveConcurrency gate, int tasks,
            Executor executor) {
        this.chunks = chunks;
        this.policy = policy;
        this.gate = gate;
        this.tasks = tasks;
        this.executor = executor;
    }

    /**
     * @param call sends pending work and returns what came back unprocessed
     * @return the calls made
     * @throws RuntimeException the first failure that is not worth retrying, after the chunks in flight finished
     * @throws ChunkRetrier.GaveUp with every request not done, when the policy gave up on a chunk
     */
    BatchStats send(Function<Map<String, List<T>>, Map<String, List<T>>> call) throws ChunkRetrier.GaveUp {
        if (chunks.size() == 1 || tasks == 1) {
            return sequentially(call);
        }
        ChunkOutcomes<T> outcomes = new ChunkOutcomes<>(chunks);
        AtomicBoolean failed = new AtomicBoolean();
        Semaphore slots = new Semaphore(tasks);
        List<CompletableFuture<Void>> running = new ArrayList<>();
        for (int i = 0; i < chunks.size(); i++) {
            slots.acquireUninterruptibly();
            if (failed.get()) {
                slots.release();
                break;
            }
            int index = i;
            running.add(CompletableFuture.runAsync(() -> {
                boolean done = false;
                try {
                    done = sendOne(index, call, outcomes);
                } finally {
                    if (!done) {
                        failed.set(true);
                    }
                    slots.release();
                }
            }, executor));
        }
        try {
            CompletableFuture.allOf(running.toArray(CompletableFuture[]::new)).join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException runtime) {
                throw runtime;
            }
            throw e;
        }
        return outcomes.collect();
    }

    private BatchStats sequentially(Function<Map<String, List<T>>, Map<String, List<T>>> call)
            throws ChunkRetrier.GaveUp {
        BatchStats stats = BatchStats.NONE;
        for (int i = 0; i < chunks.size(); i++) {
            try {
                stats = stats.plus(ChunkRetrier.send(chunks.get(i), call, policy, gate));
            } catch (ChunkRetrier.GaveUp gaveUp) {
                throw new ChunkRetrier.GaveUp(BatchChunks.merge(gaveUp.pending(), chunks.subList(i + 1,
                        chunks.size())), gaveUp.getCause());
            }
        }
        return stats;
    }

    /** @return whether the chunk was done, after recording how it ended */
    private boolean sendOne(int index, Function<Map<String, List<T>>, Map<String, List<T>>> call,
            ChunkOutcomes<T> outcomes) {
        try {
            return outcomes.done(index, ChunkRetrier.send(chunks.get(index), call, policy, gate));
        } catch (ChunkRetrier.GaveUp gaveUp) {
            return outcomes.gaveUp(index, gaveUp);
        } catch (RuntimeException e) {
            return outcomes.failed(index, e);
        }
    }
}
