package io.dynamodbtoolkit.springdata.repository.support;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.UnaryOperator;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.adapter.ItemPage;
import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.adapter.QueryPlan;
import io.dynamodbtoolkit.adapter.ReadOptions;
import io.dynamodbtoolkit.adapter.WriteOptions;
import io.dynamodbtoolkit.adapter.WriteResult;
import io.dynamodbtoolkit.expression.Update;
import io.dynamodbtoolkit.index.IndexQuery;
import io.dynamodbtoolkit.index.IndexSet;
import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.key.SubtreeQuery;
import io.dynamodbtoolkit.key.SubtreeShape;
import io.dynamodbtoolkit.mass.IndexBackfill;
import io.dynamodbtoolkit.mass.MassOperations;
import io.dynamodbtoolkit.mass.MassProgressListener;
import io.dynamodbtoolkit.springdata.mapping.AfterConvertCallback;
import io.dynamodbtoolkit.springdata.mapping.DynamoDbPersistentProperty;
import io.dynamodbtoolkit.springdata.mapping.EntityItemMapper;
import io.dynamodbtoolkit.springdata.mapping.MappingDynamoDbConverter;
import io.dynamodbtoolkit.springdata.mapping.TierClasses;
import org.springframework.data.mapping.callback.EntityCallbacks;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;

/**
 * An adapter bound to one repository: its domain type (through an {@link EntityItemMapper}), its scope and the
 * application's entity callbacks. The repository implementation and its query methods read and write through it.
 *
 * @param <T> the domain type
 */
public final class BoundAdapter<T> {

    private final Adapter<Map<String, AttributeValue>> attributes;
    private final Adapter<T> entities;
    private final SubtreeMassOperations<T> mass;
    private final ScopedIndexBackfill indexBackfill;
    private final Adapter<T> reads;
    private final EntityItemMapper<T> mapper;
    private final RepositoryCallbacks callbacks;
    private final RepositoryScope scope;

    private BoundAdapter(Adapter<?> adapter, EntityItemMapper<T> mapper, RepositoryScope scope,
            RepositoryCallbacks callbacks, MassProgressListener massProgress) {
        this.attributes = adapter.attributes();
        this.mapper = mapper;
        this.entities = adapter.withMapper(mapper);
        this.reads = callbacks.has(AfterConvertCallback.class)
                ? adapter.withMapper(mapper.withAfterRead(callbacks::afterConvert)) : entities;
        this.callbacks = callbacks;
        this.scope = scope;
        this.mass = new SubtreeMassOperations<>(MassOperations.of(entities).withListener(massProgress),
                adapter.keys(), scope,
                attributes::plan, this::audited, adapter.declaration().cascades());
        this.indexBackfill = new ScopedIndexBackfill(IndexBackfill.of(adapter).withListener(massProgress), scope,
                attributes::plan);
    }

    /**
     * Binds an adapter to a domain type; checks the domain type's tier classes against the key design now.
     *
     * @param adapter    the adapter, of any item type
     * @param domainType the repository's domain type
     * @param converter  the mapping
     * @param scope      the repository's scope
     * @param callbacks  the application's entity callbacks, or null
     * @param registered the callback interfaces the application has beans of ({@code BeforeConvertCallback}, ...)
     * @param massProgress hears the progress of every mass-operation run of the repository
     */
    public static <T> BoundAdapter<T> bind(Adapter<?> adapter, Class<T> domainType, MappingDynamoDbConverter converter,
            RepositoryScope scope, EntityCallbacks callbacks, Set<Class<?>> registered,
            MassProgressListener massProgress) {
        EntityItemMapper<T> mapper = EntityItemMapper.of(domainType, adapter.keys(), converter);
        return new BoundAdapter<>(adapter, mapper, scope, new RepositoryCallbacks(callbacks, registered,
                adapter.table()), massProgress);
    }

    /** @return the adapter's declared name */
    public String adapterName() {
        return attributes.declaration().name();
    }

