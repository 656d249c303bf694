package io.dynamodbtoolkit.springdata.core;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.adapter.ItemPage;
import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.adapter.QueryPlan;
import io.dynamodbtoolkit.adapter.ReadOptions;
import io.dynamodbtoolkit.transaction.ActionCollector;
import io.dynamodbtoolkit.index.IndexProjection;
import io.dynamodbtoolkit.index.IndexQuery;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.key.SubtreeQuery;
import io.dynamodbtoolkit.key.SubtreeShape;
import io.dynamodbtoolkit.mass.IndexBackfill;
import io.dynamodbtoolkit.mass.MassOperations;
import io.dynamodbtoolkit.mass.MassOptions;
import io.dynamodbtoolkit.mass.MassPageResult;
import io.dynamodbtoolkit.mass.MassProgressListener;
import io.dynamodbtoolkit.mass.MassResult;
import io.dynamodbtoolkit.mass.MassRuns;
import io.dynamodbtoolkit.mass.MassScope;
import io.dynamodbtoolkit.mass.UniqueReport;
import io.dynamodbtoolkit.springdata.mapping.MappingDynamoDbConverter;
import io.dynamodbtoolkit.springdata.mapping.TierClasses;
import org.jspecify.annotations.Nullable;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.support.PersistenceExceptionTranslator;
import org.springframework.data.mapping.callback.EntityCallbacks;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The {@link DynamoDbToolkitOperations} of one adapter, like {@code CassandraTemplate} for a keyspace: entity reads,
 * writes, key seeks, subtree and index reads and mass operations, with the adapter's key design, the application's
 * mapping, entity callbacks and scope, and every failure translated into a {@link DataAccessException}. Thread-safe;
 * make one per adapter (the Boot starter defines one per configured adapter, named {@code <adapter>Template}).
 *
 * <pre>{@code
 * DynamoDbToolkitTemplate rentals = new DynamoDbToolkitTemplate(rentalsAdapter, converter);
 * rentals.insert(new Vehicle("TX", "Dallas", "1HGC001", "Accord"));
 * List<RentalRow> dallas = rentals.findAll(SubtreeQuery.selfAndDescendants(KeyValues.of("state", "TX",
 *         "facility", "Dallas")), RentalRow.class);
 * }</pre>
 *
 * Each entity class is bound on first use (checked then against the key design) and kept; the application's
 * repositories on the adapter are built on its template.
 */
public class DynamoDbToolkitTemplate implements DynamoDbToolkitOperations {

    private final Adapter<?> adapter;
    private final Adapter<Map<String, AttributeValue>> attributes;
    private final MappingDynamoDbConverter converter;
    private final TemplateCallbacks callbacks;
    private final MassProgressListener massProgress;
    private final IndexEvolutionListener indexEvolution;
    private final PersistenceExceptionTranslator translator;
    private final TemplateScope scope;
    private final StoredKeys storedKeys;
    private final EntityWrites writes;
    private final ScopedIndexBackfill indexBackfill;
    private final UniqueGuardRuns uniqueGuards;
    private final TransactionChecks checks;
    private final ConcurrentMap<Class<?>, EntityBinding<?>> bindings;
    private volatile @Nullable DynamoDbToolkitTemplate unscoped;

    /**
     * A template with no entity callbacks, no scope and the toolkit's exception translation.
     *
     * @param adapter   the adapter (of any item type: the template maps entities itself)
     * @param converter the mapping
     */
    public DynamoDbToolkitTemplate(Adapter<?> adapter, MappingDynamoDbConverter converter) {
        this(builder(adapter, converter));
    }

    private DynamoDbToolkitTemplate(Builder builder) {
        this(builder.adapter, builder.converter, new TemplateCallbacks(builder.callbacks, builder.callbackKinds,
                builder.adapter.table()), builder.massProgress, builder.indexEvolution, builder.translator,
                builder.scopeProvider == null ? TemplateScope.none(builder.adapter.keys())
                        : TemplateScope.of(builder.scopeProvider, builder.adapter.keys()), new ConcurrentHashMap<>());
    }

