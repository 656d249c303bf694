package io.dynamodbtoolkit.springdata.core;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;

import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.adapter.ItemPage;
import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.adapter.QueryPlan;
import io.dynamodbtoolkit.index.IndexQuery;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.mass.MassOptions;
import io.dynamodbtoolkit.mass.MassPageResult;
import io.dynamodbtoolkit.mass.MassResult;
import io.dynamodbtoolkit.mass.UniqueReport;
import io.dynamodbtoolkit.key.SubtreeQuery;
import io.dynamodbtoolkit.springdata.mapping.MappingDynamoDbConverter;
import io.dynamodbtoolkit.springdata.mapping.TierClasses;
import org.reactivestreams.Publisher;
import org.springframework.dao.support.PersistenceExceptionTranslator;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The reactive counterpart of {@link DynamoDbToolkitOperations} for one adapter, on the asynchronous DynamoDB client:
 * the same key design, reads, writes, scope, entity callbacks and exception translation, with nothing blocking a
 * thread. A {@code Mono} is empty where the blocking method returns an empty {@code Optional} or null; a {@code Flux}
 * of a list read asks DynamoDB for the next page only when more items are asked for, for no more items than are asked
 * for, and cancelling it stops the reading (the {@link #findPages} variant hands out each page's cursor to resume
 * from).
 */
public interface ReactiveDynamoDbToolkitOperations extends HierarchicalMassOperations<Mono<MassResult>> {

    /** @return the adapter's name */
    String getAdapterName();

    /** @return the adapter's declaration */
    AdapterDeclaration<?> getDeclaration();

    /** @return the mapping */
    MappingDynamoDbConverter getConverter();

    /** @return the leading key fields the scope confines calls to (empty when not confined) */
    List<String> getScopeFields();

    /** @return the tier classes of an entity class (itself, or the permitted subclasses of a sealed hierarchy) */
    <T> TierClasses<T> getTierClasses(Class<T> entityClass);

    /** @return the application's scope provider, if these operations were given one (it may not confine them) */
    Optional<ScopeProvider> getScopeProvider();

    /** @return the exception translator every call's failure goes through (the repositories' proxies use it too) */
    PersistenceExceptionTranslator getExceptionTranslator();

    /**
     * @return the blocking operations of the same adapter, with the same scope, callbacks and translator: they plan
     *         the reads and writes these run on the asynchronous client
     */
    DynamoDbToolkitOperations getBlockingOperations();

    /**
     * @return these operations as an {@code @Unscoped} repository sees them (see
     *         {@link DynamoDbToolkitOperations#unscoped()}); these operations themselves when no scope confines them
     */
    ReactiveDynamoDbToolkitOperations unscoped();

    // ---------------------------------------------------------------- reads by key

    /** @return the entity with this key, or empty */
    <T> Mono<T> findById(KeyValues key, Class<T> entityClass);

    /**
     * @return the row holding a value of a unique field, or empty: two key reads on the asynchronous client; see
     *         {@link DynamoDbToolkitOperations#findByUnique}
     */
    <T> Mono<T> findByUnique(String field, Object value, KeyValues scope, Class<T> entityClass);

    /** @return whether an item has this key */
    Mono<Boolean> existsById(KeyValues key);

    /**
     * @return the entities found for the keys, in the keys' order (absent ones left out), read with BatchGetItem as
     *         the blocking template reads them (100 keys a call, unprocessed keys retried, calls in flight bounded)
     */
    <T> Flux<T> findAllById(Iterable<KeyValues> keys, Class<T> entityClass);

    /**
     * @return the entities of the keys read as one consistent snapshot (one TransactGetItems, at most 100 keys), in
     *         the keys' order, absent ones left out
     */
    <T> Flux<T> findSnapshot(Iterable<KeyValues> keys, Class<T> entityClass);

    /**
     * Asserts that an item has this key, now, with a TransactWriteItems of the condition check alone (a reactive call
     * joins no thread-bound transaction).
     *
     * @return empty when it exists; a {@code DataIntegrityViolationException} signalled when it does not
     */
    Mono<Void> assertExists(KeyValues key);

    // ---------------------------------------------------------------- list reads

    /** @return one page of a subtree (children, self and descendants, or a partial prefix), read with key seeks */
    <T> Mono<ItemPage<T>> findPage(SubtreeQuery subtree, ListOptions options, Class<T> entityClass);

    /** @return one page of a key-seek query on the table or an index (a sharded index merged in order) */
    <T> Mono<ItemPage<T>> findPage(IndexQuery query, ListOptions options, Class<T> entityClass);

    /** @return one page of a prepared plan */
    <T> Mono<ItemPage<T>> findPage(QueryPlan plan, ListOptions options, Class<T> entityClass);

    /**
     * @return the pages of a subtree from the options' cursor on, each read only when it is asked for (never ahead of
     *         demand); after a cancellation, the last page received holds the cursor to resume from
     */
    <T> Flux<ItemPage<T>> findPages(SubtreeQuery subtree, ListOptions options, Class<T> entityClass);

    /**
     * @return the pages of a key-seek query from the options' cursor on, as
     *         {@link #findPages(SubtreeQuery, ListOptions, Class)} reads a subtree's
     */
    <T> Flux<ItemPage<T>> findPages(IndexQuery query, ListOptions options, Class<T> entityClass);

    /** @return every entity of a subtree, page after page as they are consumed */
    <T> Flux<T> findAll(SubtreeQuery subtree, Class<T> entityClass);

    /** @return every entity a key-seek query finds, page after page as they are consumed */
    <T> Flux<T> findAll(IndexQuery query, Class<T> entityClass);

    /**
     * @return every member of a sparse index, with a Scan of the index (nothing but its members is read), page after
     *         page as they are consumed; the members of an index that projects less than all are read back whole
     */
    <T> Flux<T> findIndexMembers(String indexName, Class<T> entityClass);

    /**
     * @return one page of the members of a sparse index, by a Scan of the index; see
     *         {@link #findIndexMembers(String, Class)}
     */
    <T> Mono<ItemPage<T>> findIndexMembers(String indexName, ListOptions options, Class<T> entityClass);

    /**
     * @return one page of a Scan of the table (confined to the scope, whose fields then filter it): reads every item,
     *         for the {@code @AllowScan} query methods that ask for it
     */
    <T> Mono<ItemPage<T>> scan(ListOptions options, Class<T> entityClass);

    /** @return the plan of a subtree under the template's scope */
    QueryPlan plan(SubtreeQuery subtree);

    /** @return the plan of a key-seek query under the template's scope */
    QueryPlan plan(IndexQuery query);

    // ---------------------------------------------------------------- writes

    /** Creates an entity's item; fails with a {@code DuplicateKeyException} when one with its key exists. */
    <T> Mono<T> insert(T entity);

    /** Creates or replaces an entity's item (a versioned entity at its version). */
    <T> Mono<T> save(T entity);

    /**
     * Saves the entities as {@link #save} each, in windows of up to 100 taken from the publisher as it emits: a
     * window of entities that are not versioned, with distinct keys, goes in BatchWriteItem calls (as the blocking
     * template's {@code saveAll}); versioned entities, entities of an adapter with unique fields, and a window in
     * which two share a key, are saved one call each, in order.
     */
    <T> Flux<T> saveAll(Publisher<T> entities);

    /** Replaces an existing item; fails when there is none, or (versioned) when it was written since it was read. */
    <T> Mono<T> replace(T entity);

    /** Updates some attributes of an existing item (never creates one); null removes an attribute. */
    <T> Mono<T> patch(KeyValues key, Map<String, ?> changes, Class<T> entityClass);

    /** Updates the non-null properties of a partial entity (its key fields select the item). */
    <T> Mono<T> patch(T partial);

    /** Reads an entity, changes it, and writes back only what changed (checked against the version read). */
    <T> Mono<T> edit(KeyValues key, UnaryOperator<T> change, Class<T> entityClass);

    /**
     * @return an in-place update of a row (increments, appends, set additions and removals, sets) sent as one
     *         UpdateItem with no read when its {@code Mono} is subscribed to; the properties are checked against the
     *         entity class as they are named, as {@link DynamoDbToolkitOperations#update}'s
     * @throws org.springframework.dao.InvalidDataAccessApiUsageException when a property is unknown, a key field, or
     *                                                                    does not fit the change
     */
    <T> ReactiveAtomicUpdate<T> update(KeyValues key, Class<T> entityClass);

    /**
     * Moves one row (not what is under it) to the key its changed key fields give, in one transaction, as
     * {@link DynamoDbToolkitOperations#move}: empty-result, duplicate-key and scope failures as there.
     *
     * @return the row as moved
     */
    <T> Mono<T> move(KeyValues key, UnaryOperator<T> change, Class<T> entityClass);

    /** Deletes by key, idempotently. @return whether an item was deleted */
    Mono<Boolean> deleteById(KeyValues key);

    /**
     * Deletes the items of the keys, idempotently, with BatchWriteItem calls (unconditional); on an adapter with
     * unique fields one delete after the other, each releasing the row's guards in its own transaction.
     */
    Mono<Void> deleteAllById(Iterable<KeyValues> keys);

    /** Deletes an entity's item, at its version when it has one. @return whether an item was deleted */
    <T> Mono<Boolean> delete(T entity);

    /** @return an entity's key values */
    <T> KeyValues keyOf(T entity);

    // ---------------------------------------------------------------- cascades

    /**
     * Deletes a node and everything under it, leaves first, on the asynchronous mass engine (nothing blocks a
     * thread), with the blocking template's semantics: scope, parent guard, unscoped deletes refused, cursors.
     * Cancelling the Mono stops the run after the pages in process.
     *
     * @see DynamoDbToolkitOperations#deleteAllUnder
     */
    @Override
    <T> Mono<MassResult> deleteAllUnder(KeyValues node, MassOptions options, Class<T> entityClass);

    /** @see DynamoDbToolkitOperations#cloneAllUnder */
    @Override
    <T> Mono<MassResult> cloneAllUnder(KeyValues from, KeyValues to, MassOptions options, Class<T> entityClass);

    /** @see DynamoDbToolkitOperations#moveAllUnder */
    @Override
    <T> Mono<MassResult> moveAllUnder(KeyValues from, KeyValues to, MassOptions options, Class<T> entityClass);

    /** @see DynamoDbToolkitOperations#editAllUnder */
    @Override
    <T> Mono<MassResult> editAllUnder(KeyValues node, UnaryOperator<T> change, MassOptions options,
            Class<T> entityClass);

    /** Deletes the rows under a node (not the node), on the asynchronous mass engine; see {@link #deleteAllUnder}. */
    @Override
    <T> Mono<MassResult> deleteUnder(KeyValues node, MassOptions options, Class<T> entityClass);

    /** Copies the rows under a node under another node of the same depth; see {@link #deleteUnder}. */
    @Override
    <T> Mono<MassResult> cloneUnder(KeyValues from, KeyValues to, MassOptions options, Class<T> entityClass);

    /** Moves the rows under a node under another node of the same depth; see {@link #deleteUnder}. */
    @Override
    <T> Mono<MassResult> moveUnder(KeyValues from, KeyValues to, MassOptions options, Class<T> entityClass);

    /** Edits the rows under a node (not the node); see {@link #deleteUnder}. */
    @Override
    <T> Mono<MassResult> editUnder(KeyValues node, UnaryOperator<T> change, MassOptions options,
            Class<T> entityClass);

    /**
     * Copies every row that matches the options' filter through a change, on the asynchronous mass engine, as
     * {@link DynamoDbToolkitOperations#cloneMatching} does: within the scope current at subscription (every copy
     * checked against it), outside any scope the whole table.
     */
    <T> Mono<MassResult> cloneMatching(UnaryOperator<T> change, MassOptions options, Class<T> entityClass);

    /**
     * Moves every row that matches the options' filter through a change, as
     * {@link DynamoDbToolkitOperations#moveMatching} does; see {@link #cloneMatching}. Outside the application's scope
     * refused (an error signal) unless the options confirm it.
     */
    <T> Mono<MassResult> moveMatching(UnaryOperator<T> change, MassOptions options, Class<T> entityClass);

    /**
     * @return the run of {@link #deleteAllUnder}, with its progress page by page (paced by the subscriber's demand,
     *         cancelling it stops the run) and its result, cursor included, at the end
     */
    <T> ReactiveMassRun deleteAllUnderWithProgress(KeyValues node, MassOptions options, Class<T> entityClass);

    /** @return the run of {@link #cloneAllUnder}; see {@link #deleteAllUnderWithProgress} */
    <T> ReactiveMassRun cloneAllUnderWithProgress(KeyValues from, KeyValues to, MassOptions options,
            Class<T> entityClass);

    /** @return the run of {@link #moveAllUnder}; see {@link #deleteAllUnderWithProgress} */
    <T> ReactiveMassRun moveAllUnderWithProgress(KeyValues from, KeyValues to, MassOptions options,
            Class<T> entityClass);

    /** @return the run of {@link #editAllUnder}; see {@link #deleteAllUnderWithProgress} */
    <T> ReactiveMassRun editAllUnderWithProgress(KeyValues node, UnaryOperator<T> change, MassOptions options,
            Class<T> entityClass);

    // ---------------------------------------------------------------- index evolution (the core's AsyncIndexBackfill)

    /**
     * Brings a declared index's computed attributes onto the items that lack them, on the asynchronous client
     * (nothing blocks a thread), where and as {@link DynamoDbToolkitOperations#backfillIndex} does: inside the current
     * scope over its subtree, otherwise over the whole table in parallel Scan segments; resumable by the result's
     * cursor.
     *
     * @return fails with {@link org.springframework.dao.InvalidDataAccessApiUsageException} when the index is not
     *         declared
     */
    Mono<MassResult> backfillIndex(String indexName, MassOptions options);

    /**
     * Removes attributes the toolkit computed for an index no longer declared, where {@link #backfillIndex} would
     * run; see {@link DynamoDbToolkitOperations#removeStaleIndexAttributes}.
     *
     * @return fails with {@link org.springframework.dao.InvalidDataAccessApiUsageException} when an attribute is still
     *         declared or is the application's data
     */
    Mono<MassResult> removeStaleIndexAttributes(Collection<String> attributes, MassOptions options);

    /**
     * Checks the guards of a unique field against the rows of the whole table, on the asynchronous client; see
     * {@link DynamoDbToolkitOperations#verifyUnique}.
     *
     * @return fails with {@link org.springframework.dao.InvalidDataAccessApiUsageException} when the field is not
     *         unique or the call runs inside the current scope
     */
    Mono<UniqueReport> verifyUnique(String field);

    /**
     * Writes the missing guards of a unique field over the whole table, on the asynchronous client; see
     * {@link DynamoDbToolkitOperations#backfillUnique}.
     *
     * @return fails with {@link org.springframework.dao.InvalidDataAccessApiUsageException} listing the values several
     *         rows hold (before anything is written), when the field is not unique or the call runs inside the
     *         current scope
     */
    Mono<MassPageResult> backfillUnique(String field);
}