    /** @return the table */
    public String table() {
        return attributes.table();
    }

    /** @return the key design */
    public KeyModel keys() {
        return attributes.keys();
    }

    /** @return the declaration of the adapter */
    public AdapterDeclaration<?> declaration() {
        return attributes.declaration();
    }

    /** @return the tier classes of the domain type */
    public TierClasses<T> tiers() {
        return mapper.tiers();
    }

    /** @return the mapping */
    public MappingDynamoDbConverter converter() {
        return mapper.converter();
    }

    /** @return the attribute a property of the domain type (or of one of its tier classes) is stored in */
    public String attributeNameOf(String property) {
        for (Class<? extends T> type : tiers().all()) {
            DynamoDbPersistentProperty persistent = converter().getMappingContext().getRequiredPersistentEntity(type)
                    .getPersistentProperty(property);
            if (persistent != null) {
                return persistent.attributeName();
            }
        }
        return property;
    }

    /** @return whether instances of a class store an attribute (one of its properties is stored under that name) */
    public boolean hasAttribute(Class<?> type, String attribute) {
        for (DynamoDbPersistentProperty property : converter().getMappingContext().getRequiredPersistentEntity(type)) {
            if (property.attributeName().equals(attribute)) {
                return true;
            }
        }
        return false;
    }

    /** @return the repository's mass operations over subtrees */
    public SubtreeMassOperations<T> mass() {
        return mass;
    }

    /** @return the repository's index backfills and removals of stale computed attributes */
    public ScopedIndexBackfill indexBackfill() {
        return indexBackfill;
    }

    /** @return the repository's scope */
    public RepositoryScope scope() {
        return scope;
    }

    // ---------------------------------------------------------------- writes

    /** Creates an item (fails if it exists). */
    public <S extends T> S insert(S entity) {
        return write(entity, item -> attributes.post(item, WriteOptions.defaults()));
    }

    /** Creates or replaces an item (a versioned one at its version). */
    public <S extends T> S save(S entity) {
        return write(entity, item -> attributes.putForce(item, WriteOptions.defaults()));
    }

    /**
     * Creates or replaces many items, as {@link #save} each. Entities that are not versioned go in BatchWriteItem
     * calls, several in flight at once (a replacement needs no condition then); versioned entities, and entities
     * of which two share a key, are saved one call each, in order, since a batch can carry neither a version
     * check nor two writes of one key.
     *
     * @return the entities as written, in the order given
     */
    public <S extends T> List<S> saveAll(Iterable<S> entities) {
        List<S> given = new ArrayList<>();
        entities.forEach(entity -> given.add(Objects.requireNonNull(entity, "entity")));
        if (keys().versionField().isPresent()) {
            return saveEach(given);
        }
        List<S> converted = new ArrayList<>(given.size());
        List<Map<String, AttributeValue>> items = new ArrayList<>(given.size());
        Set<Map<String, AttributeValue>> distinctKeys = new HashSet<>();
        for (S entity : given) {
            S before = callbacks.beforeConvert(entity);
            Map<String, AttributeValue> item = new LinkedHashMap<>(scope.apply(mapper.toAttributes(before, true)));
            if (!distinctKeys.add(keys().primaryKeyOf(item))) {
                return saveEach(given);
            }
            converted.add(before);
            items.add(item);
        }
        for (int i = 0; i < converted.size(); i++) {
            Objects.requireNonNull(callbacks.beforeSave(converted.get(i), items.get(i)),
                    "a BeforeSaveCallback returned null");
        }
        List<Map<String, AttributeValue>> written = attributes.putAllReturningItems(items);
        List<S> saved = new ArrayList<>(written.size());
        for (Map<String, AttributeValue> item : written) {
            @SuppressWarnings("unchecked")
            S entity = (S) mapper.fromAttributes(item);
            saved.add(callbacks.afterSave(entity, item));
        }
        return saved;
    }