    private DynamoDbToolkitTemplate(Adapter<?> adapter, MappingDynamoDbConverter converter, TemplateCallbacks callbacks,
            MassProgressListener massProgress, IndexEvolutionListener indexEvolution,
            PersistenceExceptionTranslator translator, TemplateScope scope,
            ConcurrentMap<Class<?>, EntityBinding<?>> bindings) {
        this.adapter = adapter;
        this.attributes = adapter.attributes();
        this.converter = converter;
        this.callbacks = callbacks;
        this.massProgress = massProgress;
        this.indexEvolution = indexEvolution;
        this.translator = translator;
        this.scope = scope;
        this.storedKeys = new StoredKeys(converter, scope, adapter.declaration());
        this.writes = new EntityWrites(attributes, callbacks, scope, storedKeys);
        this.indexBackfill = new ScopedIndexBackfill(IndexBackfill.of(adapter).withListener(massProgress), scope,
                attributes::plan, adapter.declaration().name(), indexEvolution);
        this.uniqueGuards = new UniqueGuardRuns(adapter.declaration().name(), indexBackfill::massScope,
                indexEvolution);
        this.checks = new TransactionChecks(attributes, translator);
        this.bindings = bindings;
    }

    /**
     * @param adapter   the adapter (of any item type)
     * @param converter the mapping
     * @return a builder of a template with the application's entity callbacks, scope, mass-progress listener and
     *         exception translator
     */
    public static Builder builder(Adapter<?> adapter, MappingDynamoDbConverter converter) {
        return new Builder(adapter, converter);
    }

    @Override
    public DynamoDbToolkitTemplate unscoped() {
        DynamoDbToolkitTemplate view = unscoped;
        if (view == null) {
            view = scope.isConfining() ? new DynamoDbToolkitTemplate(adapter, converter, callbacks, massProgress,
                    indexEvolution, translator, scope.optedOut(), bindings) : this;
            unscoped = view;
        }
        return view;
    }

    @Override
    public Optional<ScopeProvider> getScopeProvider() {
        return scope.provider();
    }

    /** @return the adapter the template reads and writes through */
    public Adapter<?> getAdapter() {
        return adapter;
    }

    @Override
    public PersistenceExceptionTranslator getExceptionTranslator() {
        return translator;
    }

    @Override
    public <R> R execute(AdapterCallback<R> callback) {
        Objects.requireNonNull(callback, "callback");
        return translated(() -> callback.doWithAdapter(adapter));
    }

    @Override
    public String getAdapterName() {
        return adapter.declaration().name();
    }

    @Override
    public AdapterDeclaration<?> getDeclaration() {
        return adapter.declaration();
    }

    @Override
    public MappingDynamoDbConverter getConverter() {
        return converter;
    }

    @Override
    public List<String> getScopeFields() {
        return scope.fields();
    }

    @Override
    public <T> TierClasses<T> getTierClasses(Class<T> entityClass) {
        return binding(entityClass).tiers();
    }

    // ---------------------------------------------------------------- reads by key

    @Override
    public <T> Optional<T> findById(KeyValues key, Class<T> entityClass) {
        return translated(() -> binding(entityClass).reads().get(storedKeys.scoped(key)));
    }

    @Override
    public <T> Optional<T> findByUnique(String field, Object value, KeyValues scope, Class<T> entityClass) {
        return translated(() -> binding(entityClass).reads().getByUnique(field, storedKeys.storedValue(value),
                storedKeys.scoped(scope), ReadOptions.defaults()));
    }

    @Override
    public boolean existsById(KeyValues key) {
        return translated(() -> attributes.get(storedKeys.scoped(key),
                ReadOptions.defaults().withFields(adapter.keys().partitionField().name())).isPresent());
    }

