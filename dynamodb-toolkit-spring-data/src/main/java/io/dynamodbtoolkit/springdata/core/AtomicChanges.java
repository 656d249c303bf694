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
import org.jspecify.annotations.Nullable;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The changes of an in-place update of one row (one UpdateItem, no read), as {@link AtomicUpdate} sends them on the
 * blocking client and {@link ReactiveAtomicUpdate} on the asynchronous one: increments, appends, set additions and
 * removals, sets and removes of entity properties, each checked against the entity (no key field, a number to
 * increment, a list to append to...) and converted like the property, and the version to expect.
 *
 * @param <T> the entity class
 * @param <U> the update's own type, which every change returns
 */
public abstract sealed class AtomicChanges<T, U extends AtomicChanges<T, U>> permits AtomicUpdate,
        ReactiveAtomicUpdate {

    /** Sends built changes; what it returns is the update's result (a row, or a publisher of it). */
    interface Runner<R> {

        R run(KeyValues key, Map<String, Object> sets, Update actions, @Nullable Long version, boolean returnRow);
    }

    private final KeyValues key;
    private final UpdatableProperties properties;
    private final Map<String, Object> sets = new LinkedHashMap<>();
    private Update actions = Update.empty();
    private @Nullable Long version;

    AtomicChanges(KeyValues key, UpdatableProperties properties) {
        this.key = Objects.requireNonNull(key, "key");
        this.properties = properties;
    }

    /** Sets a property (null removes it). @return this update */
    public U set(String property, Object value) {
        return change(() -> {
            sets.put(properties.check(property, value == null ? Change.REMOVE : Change.SET), value);
        });
    }

    /** Adds a number (negative to subtract) to a number property, 0 when absent. @return this update */
    public U increment(String property, Number by) {
        return change(() -> {
            String attribute = properties.check(property, Change.INCREMENT);
            actions = actions.increment(attribute, Objects.requireNonNull(by, "by"));
        });
    }

    /** Appends elements to a list property, created when absent. @return this update */
    public U append(String property, List<?> elements) {
        return change(() -> {
            String attribute = properties.check(property, Change.APPEND);
            actions = actions.appendToList(attribute, converted(attribute, new ArrayList<>(elements)).l());
        });
    }

    /** Adds elements to a set property, created when absent. @return this update */
    public U addTo(String property, Collection<?> elements) {
        return change(() -> {
            String attribute = properties.check(property, Change.ADD_TO);
            actions = actions.add(attribute, converted(attribute, new LinkedHashSet<>(elements)));
        });
    }

    /** Removes elements from a set property. @return this update */
    public U removeFrom(String property, Collection<?> elements) {
        return change(() -> {
            String attribute = properties.check(property, Change.REMOVE_FROM);
            AttributeValue set = converted(attribute, new LinkedHashSet<>(elements));
            Set<Object> stored = new LinkedHashSet<>(set.hasSs() ? set.ss() : set.hasNs()
                    ? set.ns().stream().map(BigDecimal::new).toList() : set.bs());
            actions = actions.deleteFromSet(attribute, stored);
        });
    }

    /** @return the elements as written (an empty set is written as nothing, and DynamoDB takes no empty set) */
    private AttributeValue converted(String attribute, Object elements) {
        return Objects.requireNonNull(properties.convert(attribute, elements),
                "no elements: DynamoDB has no empty sets, give at least one");
    }

    /** Removes a property's attribute. @return this update */
    public U remove(String property) {
        return change(() -> {
            sets.put(properties.check(property, Change.REMOVE), null);
        });
    }

    /** Writes only if the row is at this version (an {@code OptimisticLockingFailureException} else). @return this */
    public U ifVersion(long expected) {
        this.version = expected;
        return self();
    }

    /** @return what the runner makes of the changes built so far */
    final <R> R send(Runner<R> runner, boolean returnRow) {
        return runner.run(key, sets, actions, version, returnRow);
    }

    @SuppressWarnings("unchecked")
    private U self() {
        return (U) this;
    }

    /** Makes a change, a refusal (by the entity's properties or the core's Update) as a DataAccessException. */
    private U change(Runnable change) {
        try {
            change.run();
        } catch (IllegalArgumentException e) {
            throw new InvalidDataAccessApiUsageException(e.getMessage(), e);
        }
        return self();
    }
}