    private <S extends T> List<S> saveEach(List<S> entities) {
        List<S> saved = new ArrayList<>(entities.size());
        entities.forEach(entity -> saved.add(save(entity)));
        return saved;
    }

    /** Replaces an existing item. */
    public <S extends T> S replace(S entity) {
        return write(entity, item -> attributes.put(item, WriteOptions.defaults()));
    }

    /**
     * Updates attributes of an existing item; values are converted to the domain type's property types and written
     * like entity properties (a number is no enum value), null removes.
     */
    public T patch(KeyValues key, Map<String, ?> changes) {
        Map<String, AttributeValue> converted = new LinkedHashMap<>();
        KeyValues stored = storeKey(key);
        Set<Class<? extends T>> types = tiers().classesAtDepths(stored.size(), stored.size());
        changes.forEach((name, value) -> converted.put(name, value == null ? AttributeValue.fromNul(true)
                : mapper.converter().writePropertyValue(types, name, value)));
        return entity(attributes.patch(stored, converted, Update.empty(), WriteOptions.defaults()));
    }

    /** Updates the non-null properties of a partial entity, checking its version when it has one. */
    public T patch(T partial) {
        Map<String, AttributeValue> changes = scope.apply(mapper.toAttributes(callbacks.beforeConvert(partial), true));
        return entity(attributes.patch(keys().keyValuesOf(changes), changes, Update.empty(), WriteOptions.defaults()));
    }

    /** Reads, changes and writes back only what changed. */
    public T edit(KeyValues key, UnaryOperator<T> change) {
        return entities.edit(storeKey(key), audited(change)).item();
    }

    /** Deletes by key, idempotently. @return whether an item was deleted */
    public boolean delete(KeyValues key) {
        return attributes.delete(storeKey(key));
    }

    /** Deletes an entity's item, at its version when it has one. @return whether an item was deleted */
    public boolean delete(T entity) {
        Map<String, AttributeValue> item = scope.apply(mapper.toAttributes(entity, true));
        WriteOptions options = WriteOptions.defaults().withReturnValues(ReturnValue.ALL_OLD);
        AttributeValue version = keys().versionField().map(item::get).orElse(null);
        if (version != null) {
            options = options.withExpectedVersion(Long.parseLong(version.n()));
        }
        return !attributes.delete(keys().keyValuesOf(item), options).returned().isEmpty();
    }

    /** Deletes many items by key in batches. */
    public void deleteAll(Iterable<KeyValues> keys) {
        List<KeyValues> scoped = new ArrayList<>();
        keys.forEach(key -> scoped.add(storeKey(key)));
        attributes.deleteAll(scoped);
    }

    /** @return an entity's key values */
    public KeyValues keyOf(T entity) {
        return keys().keyValuesOf(mapper.toAttributes(Objects.requireNonNull(entity, "entity"), true));
    }

    // ---------------------------------------------------------------- reads

    /** @return the item with this key */
    public Optional<T> get(KeyValues key) {
        return reads.get(storeKey(key));
    }

    /** @return whether an item has this key (reading its key attributes only) */
    public boolean exists(KeyValues key) {
        return attributes.get(storeKey(key), ReadOptions.defaults().withFields(keys().partitionField().name()))
                .isPresent();
    }

    /** @return the items with these keys, in key order, absent ones left out */
    public List<T> getAll(List<KeyValues> keys) {
        List<T> found = new ArrayList<>(keys.size());
        for (T item : reads.getAll(keys.stream().map(this::storeKey).toList(), ReadOptions.defaults())) {
            if (item != null) {
                found.add(item);
            }
        }
        return found;
    }

    /**
     * @return key values as the store holds them, within the current scope: domain values (instants, enums, value
     *         types) converted like entity properties, so a key reads the same whichever way it is given
     */
    public KeyValues storeKey(KeyValues key) {
        Map<String, Object> converted = new LinkedHashMap<>();
        key.asMap().forEach((field, value) -> converted.put(field, mapper.converter().writeKeyValue(value)));
        return scope.apply(KeyValues.of(converted));
    }