    @Override
    public <T> List<T> findAllById(Iterable<KeyValues> keys, Class<T> entityClass) {
        return translated(() -> {
            List<KeyValues> stored = new ArrayList<>();
            keys.forEach(key -> stored.add(storedKeys.scoped(key)));
            List<T> found = new ArrayList<>(stored.size());
            for (T item : binding(entityClass).reads().getAll(stored, ReadOptions.defaults())) {
                if (item != null) {
                    found.add(item);
                }
            }
            return found;
        });
    }

    // ---------------------------------------------------------------- list reads

    @Override
    public <T> ItemPage<T> findPage(SubtreeQuery subtree, ListOptions options, Class<T> entityClass) {
        return translated(() -> binding(entityClass).reads().query(attributes.plan(storedKeys.scoped(subtree)),
                options));
    }

    @Override
    public <T> ItemPage<T> findPage(IndexQuery query, ListOptions options, Class<T> entityClass) {
        return translated(() -> read(binding(entityClass), attributes.plan(storedKeys.scoped(query)), options));
    }

    @Override
    public <T> ItemPage<T> findPage(QueryPlan plan, ListOptions options, Class<T> entityClass) {
        return translated(() -> read(binding(entityClass), plan, options));
    }

    @Override
    public <T> ItemPage<T> findIndexMembers(String indexName, ListOptions options, Class<T> entityClass) {
        return translated(() -> {
            Adapter<T> reads = binding(entityClass).reads();
            return projectsWhole(indexName) ? reads.scanIndex(indexName, options)
                    : reads.scanIndexIndirect(indexName, options);
        });
    }

    @Override
    public <T> ItemPage<T> scan(ListOptions options, Class<T> entityClass) {
        return translated(() -> binding(entityClass).reads().scan(confined(options)));
    }

    /** @return the template's condition checks and snapshot reads */
    TransactionChecks checks() {
        return checks;
    }

    /** @return the options of a Scan of the table with the filter that confines it to the scope */
    ListOptions confined(ListOptions options) {
        return options.withFilter(scope.confine(options.filter()));
    }

    @Override
    public <T> List<T> findAll(SubtreeQuery subtree, Class<T> entityClass) {
        return PagedReads.list(options -> findPage(subtree, options, entityClass), ListOptions.defaults(), 0);
    }

    @Override
    public <T> List<T> findAll(IndexQuery query, Class<T> entityClass) {
        return PagedReads.list(options -> findPage(query, options, entityClass), ListOptions.defaults(), 0);
    }

    @Override
    public <T> Stream<T> stream(SubtreeQuery subtree, Class<T> entityClass) {
        return PagedReads.stream(options -> findPage(subtree, options, entityClass), ListOptions.defaults(), 0);
    }

    @Override
    public <T> Stream<T> stream(IndexQuery query, Class<T> entityClass) {
        return PagedReads.stream(options -> findPage(query, options, entityClass), ListOptions.defaults(), 0);
    }

    @Override
    public QueryPlan plan(SubtreeQuery subtree) {
        return translated(() -> attributes.plan(storedKeys.scoped(subtree)));
    }

    @Override
    public QueryPlan plan(IndexQuery query) {
        return translated(() -> attributes.plan(storedKeys.scoped(query)));
    }

    // ---------------------------------------------------------------- writes

    @Override
    public <T> T insert(T entity) {
        return translated(() -> writes(entity).insert(bindingOf(entity), entity));
    }

    @Override
    public <T> T save(T entity) {
        return translated(() -> writes(entity).save(bindingOf(entity), entity));
    }

    @Override
    public <T> List<T> saveAll(Iterable<T> entities) {
        return translated(() -> {
            List<T> given = new ArrayList<>();
            entities.forEach(entity -> given.add(Objects.requireNonNull(entity, "entity")));
            return writes(given.isEmpty() ? getAdapterName() : name(given.get(0).getClass())).saveAll(given,
                    this::bindingOf);
        });
    }

    @Override
    public <T> T replace(T entity) {
        return translated(() -> writes(entity).replace(bindingOf(entity), entity));
    }

