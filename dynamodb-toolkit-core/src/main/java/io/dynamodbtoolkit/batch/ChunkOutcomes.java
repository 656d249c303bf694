package io.dynamodbtoolkit.batch;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.jspecify.annotations.Nullable;

/**
 * How the chunks of one batch operation sent in parallel ended, and what the operation's outcome is: the calls made,
 * or the first failure not worth retrying in chunk order, or, when the policy gave up on a chunk, every request not
 * done (the given-up chunks' pending work and the chunks never started), in chunk order, so that nothing is lost.
 * Thread-safe.
 *
 * @param <T> a request of the batch
 */
final class ChunkOutcomes<T> {

    private final List<Map<String, List<T>>> chunks;
    private final AtomicReferenceArray<Outcome> outcomes;

    ChunkOutcomes(List<Map<String, List<T>>> chunks) {
        this.chunks = chunks;
        this.outcomes = new AtomicReferenceArray<>(chunks.size());
    }

    /** @return whether the chunk is done, after recording it */
    boolean done(int index, BatchStats stats) {
        outcomes.set(index, new Outcome(stats, null, null));
        return true;
    }

    /** @return false: the chunk failed, after recording it */
    boolean gaveUp(int index, ChunkRetrier.GaveUp gaveUp) {
        outcomes.set(index, new Outcome(BatchStats.NONE, gaveUp, null));
        return false;
    }

    /** @return false: the chunk failed, after recording it */
    boolean failed(int index, RuntimeException error) {
        outcomes.set(index, new Outcome(BatchStats.NONE, null, error));
        return false;
    }

    /**
     * @return the calls made by all chunks
     * @throws RuntimeException    the first failure not worth retrying, in chunk order
     * @throws ChunkRetrier.GaveUp with every request not done, when the policy gave up on a chunk
     */
    BatchStats collect() throws ChunkRetrier.GaveUp {
        BatchStats stats = BatchStats.NONE;
        Map<String, List<T>> notDone = new LinkedHashMap<>();
        ChunkRetrier.GaveUp firstGaveUp = null;
        for (int i = 0; i < outcomes.length(); i++) {
            Outcome outcome = outcomes.get(i);
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
                notDone = BatchChunks.merge(notDone, List.of(outcome.gaveUp().<T>pending()));
            }
        }
        if (firstGaveUp != null) {
            throw new ChunkRetrier.GaveUp(notDone, firstGaveUp.getCause());
        }
        return stats;
    }

    /** How one chunk ended: done (with its calls), given up on, or failed. */
    private record Outcome(BatchStats stats, ChunkRetrier.@Nullable GaveUp gaveUp, @Nullable RuntimeException error) {
    }
}
