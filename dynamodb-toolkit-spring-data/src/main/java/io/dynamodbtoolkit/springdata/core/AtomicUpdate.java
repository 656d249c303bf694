package io.dynamodbtoolkit.springdata.core;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

import io.dynamodbtoolkit.expression.Update;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.springdata.core.UpdatableProperties.Change;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * An in-place update of one row with one UpdateItem and no read, made by
 * {@link DynamoDbToolkitOperations#update(KeyValues, Class)}: increments, appends, set additions and removals, sets
 * and removes of entity properties, each checked against the entity (no key field, a number to increment, a list to
 * append to...) and converted like the property. The version goes up by one (checked first with
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
public final class AtomicUpdate<T> {

    /** Runs a built update. */
    interface Runner<T> {

        T run(KeyValues key, Map<String, Object> sets, Update actions, Long version, boolean returnRow);
    }

    private final KeyValues key;
    private final UpdatableProperties properties;
    private final Runner<T> runner;
    private final Map<String, Object> sets = new LinkedHashMap<>();
    private Update actions = Update.empty();
    private Long version;

    AtomicUpdate(KeyValues key, UpdatableProperties properties, Runner<T> runner) {
        this.key = Objects.requireNonNull(key, "key");
        this.properties = properties;
        this.runner = runner;
    }

    /** Sets a property (null removes it). @return this update */
    public AtomicUpdate<T> set(String property, Object value) {
        return change(() -> {
            sets.put(properties.check(property, value == null ? Change.REMOVE : Change.SET), value);
        });
    }

    /** Adds a number (negative to subtract) to a number property, 0 when absent. @return this update */
    public AtomicUpdate<T> increment(String property, Number by) {
        return change(() -> {
            String attribute = properties.check(property, Change.INCREMENT);
            actions = actions.increment(attribute, Objects.requireNonNull(by, "by"));
        });
    }

    /** Appends elements to a list property, created when absent. @return this update */
    public AtomicUpdate<T> append(String property, List<?> elements) {
        return change(() -> {
            String attribute = properties.check(property, Change.APPEND);
            actions = actions.appendToList(attribute, properties.convert(attribute, new ArrayList<>(elements)).l());
        });
    }

    /** Adds elements to a set property, created when absent. @return this update */
    public AtomicUpdate<T> addTo(String property, Collection<?> elements) {
        return change(() -> {
            String attribute = properties.check(property, Change.ADD_TO);
            actions = actions.add(attribute, properties.convert(attribute, new LinkedHashSet<>(elements)));
        });
    }

    /** Removes elements from a set property. @return this update */
    public AtomicUpdate<T> removeFrom(String property, Collection<?> elements) {
        return change(() -> {
            String attribute = properties.check(property, Change.REMOVE_FROM);
            AttributeValue set = properties.convert(attribute, new LinkedHashSet<>(elements));
            Set<Object> stored = new LinkedHashSet<>(set.hasSs() ? set.ss() : set.hasNs()
                    ? set.ns().stream().map(BigDecimal::new).toList() : set.bs());
            actions = actions.deleteFromSet(attribute, stored);
        });
    }

    /** Removes a property's attribute. @return this update */
    public AtomicUpdate<T> remove(String property) {
        return change(() -> {
            sets.put(properties.check(property, Change.REMOVE), null);
        });
    }

    /** Makes a change, a refusal (by the entity's properties or the core's Update) as a DataAccessException. */
    private AtomicUpdate<T> change(Runnable change) {
        try {
            change.run();
        } catch (IllegalArgumentException e) {
            throw new InvalidDataAccessApiUsageException(e.getMessage(), e);
        }
        return this;
    }

    /** Writes only if the row is at this version (an {@code OptimisticLockingFailureException} else). @return this */
    public AtomicUpdate<T> ifVersion(long expected) {
        this.version = expected;
        return this;
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
        return runner.run(key, sets, actions, version, true);
    }

    /** Sends the update, asking nothing back (ReturnValues NONE). */
    public void executeWithoutResult() {
        runner.run(key, sets, actions, version, false);
    }
}