    @Override
    public <T> T patch(KeyValues key, Map<String, ?> changes, Class<T> entityClass) {
        return translated(() -> writes(name(entityClass)).patch(binding(entityClass), key, changes));
    }

    @Override
    public <T> T patch(T partial) {
        return translated(() -> writes(partial).patch(bindingOf(partial), partial));
    }

    @Override
    public <T> AtomicUpdate<T> update(KeyValues key, Class<T> entityClass) {
        UpdatableProperties properties = translated(() -> UpdatableProperties.of(this, entityClass));
        return new AtomicUpdate<>(key, properties, (row, sets, actions, version, returnRow)
                -> translated(() -> writes(name(entityClass)).update(binding(entityClass), row, sets, actions, version,
                        returnRow)));
    }

    @Override
    public <T> T edit(KeyValues key, UnaryOperator<T> change, Class<T> entityClass) {
        return translated(() -> writes(name(entityClass)).edit(binding(entityClass), key, change));
    }

    @Override
    public <T> T move(KeyValues key, UnaryOperator<T> change, Class<T> entityClass) {
        return translated(() -> {
            TransactionParticipation.refuseInTransaction(adapter, "A move of " + name(entityClass));
            return writes.move(binding(entityClass), key, change);
        });
    }

    @Override
    public boolean deleteById(KeyValues key) {
        return translated(() -> writes(getAdapterName()).deleteById(key));
    }

    @Override
    public <T> boolean delete(T entity) {
        return translated(() -> writes(entity).delete(bindingOf(entity), entity));
    }

    @Override
    public void deleteAllById(Iterable<KeyValues> keys) {
        translated(() -> {
            if (TransactionParticipation.unitOf(adapter) != null || writes.hasUniqueFields()) {
                // one delete each: joining the unit, or releasing the unique values' guards in its own transaction
                EntityWrites joined = writes(getAdapterName());
                keys.forEach(joined::deleteById);
                return null;
            }
            List<KeyValues> scoped = new ArrayList<>();
            keys.forEach(key -> scoped.add(storedKeys.scoped(key)));
            return attributes.deleteAll(scoped);
        });
    }

    @Override
    public <T> KeyValues keyOf(T entity) {
        return translated(() -> writes.keyOf(bindingOf(Objects.requireNonNull(entity, "entity")), entity));
    }

    // ---------------------------------------------------------------- transactions

    @Override
    public void assertExists(KeyValues key) {
        conditionCheck(key).exists();
    }

    @Override
    public ConditionCheckSpec conditionCheck(KeyValues key) {
        return new ConditionCheckSpec((condition, description) -> translated(() -> {
            checks.check(storedKeys.scoped(key), condition, description);
            return null;
        }), adapter.keys().partitionField().name(), adapter.keys().versionField().orElse(null));
    }

    @Override
    public <T> List<T> findSnapshot(Iterable<KeyValues> keys, Class<T> entityClass) {
        return translated(() -> {
            List<KeyValues> stored = new ArrayList<>();
            keys.forEach(key -> stored.add(storedKeys.scoped(key)));
            Adapter<T> reads = binding(entityClass).reads();
            List<T> found = new ArrayList<>(stored.size());
            checks.snapshot(stored).stream().filter(Objects::nonNull).forEach(item -> found.add(reads.toItem(item)));
            return found;
        });
    }

    // ---------------------------------------------------------------- mass operations

    @Override
    public <T> MassResult deleteAllUnder(KeyValues node, MassOptions options, Class<T> entityClass) {
        return translated(() -> mass(entityClass).delete(SubtreeShape.SELF_AND_DESCENDANTS, converted(node), options));
    }

    @Override
    public <T> MassResult cloneAllUnder(KeyValues from, KeyValues to, MassOptions options, Class<T> entityClass) {
        return translated(() -> mass(entityClass).copy(SubtreeShape.SELF_AND_DESCENDANTS, converted(from),
                converted(to), options));
    }

