package io.dynamodbtoolkit.springdata.core;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import java.util.function.UnaryOperator;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.WriteOptions;
import io.dynamodbtoolkit.adapter.WriteResult;
import io.dynamodbtoolkit.transaction.ActionCollector;
import io.dynamodbtoolkit.expression.Update;
import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.springdata.mapping.EntityItemMapper;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;

/**
 * A template's writes of entities: each entity converted by its class's binding after the before-convert callbacks
 * (auditing), confined to the scope, handed to the before-save callbacks, written with the core's semantics, and read
 * back through the after-save callbacks.
 */
final class EntityWrites {

    private final Adapter<Map<String, AttributeValue>> attributes;
    private final TemplateCallbacks callbacks;
    private final TemplateScope scope;
    private final StoredKeys storedKeys;
    private final @Nullable ActionCollector unit;

    EntityWrites(Adapter<Map<String, AttributeValue>> attributes, TemplateCallbacks callbacks, TemplateScope scope,
            StoredKeys storedKeys) {
        this(attributes, callbacks, scope, storedKeys, null);
    }

    private EntityWrites(Adapter<Map<String, AttributeValue>> attributes, TemplateCallbacks callbacks,
            TemplateScope scope, StoredKeys storedKeys, @Nullable ActionCollector unit) {
        this.attributes = attributes;
        this.callbacks = callbacks;
        this.scope = scope;
        this.storedKeys = storedKeys;
        this.unit = unit;
    }

    /**
     * @return these writes going into a transaction's unit of work (each as actions with all its conditions; a patch
     *         or edit then returns no row, since nothing is written before the commit)
     */
    EntityWrites joining(ActionCollector transaction) {
        return new EntityWrites(attributes.collectingInto(transaction), callbacks, scope, storedKeys, transaction);
    }

    /**
     * @return these writes confined to the scope current now, also when they run later in other threads (the
     *         asynchronous client's, where a thread-bound scope provider has none); see {@link TemplateScope#pinned}
     */
    EntityWrites pinned() {
        TemplateScope current = scope.pinned();
        return new EntityWrites(attributes, callbacks, current, storedKeys.within(current), unit);
    }

    /** Creates an item (fails if it exists). */
    <S> S insert(EntityBinding<S> binding, S entity) {
        return write(binding, entity, item -> attributes.post(item, WriteOptions.defaults()));
    }

    /** Creates or replaces an item (a versioned one at its version). */
    <S> S save(EntityBinding<S> binding, S entity) {
        return write(binding, entity, item -> attributes.putForce(item, WriteOptions.defaults()));
    }

    /** Replaces an existing item. */
    <S> S replace(EntityBinding<S> binding, S entity) {
        return write(binding, entity, item -> attributes.put(item, WriteOptions.defaults()));
    }

    /**
     * Creates or replaces many items, as {@link #save} each. Entities that are not versioned go in BatchWriteItem
     * calls, several in flight at once (a replacement needs no condition then); versioned entities, entities of an
     * adapter with unique fields, and entities of which two share a key, are saved one call each, in order, since a
     * batch can carry neither a version check, nor the guards of unique values, nor two writes of one key.
     *
     * @param bindings the binding of each entity's class
     * @return the entities as written, in the order given
     */
    <S> List<S> saveAll(List<S> given, Function<S, EntityBinding<S>> bindings) {
        BatchSave<S> batch = batchSave(given, bindings);
        return batch == null ? saveEach(given, bindings) : batch.saved(attributes.putAllReturningItems(batch.items()));
    }

    /**
     * The first half of {@link #saveAll}, for a writer of its own (the reactive template's asynchronous batch puts):
     * the entities converted and handed to the before-save callbacks, in order.
     *
     * @return the batch to write, or null when the entities must be saved one by one ({@link #save} each), being
     *         versioned, in a transaction, of an adapter with unique fields, or two of them sharing a key
     */
    <S> @Nullable BatchSave<S> batchSave(List<S> given, Function<S, EntityBinding<S>> bindings) {
        KeyModel keys = attributes.keys();
        if (keys.versionField().isPresent() || unit != null || hasUniqueFields()) {
            return null;
        }
        List<S> converted = new ArrayList<>(given.size());
        List<Map<String, AttributeValue>> items = new ArrayList<>(given.size());
        Set<Map<String, AttributeValue>> distinctKeys = new HashSet<>();
        for (S entity : given) {
            S before = callbacks.beforeConvert(entity);
            Map<String, AttributeValue> item = new LinkedHashMap<>(scope.apply(bindings.apply(before).mapper()
                    .toAttributes(before, true)));
            if (!distinctKeys.add(keys.codec().primaryKeyFromItem(item))) {
                return null;
            }
            converted.add(before);
            items.add(item);
        }
        for (int i = 0; i < converted.size(); i++) {
            Objects.requireNonNull(callbacks.beforeSave(converted.get(i), items.get(i)),
                    "a BeforeSaveCallback returned null");
        }
        return new BatchSave<>(converted, items, bindings, callbacks);
    }

