package io.dynamodbtoolkit.batch;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReferenceArray;
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
        AtomicReferenceArray<Outcome<T>> outcomes = new AtomicReferenceArray<>(chunks.size());
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
                    Outcome<T> outcome = sendOne(chunks.get(index), call);
                    outcomes.set(index, outcome);
                    done = !outcome.failed();
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
        return collect(outcomes);
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

    private Outcome<T> sendOne(Map<String, List<T>> chunk, Function<Map<String, List<T>>, Map<String, List<T>>> call) {
        try {
            return new Outcome<>(ChunkRetrier.send(chunk, call, policy, gate), null, null);
        } catch (ChunkRetrier.GaveUp gaveUp) {
            return new Outcome<>(BatchStats.NONE, gaveUp, null);
        } catch (RuntimeException e) {
            return new Outcome<>(BatchStats.NONE, null, e);
        }
    }

    private BatchStats collect(AtomicReferenceArray<Outcome<T>> outcomes) throws ChunkRetrier.GaveUp {
        BatchStats stats = BatchStats.NONE;
        Map<String, List<T>> notDone = new LinkedHashMap<>();
        ChunkRetrier.GaveUp firstGaveUp = null;
        for (int i = 0; i < outcomes.length(); i++) {
            Outcome<T> outcome = outcomes.get(i);
            if (outcome == null) {
                notDone = BatchChunks.merge(notDone, List.of(chunks.get(i)));
                continue;
            }
            if (outcome.error() != null) {
                throw outcome.error();
            }
            stats = stats.plus(outcome.stats());
            if (outcome.gaveUp() != null) {
                firstGaveUp = firstGaveUp == null ? outcome.gaveUp() : firstGaveUp;
                notDone = BatchChunks.merge(notDone, List.of(outcome.gaveUp().pending()));
            }
        }
        if (firstGaveUp != null) {
            throw new ChunkRetrier.GaveUp(notDone, firstGaveUp.getCause());
        }
        return stats;
    }

    /** How one chunk ended: done (with its calls), given up on, or failed. */
    private record Outcome<T>(BatchStats stats, ChunkRetrier.GaveUp gaveUp, RuntimeException error) {
        boolean failed() {
            return gaveUp != null || error != null;
        }
    }
}