    @Override
    public <T> MassResult moveAllUnder(KeyValues from, KeyValues to, MassOptions options, Class<T> entityClass) {
        return translated(() -> mass(entityClass).move(SubtreeShape.SELF_AND_DESCENDANTS, converted(from),
                converted(to), options));
    }

    @Override
    public <T> MassResult editAllUnder(KeyValues node, UnaryOperator<T> change, MassOptions options,
            Class<T> entityClass) {
        return translated(() -> mass(entityClass).edit(SubtreeShape.SELF_AND_DESCENDANTS, converted(node), change,
                options));
    }

    @Override
    public <T> MassResult cloneMatching(UnaryOperator<T> change, MassOptions options, Class<T> entityClass) {
        return translated(() -> matching(entityClass).copy(change, options));
    }

    @Override
    public <T> MassResult moveMatching(UnaryOperator<T> change, MassOptions options, Class<T> entityClass) {
        return translated(() -> matching(entityClass).move(change, options));
    }

    @Override
    public <T> MassResult deleteUnder(KeyValues node, MassOptions options, Class<T> entityClass) {
        return translated(() -> mass(entityClass).delete(SubtreeShape.CHILDREN, converted(node), options));
    }

    @Override
    public <T> MassResult cloneUnder(KeyValues from, KeyValues to, MassOptions options, Class<T> entityClass) {
        return translated(() -> mass(entityClass).copy(SubtreeShape.CHILDREN, converted(from), converted(to),
                options));
    }

    @Override
    public <T> MassResult moveUnder(KeyValues from, KeyValues to, MassOptions options, Class<T> entityClass) {
        return translated(() -> mass(entityClass).move(SubtreeShape.CHILDREN, converted(from), converted(to),
                options));
    }

    @Override
    public <T> MassResult editUnder(KeyValues node, UnaryOperator<T> change, MassOptions options,
            Class<T> entityClass) {
        return translated(() -> mass(entityClass).edit(SubtreeShape.CHILDREN, converted(node), change, options));
    }

    // ---------------------------------------------------------------- index evolution

    @Override
    public MassResult backfillIndex(String indexName, MassOptions options) {
        return translated(() -> indexBackfill.backfill(indexName, options));
    }

    @Override
    public MassResult removeStaleIndexAttributes(Collection<String> attributes, MassOptions options) {
        return translated(() -> indexBackfill.removeStale(attributes, options));
    }

    @Override
    public UniqueReport verifyUnique(String field) {
        return translated(() -> {
            uniqueGuards.requireWholeTable("verifyUnique");
            return MassOperations.of(attributes).verifyUnique(field);
        });
    }

    @Override
    public MassPageResult backfillUnique(String field) {
        return translated(() -> {
            uniqueGuards.requireWholeTable("backfillUnique");
            return uniqueGuards.backfillRun(field, MassOperations.of(attributes).backfillUnique(field));
        });
    }

    // ---------------------------------------------------------------- item-level work (e.g. Spring Batch steps)

    /**
     * The adapter typed to an entity class as this template maps it, for work that reads stored items itself and
     * writes them through the core's page-level mass writes ({@code MassWrites}), as a Spring Batch step does: items
     * are mapped by this template's converter, and reads pass the after-convert callbacks.
     *
     * @param entityClass the entity class (a domain type, or one of its tier classes)
     * @return the adapter
     */
    public <T> Adapter<T> entityAdapter(Class<T> entityClass) {
        return binding(entityClass).reads();
    }

    /**
     * A change of entities as this template's mass edits apply it: followed by the before-convert callbacks
     * (auditing) when it changed something, so that a change that changes nothing writes nothing.
     *
     * @param entityClass the entity class
     * @param change      the change
     * @return the change, audited
     */
    public <T> UnaryOperator<T> massChange(Class<T> entityClass, UnaryOperator<T> change) {
        return writes.audited(binding(entityClass), change);
    }

