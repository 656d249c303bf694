package io.dynamodbtoolkit.springdata.core;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.adapter.AsyncAdapter;
import io.dynamodbtoolkit.adapter.ItemPage;
import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.adapter.QueryPlan;
import io.dynamodbtoolkit.adapter.ReadOptions;
import io.dynamodbtoolkit.adapter.WriteOptions;
import io.dynamodbtoolkit.adapter.WriteResult;
import io.dynamodbtoolkit.expression.Condition;
import io.dynamodbtoolkit.expression.Update;
import io.dynamodbtoolkit.index.IndexQuery;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.key.SubtreeQuery;
import io.dynamodbtoolkit.key.SubtreeShape;
import io.dynamodbtoolkit.mass.AsyncIndexBackfill;
import io.dynamodbtoolkit.mass.AsyncMassOperations;
import io.dynamodbtoolkit.mass.MassOptions;
import io.dynamodbtoolkit.mass.MassPageResult;
import io.dynamodbtoolkit.mass.MassResult;
import io.dynamodbtoolkit.mass.MassRuns;
import io.dynamodbtoolkit.mass.MassScope;
import io.dynamodbtoolkit.mass.UniqueReport;
import io.dynamodbtoolkit.springdata.mapping.MappingDynamoDbConverter;
import io.dynamodbtoolkit.springdata.mapping.TierClasses;
import org.jspecify.annotations.Nullable;
import org.reactivestreams.Publisher;
import org.springframework.dao.support.PersistenceExceptionTranslator;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The {@link ReactiveDynamoDbToolkitOperations} of one adapter: a {@link DynamoDbToolkitTemplate}'s entity bindings,
 * scope, entity callbacks and exception translator, with its adapter's plans run on the asynchronous client
 * ({@link Adapter#async}). Nothing of the semantics is written twice: requests, conditions, versions, parent guards
 * and cursors are the blocking template's own.
 *
 * <pre>{@code
 * ReactiveDynamoDbToolkitTemplate rentals = new ReactiveDynamoDbToolkitTemplate(rentalsTemplate, asyncClient);
 * Flux<RentalRow> dallas = rentals.findAll(SubtreeQuery.selfAndDescendants(KeyValues.of("state", "TX",
 *         "facility", "Dallas")), RentalRow.class);
 * }</pre>
 *
 * Key lists are read with BatchGetItem and saved or deleted with BatchWriteItem, as by the blocking template; an
 * index that does not project whole items is read back from the table. Mass operations run on the core's
 * asynchronous mass engine and atomic updates on the asynchronous client, both paced by the subscriber; a reactive
 * call joins no thread-bound transaction (a {@code @Transactional} unit of work is the blocking template's).
 */
public class ReactiveDynamoDbToolkitTemplate implements ReactiveDynamoDbToolkitOperations {

    /** A save: creates or replaces the item. */
    private static final Writer SAVE = (attributes, item) -> attributes.putForce(item, WriteOptions.defaults());
    /** The most entities {@link #saveAll} takes for one batch put: four BatchWriteItem calls. */
    private static final int SAVE_WINDOW = 100;

    private final DynamoDbToolkitTemplate template;
    private final DynamoDbAsyncClient client;
    private final AsyncAdapter<Map<String, AttributeValue>> attributes;
    private final AsyncIndexBackfill indexBackfill;
    private final ConcurrentMap<Class<?>, AsyncAdapter<?>> readers = new ConcurrentHashMap<>();
    private volatile @Nullable ReactiveDynamoDbToolkitTemplate unscoped;

    /**
     * @param template the blocking template whose bindings, scope, callbacks and translator this one shares
     * @param client   the asynchronous client to call
     */
    public ReactiveDynamoDbToolkitTemplate(DynamoDbToolkitTemplate template, DynamoDbAsyncClient client) {
        this.template = Objects.requireNonNull(template, "template");
        this.client = Objects.requireNonNull(client, "client");
        this.attributes = template.getAdapter().attributes().async(client);
        this.indexBackfill = AsyncIndexBackfill.of(attributes).withListener(template.massProgress());
    }

    /** @return the blocking template this one shares its bindings, scope and translation with */
    public DynamoDbToolkitTemplate getBlockingTemplate() {
        return template;
    }

    /** @return the asynchronous client called */
    public DynamoDbAsyncClient getClient() {
        return client;
    }

    @Override
    public String getAdapterName() {
        return template.getAdapterName();
    }

    @Override
    public AdapterDeclaration<?> getDeclaration() {
        return template.getDeclaration();
    }

    @Override
    public MappingDynamoDbConverter getConverter() {
        return template.getConverter();
    }

    @Override
    public List<String> getScopeFields() {
        return template.getScopeFields();
    }

    @Override
    public <T> TierClasses<T> getTierClasses(Class<T> entityClass) {
        return template.getTierClasses(entityClass);
    }

    @Override
    public Optional<ScopeProvider> getScopeProvider() {
        return template.getScopeProvider();
    }

    @Override
    public PersistenceExceptionTranslator getExceptionTranslator() {
        return template.getExceptionTranslator();
    }

    @Override
    public DynamoDbToolkitOperations getBlockingOperations() {
        return template;
    }

    @Override
    public ReactiveDynamoDbToolkitTemplate unscoped() {
        ReactiveDynamoDbToolkitTemplate view = unscoped;
        if (view == null) {
            DynamoDbToolkitTemplate blocking = template.unscoped();
            view = blocking == template ? this : new ReactiveDynamoDbToolkitTemplate(blocking, client);
            unscoped = view;
        }
        return view;
    }

    // ---------------------------------------------------------------- reads by key

    @Override
    public <T> Mono<T> findById(KeyValues key, Class<T> entityClass) {
        return call(() -> reader(entityClass).get(template.storedKeys().scoped(key)));
    }

    @Override
    public <T> Mono<T> findByUnique(String field, Object value, KeyValues scope, Class<T> entityClass) {
        return call(() -> reader(entityClass).getByUnique(field, template.storedKeys().storedValue(value),
                template.storedKeys().scoped(scope), ReadOptions.defaults()));
    }

    @Override
    public Mono<Boolean> existsById(KeyValues key) {
        return call(() -> attributes.get(template.storedKeys().scoped(key), ReadOptions.defaults()
                .withFields(template.getAdapter().keys().partitionField().name())).thenApply(Objects::nonNull));
    }

    @Override
    public <T> Flux<T> findAllById(Iterable<KeyValues> keys, Class<T> entityClass) {
        return call(() -> {
            List<KeyValues> stored = new ArrayList<>();
            keys.forEach(key -> stored.add(template.storedKeys().scoped(key)));
            return reader(entityClass).getAll(stored, ReadOptions.defaults());
        }).flatMapIterable(found -> found.stream().filter(Objects::nonNull).toList());
    }

    @Override
    public <T> Flux<T> findSnapshot(Iterable<KeyValues> keys, Class<T> entityClass) {
        return call(() -> {
            List<KeyValues> stored = new ArrayList<>();
            keys.forEach(key -> stored.add(template.storedKeys().scoped(key)));
            return template.checks().snapshotAsync(client, stored);
        }).flatMapIterable(found -> {
            Adapter<T> reads = template.binding(entityClass).reads();
            return found.stream().filter(Objects::nonNull).map(reads::toItem).toList();
        });
    }

    @Override
    public Mono<Void> assertExists(KeyValues key) {
        return call(() -> template.checks().checkAsync(client, template.storedKeys().scoped(key),
                Condition.attribute(template.getAdapter().keys().partitionField().name()).exists(), "exists"));
    }

    // ---------------------------------------------------------------- list reads

    @Override
    public <T> Mono<ItemPage<T>> findPage(SubtreeQuery subtree, ListOptions options, Class<T> entityClass) {
        return call(() -> reader(entityClass).query(attributes.plan(template.storedKeys().scoped(subtree)), options));
    }

    @Override
    public <T> Mono<ItemPage<T>> findPage(IndexQuery query, ListOptions options, Class<T> entityClass) {
        return call(() -> read(entityClass, attributes.plan(template.storedKeys().scoped(query)), options));
    }

    @Override
    public <T> Mono<ItemPage<T>> findPage(QueryPlan plan, ListOptions options, Class<T> entityClass) {
        return call(() -> read(entityClass, plan, options));
    }

    @Override
    public <T> Flux<ItemPage<T>> findPages(SubtreeQuery subtree, ListOptions options, Class<T> entityClass) {
        return planned(() -> attributes.plan(template.storedKeys().scoped(subtree)),
                plan -> pages(page -> findPage(plan, page, entityClass), options));
    }

    @Override
    public <T> Flux<ItemPage<T>> findPages(IndexQuery query, ListOptions options, Class<T> entityClass) {
        return planned(() -> attributes.plan(template.storedKeys().scoped(query)),
                plan -> pages(page -> findPage(plan, page, entityClass), options));
    }

    @Override
    public <T> Flux<T> findAll(SubtreeQuery subtree, Class<T> entityClass) {
        return planned(() -> attributes.plan(template.storedKeys().scoped(subtree)), plan -> ReactivePagedReads.items(
                options -> findPage(plan, options, entityClass), ListOptions.defaults(), 0));
    }

    @Override
    public <T> Flux<T> findAll(IndexQuery query, Class<T> entityClass) {
        return planned(() -> attributes.plan(template.storedKeys().scoped(query)), plan -> ReactivePagedReads.items(
                options -> findPage(plan, options, entityClass), ListOptions.defaults(), 0));
    }

    @Override
    public <T> Flux<T> findIndexMembers(String indexName, Class<T> entityClass) {
        return ReactivePagedReads.items(options -> findIndexMembers(indexName, options, entityClass),
                ListOptions.defaults(), 0);
    }

    @Override
    public <T> Mono<ItemPage<T>> findIndexMembers(String indexName, ListOptions options, Class<T> entityClass) {
        return call(() -> template.projectsWhole(indexName) ? reader(entityClass).scanIndex(indexName, options)
                : reader(entityClass).scanIndexIndirect(indexName, options));
    }

    @Override
    public <T> Mono<ItemPage<T>> scan(ListOptions options, Class<T> entityClass) {
        return call(() -> reader(entityClass).scan(template.confined(options)));
    }

    @Override
    public QueryPlan plan(SubtreeQuery subtree) {
        return template.plan(subtree);
    }

    @Override
    public QueryPlan plan(IndexQuery query) {
        return template.plan(query);
    }

    // ---------------------------------------------------------------- writes

    @Override
    public <T> Mono<T> insert(T entity) {
        return write(entity, (writer, item) -> writer.post(item, WriteOptions.defaults()));
    }

    @Override
    public <T> Mono<T> save(T entity) {
        return write(entity, SAVE);
    }

    @Override
    public <T> Flux<T> saveAll(Publisher<T> entities) {
        // the windows after the first are saved from the client's threads: all within the scope of the subscription,
        // their callbacks with the thread-bound values of the subscriber
        return Flux.defer(() -> {
            EntityWrites writes = template.entityWrites().pinned();
            CallerContext caller = CallerContext.capture();
            return Flux.from(entities).buffer(SAVE_WINDOW).concatMap(window -> saveWindow(window, writes, caller));
        });
    }

    @Override
    public <T> Mono<T> replace(T entity) {
        return write(entity, (writer, item) -> writer.put(item, WriteOptions.defaults()));
    }

    @Override
    public <T> Mono<T> patch(KeyValues key, Map<String, ?> changes, Class<T> entityClass) {
        return call(() -> {
            EntityBinding<T> binding = template.binding(entityClass);
            return attributes.patch(template.storedKeys().scoped(key),
                    template.entityWrites().converted(binding, key, changes), Update.empty(), WriteOptions.defaults())
                    .thenApply(result -> EntityWrites.entity(binding, result));
        });
    }

    @Override
    public <T> Mono<T> patch(T partial) {
        return call(() -> {
            EntityBinding<T> binding = template.bindingOf(partial);
            Map<String, AttributeValue> changes = template.entityWrites().toPatch(binding, partial);
            return attributes.patch(attributes.keys().codec().keyValuesFromItem(changes), changes,
                    Update.empty(), WriteOptions.defaults()).thenApply(result -> EntityWrites.entity(binding, result));
        });
    }

    @Override
    public <T> Mono<T> edit(KeyValues key, UnaryOperator<T> change, Class<T> entityClass) {
        return call(() -> {
            EntityBinding<T> binding = template.binding(entityClass);
            return writer(binding).edit(template.storedKeys().scoped(key),
                    template.entityWrites().audited(binding, change), false).thenApply(WriteResult::item);
        });
    }

    @Override
    public <T> ReactiveAtomicUpdate<T> update(KeyValues key, Class<T> entityClass) {
        UpdatableProperties properties = template.translated(() -> UpdatableProperties.of(template, entityClass));
        return new ReactiveAtomicUpdate<>(key, properties, (row, sets, actions, version, returnRow) -> call(() -> {
            EntityBinding<T> binding = template.binding(entityClass);
            return attributes.patch(template.storedKeys().scoped(row),
                    template.entityWrites().converted(binding, row, sets), actions,
                    EntityWrites.updateOptions(version, returnRow))
                    .thenApply(result -> returnRow ? EntityWrites.entity(binding, result) : null);
        }));
    }

    @Override
    public <T> Mono<T> move(KeyValues key, UnaryOperator<T> change, Class<T> entityClass) {
        return call(() -> {
            EntityBinding<T> binding = template.binding(entityClass);
            return writer(binding).move(template.storedKeys().scoped(key),
                    template.entityWrites().movedWithinScope(binding, change));
        });
    }

    @Override
    public Mono<Boolean> deleteById(KeyValues key) {
        return call(() -> attributes.delete(template.storedKeys().scoped(key)));
    }

    @Override
    public Mono<Void> deleteAllById(Iterable<KeyValues> keys) {
        return call(() -> {
            List<KeyValues> scoped = new ArrayList<>();
            keys.forEach(key -> scoped.add(template.storedKeys().scoped(key)));
            if (template.entityWrites().hasUniqueFields()) {
                // one delete after the other, each releasing the row's guards in its own transaction
                CompletableFuture<Boolean> deletes = CompletableFuture.completedFuture(true);
                for (KeyValues key : scoped) {
                    deletes = deletes.thenCompose(previous -> attributes.delete(key));
                }
                return deletes.thenApply(last -> (Object) scoped);
            }
            return attributes.deleteAll(scoped).thenApply(stats -> (Object) stats);
        }).then();
    }

    @Override
    public <T> Mono<Boolean> delete(T entity) {
        return call(() -> {
            Map<String, AttributeValue> item = template.entityWrites().toDelete(template.bindingOf(entity), entity);
            return attributes.delete(attributes.keys().codec().keyValuesFromItem(item),
                    template.entityWrites().deleteOptions(item)).thenApply(result -> !result.returned().isEmpty());
        });
    }

    @Override
    public <T> KeyValues keyOf(T entity) {
        return template.keyOf(entity);
    }

    @Override
    public String toString() {
        return "ReactiveDynamoDbToolkitTemplate[" + getAdapterName() + ", table " + template.getAdapter().table()
                + "]";
    }

    // ---------------------------------------------------------------- cascades

    @Override
    public <T> Mono<MassResult> deleteAllUnder(KeyValues node, MassOptions options, Class<T> entityClass) {
        return deleteAllUnderWithProgress(node, options, entityClass).result();
    }

    @Override
    public <T> Mono<MassResult> cloneAllUnder(KeyValues from, KeyValues to, MassOptions options,
            Class<T> entityClass) {
        return cloneAllUnderWithProgress(from, to, options, entityClass).result();
    }

    @Override
    public <T> Mono<MassResult> moveAllUnder(KeyValues from, KeyValues to, MassOptions options,
            Class<T> entityClass) {
        return moveAllUnderWithProgress(from, to, options, entityClass).result();
    }

    @Override
    public <T> Mono<MassResult> editAllUnder(KeyValues node, UnaryOperator<T> change, MassOptions options,
            Class<T> entityClass) {
        return editAllUnderWithProgress(node, change, options, entityClass).result();
    }

    @Override
    public <T> Mono<MassResult> deleteUnder(KeyValues node, MassOptions options, Class<T> entityClass) {
        return deleting(SubtreeShape.CHILDREN, node, options, entityClass).result();
    }

    @Override
    public <T> Mono<MassResult> cloneUnder(KeyValues from, KeyValues to, MassOptions options, Class<T> entityClass) {
        return copying(SubtreeShape.CHILDREN, from, to, options, entityClass).result();
    }

    @Override
    public <T> Mono<MassResult> moveUnder(KeyValues from, KeyValues to, MassOptions options, Class<T> entityClass) {
        return moving(SubtreeShape.CHILDREN, from, to, options, entityClass).result();
    }

    @Override
    public <T> Mono<MassResult> editUnder(KeyValues node, UnaryOperator<T> change, MassOptions options,
            Class<T> entityClass) {
        return editing(SubtreeShape.CHILDREN, node, change, options, entityClass).result();
    }

    @Override
    public <T> Mono<MassResult> cloneMatching(UnaryOperator<T> change, MassOptions options, Class<T> entityClass) {
        return massRun(entityClass, options, (binding, engine, run) -> template.matchingMass(binding, engine)
                .copy(change, run)).result();
    }

    @Override
    public <T> Mono<MassResult> moveMatching(UnaryOperator<T> change, MassOptions options, Class<T> entityClass) {
        return massRun(entityClass, options, (binding, engine, run) -> template.matchingMass(binding, engine)
                .move(change, run)).result();
    }

    @Override
    public <T> ReactiveMassRun deleteAllUnderWithProgress(KeyValues node, MassOptions options,
            Class<T> entityClass) {
        return deleting(SubtreeShape.SELF_AND_DESCENDANTS, node, options, entityClass);
    }

    @Override
    public <T> ReactiveMassRun cloneAllUnderWithProgress(KeyValues from, KeyValues to, MassOptions options,
            Class<T> entityClass) {
        return copying(SubtreeShape.SELF_AND_DESCENDANTS, from, to, options, entityClass);
    }

    @Override
    public <T> ReactiveMassRun moveAllUnderWithProgress(KeyValues from, KeyValues to, MassOptions options,
            Class<T> entityClass) {
        return moving(SubtreeShape.SELF_AND_DESCENDANTS, from, to, options, entityClass);
    }

    @Override
    public <T> ReactiveMassRun editAllUnderWithProgress(KeyValues node, UnaryOperator<T> change,
            MassOptions options, Class<T> entityClass) {
        return editing(SubtreeShape.SELF_AND_DESCENDANTS, node, change, options, entityClass);
    }

    /** @return the run of a delete of a subtree (the rows under the node, with or without the node) */
    private <T> ReactiveMassRun deleting(SubtreeShape subtree, KeyValues node, MassOptions options,
            Class<T> entityClass) {
        return massRun(entityClass, options, (binding, engine, run) -> template.subtreeMass(binding, engine)
                .delete(subtree, template.storedForm(node), run));
    }

    /** @return the run of a copy of a subtree under another node */
    private <T> ReactiveMassRun copying(SubtreeShape subtree, KeyValues from, KeyValues to, MassOptions options,
            Class<T> entityClass) {
        return massRun(entityClass, options, (binding, engine, run) -> template.subtreeMass(binding, engine)
                .copy(subtree, template.storedForm(from), template.storedForm(to), run));
    }

    /** @return the run of a move of a subtree under another node */
    private <T> ReactiveMassRun moving(SubtreeShape subtree, KeyValues from, KeyValues to, MassOptions options,
            Class<T> entityClass) {
        return massRun(entityClass, options, (binding, engine, run) -> template.subtreeMass(binding, engine)
                .move(subtree, template.storedForm(from), template.storedForm(to), run));
    }

    /** @return the run of an edit of a subtree */
    private <T> ReactiveMassRun editing(SubtreeShape subtree, KeyValues node, UnaryOperator<T> change,
            MassOptions options, Class<T> entityClass) {
        return massRun(entityClass, options, (binding, engine, run) -> template.subtreeMass(binding, engine)
                .edit(subtree, template.storedForm(node), change, run));
    }

    // ---------------------------------------------------------------- index evolution

    @Override
    public Mono<MassResult> backfillIndex(String indexName, MassOptions options) {
        return call(() -> {
            MassScope where = template.indexBackfillScope();
            return indexBackfill.backfill(indexName, where, options).thenApply(run -> template.indexBackfill()
                    .backfillRun(indexName, where, options, run));
        });
    }

    @Override
    public Mono<MassResult> removeStaleIndexAttributes(Collection<String> attributes, MassOptions options) {
        return call(() -> {
            MassScope where = template.indexBackfillScope();
            return indexBackfill.removeStale(attributes, where, options).thenApply(run -> template.indexBackfill()
                    .staleRemovalRun(attributes, where, options, run));
        });
    }

    @Override
    public Mono<UniqueReport> verifyUnique(String field) {
        return call(() -> {
            template.uniqueGuards().requireWholeTable("verifyUnique");
            return AsyncMassOperations.of(attributes).verifyUnique(field);
        });
    }

    @Override
    public Mono<MassPageResult> backfillUnique(String field) {
        return call(() -> {
            template.uniqueGuards().requireWholeTable("backfillUnique");
            return AsyncMassOperations.of(attributes).backfillUnique(field)
                    .thenApply(run -> template.uniqueGuards().backfillRun(field, run));
        });
    }

    // ---------------------------------------------------------------- internals

    /**
     * @return a run of a mass operation on the asynchronous engine, under the template's scope, its progress reported
     *         to the run's listener too
     */
    private <T> ReactiveMassRun massRun(Class<T> entityClass, MassOptions options, MassCall<T> operation) {
        return new ReactiveMassRun((pacing, listener) -> {
            EntityBinding<T> binding = template.binding(entityClass);
            return operation.run(binding, binding.asyncMass(client, pacing),
                    options.withListener(options.listener().andThen(listener)));
        }, template::translate);
    }

    /** Writes an entity: converted and called back as the blocking template does, written asynchronously. */
    private <T> Mono<T> write(T entity, Writer writer) {
        return write(entity, template.entityWrites(), writer);
    }

    private <T> Mono<T> write(T entity, EntityWrites writes, Writer writer) {
        return Mono.defer(() -> write(entity, writes, writer, CallerContext.capture()));
    }

    /**
     * @param caller the thread-bound values of the subscriber, for the callbacks (the after-save ones run in the
     *               client's thread)
     */
    private <T> Mono<T> write(T entity, EntityWrites writes, Writer writer, CallerContext caller) {
        return call(() -> caller.within(() -> {
            EntityBinding<T> binding = template.bindingOf(entity);
            Map<String, AttributeValue> item = writes.toWrite(binding, entity);
            return writer.write(attributes, item).thenApply(caller.around(result -> writes.written(binding, result)));
        }));
    }

    /** @return a window of {@link #saveAll} saved: in batches as the blocking template saves them, else one by one */
    private <T> Flux<T> saveWindow(List<T> window, EntityWrites writes, CallerContext caller) {
        return Flux.defer(() -> {
            EntityWrites.BatchSave<T> batch = caller.within(() -> writes.batchSave(window, template::bindingOf));
            if (batch == null) {
                return Flux.fromIterable(window).concatMap(entity -> write(entity, writes, SAVE, caller));
            }
            return call(() -> attributes.putAllReturningItems(batch.items()).thenApply(caller.around(batch::saved)))
                    .flatMapIterable(saved -> saved);
        }).onErrorMap(RuntimeException.class, template::translate);
    }

    /**
     * @return the pages of a read planned once, within the scope current at subscription: the pages after the first
     *         are asked for from the client's threads, where a thread-bound scope provider has no scope; a failure to
     *         plan is an error signal, translated
     */
    private <R> Flux<R> planned(Supplier<QueryPlan> plan, Function<QueryPlan, Flux<R>> pages) {
        return Flux.defer(() -> pages.apply(plan.get())).onErrorMap(RuntimeException.class, template::translate);
    }

    /**
     * @return a call as a Mono: its future made when subscribed, a failure (also one thrown while planning)
     *         translated as the blocking template translates it
     */
    private <R> Mono<R> call(Supplier<CompletableFuture<R>> call) {
        return Mono.defer(() -> Mono.fromFuture(call.get())).onErrorMap(RuntimeException.class,
                template::translate);
    }

    /** @return a page of a plan; the rows of an index that projects less than all are read whole from the table */
    private <T> CompletableFuture<ItemPage<T>> read(Class<T> entityClass, QueryPlan plan, ListOptions options) {
        return template.projectsWhole(plan.indexName()) ? reader(entityClass).query(plan, options)
                : reader(entityClass).queryIndirect(plan, options);
    }

    /**
     * @return the reader of the class: shared, or, when its reads pass after-convert callbacks, one of this call whose
     *         callbacks run with the thread-bound values of the thread calling now (the subscriber's), since the items
     *         are mapped in the client's threads
     */
    @SuppressWarnings("unchecked")
    private <T> AsyncAdapter<T> reader(Class<T> entityClass) {
        AsyncAdapter<?> reader = readers.get(entityClass);
        if (reader == null) {
            EntityBinding<T> binding = template.binding(entityClass);
            if (binding.callsBackAfterConvert()) {
                return binding.readsWith(CallerContext.capture()).async(client);
            }
            reader = readers.computeIfAbsent(entityClass, type -> binding.reads().async(client));
        }
        return (AsyncAdapter<T>) reader;
    }

    private <T> AsyncAdapter<T> writer(EntityBinding<T> binding) {
        return binding.entities().async(client);
    }

    /**
     * @return the pages from the options' cursor on, the next one read only when the one before it is delivered and
     *         another page is asked for (from the client's threads, with the subscriber's thread-bound values)
     */
    private static <T> Flux<ItemPage<T>> pages(Function<ListOptions, Mono<ItemPage<T>>> page, ListOptions options) {
        return Flux.defer(() -> {
            CallerContext caller = CallerContext.capture();
            return OnDemandPages.walk((cursor, demand) -> ReactivePagedReads.subscribedWithin(caller,
                    () -> page.apply(cursor == null ? options : options.withCursor(cursor))), List::of,
                    last -> last.nextCursor() == null);
        });
    }

    /** One mass operation of an entity class, on the asynchronous engine. */
    @FunctionalInterface
    private interface MassCall<T> {
        CompletableFuture<MassResult> run(EntityBinding<T> binding,
                MassRuns<T, CompletableFuture<MassResult>> engine, MassOptions options);
    }

    /** One asynchronous write of a converted item. */
    @FunctionalInterface
    private interface Writer {
        CompletableFuture<WriteResult<Map<String, AttributeValue>>> write(
                AsyncAdapter<Map<String, AttributeValue>> attributes, Map<String, AttributeValue> item);
    }
}
