package io.dynamodbtoolkit.springdata.core;

import io.dynamodbtoolkit.key.KeyValues;

/**
 * An in-place update of one row with one UpdateItem and no read, made by
 * {@link DynamoDbToolkitOperations#update(KeyValues, Class)}: the {@link AtomicChanges changes} (increments, appends,
 * set additions and removals, sets and removes of entity properties, each checked against the entity and converted
 * like the property), sent on the blocking client. The version goes up by one (checked first with
 * {@link #ifVersion}); a set of an attribute that decides a computed index's membership keeps the index right. Inside a
 * transaction the update is an action of it.
 *
 * <pre>{@code
 * Vehicle after = rentals.update(key, Vehicle.class).increment("dailyRate", 5).addTo("features", Set.of("wifi"))
 *         .ifVersion(3).execute();
 * }</pre>
 *
 * @param <T> the entity class
 */
public final class AtomicUpdate<T> extends AtomicChanges<T, AtomicUpdate<T>> {

    private final Runner<T> runner;

    AtomicUpdate(KeyValues key, UpdatableProperties properties, Runner<T> runner) {
        super(key, properties);
        this.runner = runner;
    }

    /**
     * Sends the update.
     *
     * @return the row as written (the UpdateItem's ALL_NEW), or null inside a transaction (nothing is written before
     *         the commit)
     * @throws org.springframework.dao.EmptyResultDataAccessException  when no row has the key
     * @throws org.springframework.dao.OptimisticLockingFailureException when the row is not at {@link #ifVersion}
     */
    public T execute() {
        return send(runner, true);
    }

    /** Sends the update, asking nothing back (ReturnValues NONE). */
    public void executeWithoutResult() {
        send(runner, false);
    }
}