    /** @return where an index backfill of this template runs now: the current scope's subtree, or the whole table */
    MassScope indexBackfillScope() {
        return indexBackfill.massScope();
    }

    /** @return the unique-guard runs of this template, which tell its listener of the backfills that complete */
    UniqueGuardRuns uniqueGuards() {
        return uniqueGuards;
    }

    /** @return the index evolution of this template, which tells its listener of the runs that cover the table */
    ScopedIndexBackfill indexBackfill() {
        return indexBackfill;
    }

    /** @return the listener every mass run of this template reports to */
    MassProgressListener massProgress() {
        return massProgress;
    }

    // ---------------------------------------------------------------- internals

    @Override
    public String toString() {
        return "DynamoDbToolkitTemplate[" + getAdapterName() + ", table " + adapter.table()
                + (scope.isConfining() ? ", scoped by " + scope.fields() : "") + "]";
    }

    /**
     * Runs a call, translating a runtime failure with the template's translator (a failure it does not know is
     * rethrown as it is).
     */
    <R> R translated(Supplier<R> call) {
        try {
            return call.get();
        } catch (RuntimeException e) {
            throw translate(e);
        }
    }

    /** @return a failure translated with the template's translator, or itself when the translator does not know it */
    RuntimeException translate(RuntimeException failure) {
        DataAccessException translated = failure instanceof DataAccessException ? null
                : translator.translateExceptionIfPossible(failure);
        return translated != null ? translated : failure;
    }

    /** @return the keys as stored under the template's scope */
    StoredKeys storedKeys() {
        return storedKeys;
    }

    /** @return the template's entity writes, outside any transaction */
    EntityWrites entityWrites() {
        return writes;
    }

    /** @return the template's scope */
    TemplateScope scope() {
        return scope;
    }

    @SuppressWarnings("unchecked")
    <T> EntityBinding<T> binding(Class<T> entityClass) {
        EntityBinding<?> binding = bindings.get(Objects.requireNonNull(entityClass, "entity class"));
        if (binding == null) {
            binding = bindings.computeIfAbsent(entityClass, type -> new EntityBinding<>(adapter, type, converter,
                    callbacks, massProgress));
        }
        return (EntityBinding<T>) binding;
    }

    @SuppressWarnings("unchecked")
    <T> EntityBinding<T> bindingOf(T entity) {
        return (EntityBinding<T>) binding(Objects.requireNonNull(entity, "entity").getClass());
    }

    /**
     * @return the writes as they go now: straight to DynamoDB, or into the unit of work of the transaction the thread
     *         is in on the adapter's client, a failed action then named by the entity
     */
    private EntityWrites writes(String entityName) {
        ActionCollector unit = TransactionParticipation.unitOf(adapter);
        return unit == null ? writes : writes.joining(TransactionParticipation.naming(unit, entityName, translator));
    }

    private EntityWrites writes(Object entity) {
        return writes(name(Objects.requireNonNull(entity, "entity").getClass()));
    }

    private static String name(Class<?> entityClass) {
        return entityClass.getSimpleName();
    }

    private <T> SubtreeMassOperations<T, MassResult> mass(Class<T> entityClass) {
        TransactionParticipation.refuseInTransaction(adapter, "A mass operation on " + name(entityClass));
        return subtreeMass(binding(entityClass), binding(entityClass).mass());
    }

    /** @return the subtree mass operations of an entity class on an engine, under the template's scope */
    <T, R> SubtreeMassOperations<T, R> subtreeMass(EntityBinding<T> binding, MassRuns<T, R> engine) {
        return new SubtreeMassOperations<>(engine, adapter.keys(), scope, attributes::plan,
                change -> writes.audited(binding, change));
    }

    /** @return a key converted to its stored form */
    KeyValues storedForm(KeyValues key) {
        return storedKeys.converted(key);
    }