    /**
     * @return whether the adapter declares unique fields: then each entity of a {@code saveAll} (and each key of a
     *         {@code deleteAllById}) is written by itself, in one transaction with its guards, since a batch cannot
     *         keep them
     */
    boolean hasUniqueFields() {
        return !attributes.declaration().uniques().isEmpty();
    }

    /**
     * Entities of a {@code saveAll} converted for one batch put.
     *
     * @param converted the entities after the before-convert callbacks, in order
     * @param items     their items, as the before-save callbacks saw them
     */
    record BatchSave<S>(List<S> converted, List<Map<String, AttributeValue>> items,
            Function<S, EntityBinding<S>> bindings, TemplateCallbacks callbacks) {

        /** @return the entities as written (the items the batch put returned), through the after-save callbacks */
        List<S> saved(List<Map<String, AttributeValue>> written) {
            List<S> saved = new ArrayList<>(written.size());
            for (int i = 0; i < written.size(); i++) {
                Map<String, AttributeValue> item = written.get(i);
                S entity = bindings.apply(converted.get(i)).mapper().fromAttributes(item);
                saved.add(callbacks.afterSave(entity, item));
            }
            return saved;
        }
    }

    private <S> List<S> saveEach(List<S> entities, Function<S, EntityBinding<S>> bindings) {
        List<S> saved = new ArrayList<>(entities.size());
        entities.forEach(entity -> saved.add(save(bindings.apply(entity), entity)));
        return saved;
    }

    /**
     * Updates attributes of an existing item; values are converted to the entity's property types and written like
     * entity properties (a number is no enum value), null removes.
     */
    <T> @Nullable T patch(EntityBinding<T> binding, KeyValues key, Map<String, ?> changes) {
        return entity(binding, attributes.patch(storedKeys.scoped(key), converted(binding, key, changes),
                Update.empty(), WriteOptions.defaults()));
    }

    /**
     * Updates an existing item in place with one UpdateItem and no read (a set of an attribute that decides a
     * computed index's membership reads the item to keep the index right).
     *
     * @param sets      attributes to set, converted like the entity's properties (null removes)
     * @param actions   increments, appends, set additions and removals
     * @param version   the version the item must be at, or null
     * @param returnRow whether to ask for the item as written
     * @return the item as written, or null when not asked or inside a transaction
     */
    <T> @Nullable T update(EntityBinding<T> binding, KeyValues key, Map<String, ?> sets, Update actions,
            @Nullable Long version,
            boolean returnRow) {
        WriteResult<Map<String, AttributeValue>> result = attributes.patch(storedKeys.scoped(key),
                converted(binding, key, sets), actions, updateOptions(version, returnRow));
        return returnRow ? entity(binding, result) : null;
    }

    /** @return the options of an atomic update: the row written asked back or not, at a version when one is given */
    static WriteOptions updateOptions(@Nullable Long version, boolean returnRow) {
        WriteOptions options = WriteOptions.defaults().withReturnValues(returnRow ? ReturnValue.ALL_NEW
                : ReturnValue.NONE);
        return version == null ? options : options.withExpectedVersion(version);
    }

    /** @return a patch's changes converted to the entity's property types, as entity properties are written */
    <T> Map<String, AttributeValue> converted(EntityBinding<T> binding, KeyValues key, Map<String, ?> changes) {
        Map<String, AttributeValue> converted = new LinkedHashMap<>();
        KeyValues stored = storedKeys.scoped(key);
        EntityItemMapper<T> mapper = binding.mapper();
        Set<Class<? extends T>> types = mapper.tiers().classesAtDepths(stored.size(), stored.size());
        changes.forEach((name, value) -> converted.put(name, value == null ? AttributeValue.fromNul(true)
                : mapper.converter().writePropertyValue(types, name, value)));
        return converted;
    }

    /** Updates the non-null properties of a partial entity, checking its version when it has one. */
    <T> @Nullable T patch(EntityBinding<T> binding, T partial) {
        Map<String, AttributeValue> changes = toPatch(binding, partial);
        return entity(binding, attributes.patch(attributes.keys().codec().keyValuesFromItem(changes), changes,
                Update.empty(), WriteOptions.defaults()));
    }

    /** @return the changes a partial entity's patch writes: its non-null properties, confined to the scope */
    <T> Map<String, AttributeValue> toPatch(EntityBinding<T> binding, T partial) {
        return scope.apply(binding.mapper().toAttributes(callbacks.beforeConvert(partial), true));
    }

