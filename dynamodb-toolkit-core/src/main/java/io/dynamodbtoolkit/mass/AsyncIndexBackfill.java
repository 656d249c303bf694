package io.dynamodbtoolkit.mass;

import java.util.Collection;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

import io.dynamodbtoolkit.adapter.AsyncAdapter;

/**
 * The {@link IndexBackfill} on the asynchronous client, without blocking a thread: the same runs (parallel Scan
 * segments or any {@link MassScope}, one conditional UpdateItem per item that needs a change, resumable cursors,
 * progress after each page), each returning a future of its {@link MassResult}; the page loop goes on in the
 * client's threads as calls complete. What a run refuses up front (an index not declared, an attribute not stale)
 * fails the future.
 *
 * <pre>{@code
 * AsyncIndexBackfill backfill = AsyncIndexBackfill.of(rentals.async(asyncClient));
 * backfill.backfill("all-facilities", MassOptions.defaults())
 *         .thenAccept(run -> log.info("{} items brought into the index", run.processed()));
 * }</pre>
 */
public final class AsyncIndexBackfill {

    private final IndexRewrites rewrites;

    private AsyncIndexBackfill(IndexRewrites rewrites) {
        this.rewrites = rewrites;
    }

    /** @return the index backfill of an asynchronous adapter */
    public static AsyncIndexBackfill of(AsyncAdapter<?> adapter) {
        Objects.requireNonNull(adapter, "adapter");
        return new AsyncIndexBackfill(new IndexRewrites(adapter.blocking(), adapter.storedCalls(),
                MassProgressListener.NONE));
    }

    /**
     * @param progress hears the progress of every run of the copy, besides each run's own listener (called in the
     *                 client's threads: it must not block)
     * @return a copy reporting to a listener as well
     */
    public AsyncIndexBackfill withListener(MassProgressListener progress) {
        return new AsyncIndexBackfill(rewrites.withListener(progress));
    }

    /** @see IndexBackfill#backfill(String, MassOptions) */
    public CompletableFuture<MassResult> backfill(String index, MassOptions options) {
        return backfill(index, MassScope.wholeTable(IndexBackfill.DEFAULT_SCAN_SEGMENTS), options);
    }

    /** @see IndexBackfill#backfill(String, MassScope, MassOptions) */
    public CompletableFuture<MassResult> backfill(String index, MassScope scope, MassOptions options) {
        return MassFutures.planned(() -> rewrites.backfill(index, scope, options, Runnable::run));
    }

    /** @see IndexBackfill#backfillTiers(String, MassOptions) */
    public CompletableFuture<MassResult> backfillTiers(String index, MassOptions options) {
        return MassFutures.planned(() -> backfill(index, MassScope.wholeTable(IndexBackfill.DEFAULT_SCAN_SEGMENTS),
                rewrites.onlyTiers(index, options)));
    }

    /** @see IndexBackfill#removeStale(Collection, MassOptions) */
    public CompletableFuture<MassResult> removeStale(Collection<String> attributes, MassOptions options) {
        return removeStale(attributes, MassScope.wholeTable(IndexBackfill.DEFAULT_SCAN_SEGMENTS), options);
    }

    /** @see IndexBackfill#removeStale(Collection, MassScope, MassOptions) */
    public CompletableFuture<MassResult> removeStale(Collection<String> attributes, MassScope scope,
            MassOptions options) {
        return MassFutures.planned(() -> rewrites.removeStale(attributes, scope, options, Runnable::run));
    }
}