    private <T> MatchingMassOperations<T, MassResult> matching(Class<T> entityClass) {
        TransactionParticipation.refuseInTransaction(adapter, "A mass operation on " + name(entityClass));
        EntityBinding<T> binding = binding(entityClass);
        return matchingMass(binding, binding.mass());
    }

    /**
     * @return the copies and moves of matching rows of an entity class on an engine, confined to the scope current
     *         now (their changes run in the engine's threads)
     */
    <T, R> MatchingMassOperations<T, R> matchingMass(EntityBinding<T> binding, MassRuns<T, R> engine) {
        TemplateScope current = scope.pinned();
        return new MatchingMassOperations<>(engine, current, this::plan,
                entity -> current.apply(converted(writes.keyOf(bindingOf(entity), entity))));
    }

    private KeyValues converted(KeyValues key) {
        return storedKeys.converted(key);
    }

    /** @return a page of a plan; the rows of an index that projects less than all are read whole from the table */
    private <T> ItemPage<T> read(EntityBinding<T> binding, QueryPlan plan, ListOptions options) {
        return projectsWhole(plan.indexName()) ? binding.reads().query(plan, options)
                : binding.reads().queryIndirect(plan, options);
    }

    /** @return whether the table, or an index, holds whole items (an index of another projection is read back) */
    boolean projectsWhole(@Nullable String indexName) {
        return indexName == null || adapter.declaration().indexes().get(indexName).projection().type()
                .equals(IndexProjection.ALL.type());
    }

    /** Builds a {@link DynamoDbToolkitTemplate} with the application's beans. */
    public static final class Builder {

        private final Adapter<?> adapter;
        private final MappingDynamoDbConverter converter;
        private @Nullable EntityCallbacks callbacks;
        private Set<Class<?>> callbackKinds = Set.of();
        private @Nullable ScopeProvider scopeProvider;
        private MassProgressListener massProgress = MassProgressListener.NONE;
        private IndexEvolutionListener indexEvolution = IndexEvolutionListener.NONE;
        private PersistenceExceptionTranslator translator = new DynamoDbToolkitExceptionTranslator();

        private Builder(Adapter<?> adapter, MappingDynamoDbConverter converter) {
            this.adapter = Objects.requireNonNull(adapter, "adapter");
            this.converter = Objects.requireNonNull(converter, "converter");
        }

        /**
         * @param callbacks the application's entity callbacks
         * @param kinds     the callback interfaces the application has beans of ({@code BeforeConvertCallback}, ...):
         *                  other kinds are skipped without a lookup
         * @return this builder
         */
        public Builder entityCallbacks(EntityCallbacks callbacks, Set<Class<?>> kinds) {
            this.callbacks = callbacks;
            this.callbackKinds = Set.copyOf(kinds);
            return this;
        }

        /**
         * @param provider the application's scope provider, or null: calls are confined to its current scope when the
         *                 key design starts with its scope fields
         * @return this builder
         */
        public Builder scopeProvider(@Nullable ScopeProvider provider) {
            this.scopeProvider = provider;
            return this;
        }

        /** @param listener hears the progress of every mass-operation run @return this builder */
        public Builder massProgressListener(MassProgressListener listener) {
            this.massProgress = Objects.requireNonNull(listener, "listener");
            return this;
        }

        /**
         * @param listener hears the index backfills and removals of stale attributes that complete over the whole
         *                 table
         * @return this builder
         */
        public Builder indexEvolutionListener(IndexEvolutionListener listener) {
            this.indexEvolution = Objects.requireNonNull(listener, "listener");
            return this;
        }

        /**
         * @param translator translates every failure (by default the toolkit's
         *                   {@link DynamoDbToolkitExceptionTranslator})
         * @return this builder
         */
        public Builder exceptionTranslator(PersistenceExceptionTranslator translator) {
            this.translator = Objects.requireNonNull(translator, "translator");
            return this;
        }

        /** @return the template */
        public DynamoDbToolkitTemplate build() {
            return new DynamoDbToolkitTemplate(this);
        }
    }
}