    /** Reads, changes and writes back only what changed. */
    <T> @Nullable T edit(EntityBinding<T> binding, KeyValues key, UnaryOperator<T> change) {
        Adapter<T> entities = unit == null ? binding.entities() : binding.entities().collectingInto(unit);
        return entities.edit(storedKeys.scoped(key), audited(binding, change)).item();
    }

    /** Moves one item to the key its changed key fields give, within the scope, in one transaction. */
    <T> T move(EntityBinding<T> binding, KeyValues key, UnaryOperator<T> change) {
        return binding.entities().move(storedKeys.scoped(key), movedWithinScope(binding, change));
    }

    /**
     * @return a move's change, audited, refusing a target key outside the scope current now (the change may run in
     *         another thread, the asynchronous client's)
     */
    <T> UnaryOperator<T> movedWithinScope(EntityBinding<T> binding, UnaryOperator<T> change) {
        UnaryOperator<T> audited = audited(binding, change);
        TemplateScope current = scope.pinned();
        return entity -> {
            T moved = audited.apply(entity);
            current.apply(storedKeys.converted(keyOf(binding, moved)));
            return moved;
        };
    }

    /** Deletes an entity's item, at its version when it has one. @return whether an item was deleted */
    <T> boolean delete(EntityBinding<T> binding, T entity) {
        Map<String, AttributeValue> item = toDelete(binding, entity);
        return !attributes.delete(attributes.keys().codec().keyValuesFromItem(item), deleteOptions(item)).returned()
                .isEmpty();
    }

    /** @return the item an entity's delete deletes: its key, confined to the scope */
    <T> Map<String, AttributeValue> toDelete(EntityBinding<T> binding, T entity) {
        return scope.apply(binding.mapper().toAttributes(entity, true));
    }

    /** @return the options of an entity's delete: the old item returned, at the entity's version when it has one */
    WriteOptions deleteOptions(Map<String, AttributeValue> item) {
        WriteOptions options = WriteOptions.defaults().withReturnValues(ReturnValue.ALL_OLD);
        AttributeValue version = attributes.keys().versionField().map(item::get).orElse(null);
        return version == null ? options : options.withExpectedVersion(Long.parseLong(version.n()));
    }

    /** Deletes by key, idempotently. @return whether a row was deleted (inside a transaction: true, pending) */
    boolean deleteById(KeyValues key) {
        return attributes.delete(storedKeys.scoped(key));
    }

    /** @return an entity's key values */
    <T> KeyValues keyOf(EntityBinding<T> binding, T entity) {
        return attributes.keys().codec().keyValuesFromItem(binding.mapper().toAttributes(entity, true));
    }

    /**
     * @return the change followed by the before-convert callbacks (auditing), but only when the change changed
     *         something, so that an edit that changes nothing still writes nothing; both with the caller's
     *         thread-bound context (see {@link CallerContext}), since a mass edit or an asynchronous one runs them in
     *         other threads
     */
    <T> UnaryOperator<T> audited(EntityBinding<T> binding, UnaryOperator<T> change) {
        EntityItemMapper<T> mapper = binding.mapper();
        return CallerContext.carrying(entity -> {
            Map<String, AttributeValue> before = mapper.toAttributes(entity, true);
            T changed = change.apply(entity);
            return mapper.toAttributes(changed, true).equals(before) ? changed : callbacks.beforeConvert(changed);
        });
    }

    private <S> S write(EntityBinding<S> binding, S entity,
            Function<Map<String, AttributeValue>, WriteResult<Map<String, AttributeValue>>> write) {
        return written(binding, write.apply(toWrite(binding, entity)));
    }

    /**
     * @return the item an entity is written as: the entity after the before-convert callbacks (auditing), converted,
     *         confined to the scope, and handed to the before-save callbacks
     */
    <S> Map<String, AttributeValue> toWrite(EntityBinding<S> binding, S entity) {
        S converted = callbacks.beforeConvert(Objects.requireNonNull(entity, "entity"));
        Map<String, AttributeValue> item = new LinkedHashMap<>(scope.apply(binding.mapper().toAttributes(converted,
                true)));
        S saved = callbacks.beforeSave(converted, item);
        Objects.requireNonNull(saved, "a BeforeSaveCallback returned null");
        return item;
    }

    /** @return the entity a write wrote, through the after-save callbacks */
    <S> S written(EntityBinding<S> binding, WriteResult<Map<String, AttributeValue>> result) {
        Map<String, AttributeValue> item = Objects.requireNonNull(result.item(), "a save returns the item it wrote");
        S written = binding.mapper().fromAttributes(item);
        return callbacks.afterSave(written, item);
    }

    /** @return the entity a write returned, or null when it returned none */
    static <T> @Nullable T entity(EntityBinding<T> binding, WriteResult<Map<String, AttributeValue>> result) {
        return result.item() == null ? null : binding.mapper().fromAttributes(result.item());
    }
}
