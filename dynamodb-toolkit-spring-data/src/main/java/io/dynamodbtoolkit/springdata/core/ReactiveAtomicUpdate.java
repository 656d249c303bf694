package io.dynamodbtoolkit.springdata.core;

import io.dynamodbtoolkit.key.KeyValues;
import reactor.core.publisher.Mono;

/**
 * An in-place update of one row with one UpdateItem and no read, made by
 * {@link ReactiveDynamoDbToolkitOperations#update(KeyValues, Class)}: the {@link AtomicChanges changes} of an
 * {@link AtomicUpdate}, checked and converted alike, sent on the asynchronous client when the returned {@code Mono} is
 * subscribed to. It joins no thread-bound transaction.
 *
 * <pre>{@code
 * Mono<Vehicle> after = rentals.update(key, Vehicle.class).increment("dailyRate", 5).ifVersion(3).execute();
 * }</pre>
 *
 * @param <T> the entity class
 */
public final class ReactiveAtomicUpdate<T> extends AtomicChanges<T, ReactiveAtomicUpdate<T>> {

    private final Runner<Mono<T>> runner;

    ReactiveAtomicUpdate(KeyValues key, UpdatableProperties properties, Runner<Mono<T>> runner) {
        super(key, properties);
        this.runner = runner;
    }

    /**
     * @return the row as written (the UpdateItem's ALL_NEW); an {@code EmptyResultDataAccessException} signalled when
     *         no row has the key, an {@code OptimisticLockingFailureException} when the row is not at
     *         {@link #ifVersion}
     */
    public Mono<T> execute() {
        return send(runner, true);
    }

    /** @return completes once the update is written, asking nothing back (ReturnValues NONE) */
    public Mono<Void> executeWithoutResult() {
        return send(runner, false).then();
    }
}
