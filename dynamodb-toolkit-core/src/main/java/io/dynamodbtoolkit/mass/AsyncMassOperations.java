package io.dynamodbtoolkit.mass;

import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.function.UnaryOperator;

import io.dynamodbtoolkit.adapter.AsyncAdapter;
import io.dynamodbtoolkit.key.KeyValues;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The {@link MassOperations} on the asynchronous client, without blocking a thread: the same runs (filters,
 * {@code maxItems}, cursors carrying failed keys, parent guards, preflight of the first page, progress after each
 * page), each returning a future of its {@link MassResult}. A run is driven by its calls' completions: a page is
 * read, written while the next one is read, and the next page is read only once fewer than two pages are in process
 * (and its {@link MassPacing}, if any, lets it); the calls in flight are bounded by the run's concurrency, and a call
 * that finds no slot is sent when one ends. What an operation refuses up front (an unscoped delete, cascades not
 * declared, a bad cursor) fails the future; so does a failure of the run, once none of its writes is in flight.
 *
 * <pre>{@code
 * AsyncMassOperations<Vehicle> mass = AsyncMassOperations.of(vehicles.async(asyncClient));
 * mass.deleteAllUnder(KeyValues.of("state", "TX", "facility", "Dallas"), MassOptions.defaults())
 *         .thenAccept(gone -> log.info("{} rows deleted", gone.processed()));
 * }</pre>
 *
 * @param <T> the adapter's item type (edits map through it)
 */
public final class AsyncMassOperations<T> implements MassRuns<T, CompletableFuture<MassResult>> {

    private final AsyncAdapter<T> adapter;
    private final MassProgressListener listener;
    private final MassPacing pacing;
    private final MassEngine<T> engine;

    private AsyncMassOperations(AsyncAdapter<T> adapter, MassProgressListener listener, MassPacing pacing) {
        this.adapter = adapter;
        this.listener = listener;
        this.pacing = pacing;
        this.engine = new MassEngine<>(adapter.blocking(), adapter.storedCalls(), listener, pacing, Runnable::run);
    }

    /** @return the mass operations of an asynchronous adapter */
    public static <T> AsyncMassOperations<T> of(AsyncAdapter<T> adapter) {
        return new AsyncMassOperations<>(Objects.requireNonNull(adapter, "adapter"), MassProgressListener.NONE,
                MassPacing.UNPACED);
    }

    /**
     * @param progress hears the progress of every run of the copy, besides the listener each run's
     *                 {@link MassOptions} names (called in the client's threads: it must not block)
     * @return a copy reporting to a listener as well
     */
    @Override
    public AsyncMassOperations<T> withListener(MassProgressListener progress) {
        return new AsyncMassOperations<>(adapter, listener.andThen(Objects.requireNonNull(progress, "progress")),
                pacing);
    }

    /**
     * @param paced asked before every run of the copy reads each page after its first (e.g. the demand of a
     *              reactive subscriber); it may stop the run, which then finishes the pages in process and returns a
     *              cursor resuming exactly after them
     * @return a copy whose runs are paced
     */
    public AsyncMassOperations<T> withPacing(MassPacing paced) {
        return new AsyncMassOperations<>(adapter, listener, Objects.requireNonNull(paced, "paced"));
    }

    /** @see MassOperations#delete */
    @Override
    public CompletableFuture<MassResult> delete(MassScope scope, MassOptions options) {
        return MassFutures.planned(() -> engine.delete(scope, options));
    }

    /** @see MassOperations#clone */
    @Override
    public CompletableFuture<MassResult> clone(MassScope scope, UnaryOperator<Map<String, AttributeValue>> transform,
            MassOptions options) {
        return MassFutures.planned(() -> engine.clone(scope, transform, options));
    }

    /** @see MassOperations#cloneEach */
    @Override
    public CompletableFuture<MassResult> cloneEach(MassScope scope, UnaryOperator<T> change, MassOptions options) {
        return MassFutures.planned(() -> engine.cloneEach(scope, change, options));
    }

    /** @see MassOperations#move */
    @Override
    public CompletableFuture<MassResult> move(MassScope scope, UnaryOperator<Map<String, AttributeValue>> transform,
            MassOptions options) {
        return MassFutures.planned(() -> engine.move(scope, transform, options));
    }

    /** @see MassOperations#moveEach */
    @Override
    public CompletableFuture<MassResult> moveEach(MassScope scope, UnaryOperator<T> change, MassOptions options) {
        return MassFutures.planned(() -> engine.moveEach(scope, change, options));
    }

    /** @see MassOperations#edit */
    @Override
    public CompletableFuture<MassResult> edit(MassScope scope, UnaryOperator<T> mapper, MassOptions options) {
        return MassFutures.planned(() -> engine.edit(scope, mapper, options));
    }

    /** @see MassOperations#deleteAllUnder */
    @Override
    public CompletableFuture<MassResult> deleteAllUnder(KeyValues node, MassOptions options) {
        return MassFutures.planned(() -> engine.deleteAllUnder(node, options));
    }

    /** @see MassOperations#cloneAllUnder */
    @Override
    public CompletableFuture<MassResult> cloneAllUnder(KeyValues from, KeyValues to, MassOptions options) {
        return MassFutures.planned(() -> engine.cloneAllUnder(from, to, options));
    }

    /** @see MassOperations#moveAllUnder */
    @Override
    public CompletableFuture<MassResult> moveAllUnder(KeyValues from, KeyValues to, MassOptions options) {
        return MassFutures.planned(() -> engine.moveAllUnder(from, to, options));
    }

    /** @see MassOperations#editAllUnder */
    @Override
    public CompletableFuture<MassResult> editAllUnder(KeyValues node, UnaryOperator<T> mapper, MassOptions options) {
        return MassFutures.planned(() -> engine.editAllUnder(node, mapper, options));
    }

    /** @see MassOperations#verifyUnique */
    public CompletableFuture<UniqueReport> verifyUnique(String field) {
        return MassFutures.planned(() -> audit().verify(field, Runnable::run));
    }

    /** @see MassOperations#backfillUnique */
    public CompletableFuture<MassPageResult> backfillUnique(String field) {
        return MassFutures.planned(() -> audit().backfill(field, MassOptions.defaults().concurrency(), Runnable::run));
    }

    private UniqueGuardAudit audit() {
        return new UniqueGuardAudit(adapter.blocking(), adapter.storedCalls());
    }
}