    /** @return a subtree query on the scoped node */
    public SubtreeQuery subtree(SubtreeShape shape, KeyValues node, String prefix) {
        KeyValues scoped = storeKey(node);
        return switch (shape) {
            case CHILDREN -> SubtreeQuery.children(scoped);
            case SELF_AND_DESCENDANTS -> SubtreeQuery.selfAndDescendants(scoped);
            case PARTIAL -> SubtreeQuery.partial(scoped, prefix);
        };
    }

    /** @return one page of a subtree (build the query with {@link #subtree}, which applies the scope) */
    public ItemPage<T> list(SubtreeQuery subtree, ListOptions options) {
        return reads.list(subtree, options);
    }

    /** @return the query plan of a subtree */
    public QueryPlan plan(SubtreeQuery subtree) {
        return attributes.plan(subtree);
    }

    /** @return one page of a query plan (whose keys the caller scoped) */
    public ItemPage<T> query(QueryPlan plan, ListOptions options) {
        return reads.query(plan, options);
    }

    /** @return one page of a key-seek query on the table or an index (whose keys the caller scoped) */
    public ItemPage<T> query(IndexQuery query, ListOptions options) {
        return reads.query(query, options);
    }

    /** @return one page of an index query, with whole items read from the table for the keys the index returns */
    public ItemPage<T> queryIndirect(IndexQuery query, ListOptions options) {
        return reads.queryIndirect(query, options);
    }

    /** @return one page of a Scan of a sparse index: its members only, as the index projects them */
    public ItemPage<T> scanIndex(String indexName, ListOptions options) {
        return reads.scanIndex(indexName, options);
    }

    /** @return one page of a Scan of a sparse index, with whole items read from the table for its keys */
    public ItemPage<T> scanIndexIndirect(String indexName, ListOptions options) {
        return reads.scanIndexIndirect(indexName, options);
    }

    /** @return the query plan of a key-seek query, e.g. for a mass operation */
    public QueryPlan plan(IndexQuery query) {
        return attributes.plan(query);
    }

    /** @return the secondary indexes of the adapter */
    public IndexSet indexes() {
        return attributes.declaration().indexes();
    }

    /** @return one page of a Scan, confined to the current scope by a filter */
    public ItemPage<T> scan(ListOptions options) {
        return reads.scan(options.withFilter(scope.confine(options.filter())));
    }

    // ---------------------------------------------------------------- mapping

    private <S extends T> S write(S entity, Function<Map<String, AttributeValue>, WriteResult<Map<String,
            AttributeValue>>> write) {
        S converted = callbacks.beforeConvert(Objects.requireNonNull(entity, "entity"));
        Map<String, AttributeValue> item = new LinkedHashMap<>(scope.apply(mapper.toAttributes(converted, true)));
        S saved = callbacks.beforeSave(converted, item);
        Objects.requireNonNull(saved, "a BeforeSaveCallback returned null");
        WriteResult<Map<String, AttributeValue>> result = write.apply(item);
        @SuppressWarnings("unchecked")
        S written = (S) mapper.fromAttributes(result.item());
        return callbacks.afterSave(written, result.item());
    }

    /**
     * @return the change followed by the before-convert callbacks (auditing), but only when the change changed
     *         something, so that an edit that changes nothing still writes nothing
     */
    private UnaryOperator<T> audited(UnaryOperator<T> change) {
        return entity -> {
            Map<String, AttributeValue> before = mapper.toAttributes(entity, true);
            T changed = change.apply(entity);
            return mapper.toAttributes(changed, true).equals(before) ? changed : callbacks.beforeConvert(changed);
        };
    }

    private T entity(WriteResult<Map<String, AttributeValue>> result) {
        return result.item() == null ? null : mapper.fromAttributes(result.item());
    }
}
