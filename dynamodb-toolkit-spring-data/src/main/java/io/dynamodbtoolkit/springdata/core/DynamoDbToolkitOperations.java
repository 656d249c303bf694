package io.dynamodbtoolkit.springdata.core;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.adapter.ItemPage;
import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.adapter.QueryPlan;
import io.dynamodbtoolkit.index.IndexQuery;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.key.SubtreeQuery;
import io.dynamodbtoolkit.mass.MassOptions;
import io.dynamodbtoolkit.mass.MassPageResult;
import io.dynamodbtoolkit.mass.MassResult;
import io.dynamodbtoolkit.mass.UniqueReport;
import io.dynamodbtoolkit.springdata.mapping.MappingDynamoDbConverter;
import io.dynamodbtoolkit.springdata.mapping.TierClasses;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.support.PersistenceExceptionTranslator;

/**
 * The entity-level operations on one adapter (one table and its key design), implemented by
 * {@link DynamoDbToolkitTemplate}: what the repositories are built on, and usable on its own. Entities are plain
 * classes and records mapped with Spring Data's mapping metadata; an entity class given to a read is the domain type
 * rows are read into (a sealed type reads each row as the class of its tier). Every key given is converted like an
 * entity property (enums, instants) and confined to the current scope of the application's {@link ScopeProvider}, and
 * every failure is a Spring {@link DataAccessException}, translated by the template's exception translator.
 *
 * <p>Writes use Spring Data's verbs: {@code insert} creates (the core's {@code post}), {@code save} creates or replaces
 * ({@code putForce}), {@code replace} replaces an existing item ({@code put}), {@code patch} updates attributes of an
 * existing one. List reads return the core's {@link ItemPage} (items, next cursor, read statistics, the key condition
 * sent), paged by {@link ListOptions}; {@code findAll} and {@code stream} read every page.
 */
public interface DynamoDbToolkitOperations extends HierarchicalMassOperations<MassResult> {

    // ---------------------------------------------------------------- what the operations are on

    /** @return the adapter's declared name */
    String getAdapterName();

    /** @return the adapter's declaration: table, key design, indexes, cascades */
    AdapterDeclaration<?> getDeclaration();

    /** @return the mapping */
    MappingDynamoDbConverter getConverter();

    /** @return the leading key fields every call is confined to by the current scope (empty when not confined) */
    List<String> getScopeFields();

    /**
     * @param entityClass a domain type
     * @return the classes its rows are read into, by tier
     * @throws io.dynamodbtoolkit.DeclarationException when the class cannot be mapped under the key design
     */
    <T> TierClasses<T> getTierClasses(Class<T> entityClass);

    /** @return the application's scope provider, if these operations were given one (it may not confine them) */
    Optional<ScopeProvider> getScopeProvider();

    /** @return the exception translator every call's failure goes through (the repositories' proxies use it too) */
    PersistenceExceptionTranslator getExceptionTranslator();

    /**
     * @return these operations as an {@code @Unscoped} repository sees them: calls are not confined to the current
     *         scope (they name the scope fields themselves), and mass deletes must be confirmed
     *         ({@code MassOptions.confirmingUnscopedDelete()}) while an application scope exists; these operations
     *         themselves when no scope confines them
     */
    DynamoDbToolkitOperations unscoped();

    /**
     * Runs work with the adapter itself, translating its failures as every other call's.
     *
     * @param callback the work
     * @return what the callback returns
     * @throws DataAccessException for a failure the translator knows; another runtime failure as it is
     */
    <R> R execute(AdapterCallback<R> callback);

    // ---------------------------------------------------------------- reads by key

    /** @return the row with this full key, as its tier's class */
    <T> Optional<T> findById(KeyValues key, Class<T> entityClass);

    /**
     * Reads the row holding a value of a unique field ({@code dynamodb.toolkit.adapters.<name>.unique}): two key
     * reads, the value's guard item then the row, never a Scan or a filter. Within the current scope, a row of another
     * scope is not returned.
     *
     * @param field       the unique field (its attribute name)
     * @param value       the value, converted like the entity's properties
     * @param scope       values of the leading key fields the field is unique within, where the current scope does
     *                    not give them; {@link KeyValues#empty()} for a field unique in the whole table
     * @param entityClass the class to read the row as
     * @return the row, or empty when no row holds the value
     */
    <T> Optional<T> findByUnique(String field, Object value, KeyValues scope, Class<T> entityClass);

    /** @return whether a row has this key (reading only its key attributes) */
    boolean existsById(KeyValues key);

    /** @return the rows with these keys, in the order of the keys, absent ones left out (BatchGetItem) */
    <T> List<T> findAllById(Iterable<KeyValues> keys, Class<T> entityClass);

    // ---------------------------------------------------------------- list reads: key seeks, a page at a time

    /** @return one page of a subtree: children, self and descendants (exactly), or a partial prefix */
    <T> ItemPage<T> findPage(SubtreeQuery subtree, ListOptions options, Class<T> entityClass);

    /**
     * @return one page of a key seek on the table ({@code IndexQuery.table()}) or a declared index, composed from
     *         field values; the rows of a keys-only or include index are read whole from the table
     */
    <T> ItemPage<T> findPage(IndexQuery query, ListOptions options, Class<T> entityClass);

    /** @return one page of a plan made by {@link #plan(SubtreeQuery)} or {@link #plan(IndexQuery)}, read as it is */
    <T> ItemPage<T> findPage(QueryPlan plan, ListOptions options, Class<T> entityClass);

    /**
     * @return one page of the members of a sparse index, by a Scan of the index (it reads only its members, in no
     *         particular order); whole rows are read from the table when the index projects less
     */
    <T> ItemPage<T> findIndexMembers(String indexName, ListOptions options, Class<T> entityClass);

    /** @return one page of a Scan of the table (reads every item: prefer key seeks), confined to the current scope */
    <T> ItemPage<T> scan(ListOptions options, Class<T> entityClass);

    /** @return every row of a subtree, in key order */
    <T> List<T> findAll(SubtreeQuery subtree, Class<T> entityClass);

    /** @return every row of a key seek, in key order */
    <T> List<T> findAll(IndexQuery query, Class<T> entityClass);

    /** @return the rows of a subtree, read a page at a time as the stream is consumed */
    <T> Stream<T> stream(SubtreeQuery subtree, Class<T> entityClass);

    /** @return the rows of a key seek, read a page at a time as the stream is consumed */
    <T> Stream<T> stream(IndexQuery query, Class<T> entityClass);

    /** @return the key seeks of a subtree, its node as stored within the current scope (nothing is read) */
    QueryPlan plan(SubtreeQuery subtree);

    /** @return the key seeks of a query, its values as stored within the current scope (nothing is read) */
    QueryPlan plan(IndexQuery query);

    // ---------------------------------------------------------------- writes

    /** Creates a row; fails with {@code DuplicateKeyException} when one has its key. @return the entity as written */
    <T> T insert(T entity);

    /**
     * Creates or replaces a row, a versioned one at its version ({@code OptimisticLockingFailureException} when
     * stale). @return the entity as written (new version, audit fields)
     */
    <T> T save(T entity);

    /**
     * Saves many entities: those without a version field in BatchWriteItem calls, several in flight; versioned ones,
     * and two with one key, one call each, as {@link #save}; inside a transaction, each as an action of it.
     * @return the entities as written, in order
     */
    <T> List<T> saveAll(Iterable<T> entities);

    /** Replaces an existing row; fails with {@code EmptyResultDataAccessException} when absent. @return the entity */
    <T> T replace(T entity);

    /**
     * Updates attributes of an existing row (never creates); values are written as the entity's properties would be,
     * null removes. @return the row after the update, as its tier's class
     */
    <T> T patch(KeyValues key, Map<String, ?> changes, Class<T> entityClass);

    /** Updates the non-null properties of a partial entity, checking its version. @return the row after the update */
    <T> T patch(T partial);

    /**
     * @return an in-place update of a row (increments, appends, set additions and removals, sets) sent as one
     *         UpdateItem with no read; the properties are checked against the entity class as they are named
     * @throws org.springframework.dao.InvalidDataAccessApiUsageException when a property is unknown, a key field, or
     *                                                                    does not fit the change
     */
    <T> AtomicUpdate<T> update(KeyValues key, Class<T> entityClass);

    /** Reads, changes and writes back only what changed, checked against the version read. @return the row after */
    <T> T edit(KeyValues key, UnaryOperator<T> change, Class<T> entityClass);

    /**
     * Moves one row (not what is under it) to the key its changed key fields give: in one transaction the changed row
     * is created where no row holds its key and the source deleted at the version read (its created-at kept, its
     * version plus one). Not inside a Spring transaction (it is a transaction of its own).
     *
     * @return the row as moved
     * @throws org.springframework.dao.EmptyResultDataAccessException when the row does not exist
     * @throws org.springframework.dao.DuplicateKeyException         when a row holds the target key
     * @throws org.springframework.dao.PermissionDeniedDataAccessException when the target lies outside the current
     *                                                                     scope
     */
    <T> T move(KeyValues key, UnaryOperator<T> change, Class<T> entityClass);

    /** Deletes by key, idempotently. @return whether a row was deleted */
    boolean deleteById(KeyValues key);

    /** Deletes an entity's row, at its version when it has one. @return whether a row was deleted */
    <T> boolean delete(T entity);

    /**
     * Deletes rows by key in batches, unconditionally (inside a transaction, or on an adapter with unique fields: one
     * delete each, the latter releasing the row's guards in its own transaction).
     */
    void deleteAllById(Iterable<KeyValues> keys);

    /** @return an entity's key fields, contiguous from the first */
    <T> KeyValues keyOf(T entity);

    // ---------------------------------------------------------------- transactions

    /**
     * Asserts that a row exists: inside a transaction, as an action of it (the transaction writes nothing unless the
     * row exists when it commits); outside one, now, as a transaction of the check alone.
     *
     * @throws org.springframework.dao.DataIntegrityViolationException when it does not (inside a transaction: at
     *                                                                 commit)
     */
    void assertExists(KeyValues key);

    /** @return a builder of a condition check on a row, an action of the transaction the thread is in */
    ConditionCheckSpec conditionCheck(KeyValues key);

    /**
     * Reads rows as one consistent snapshot with TransactGetItems (at most 100): no write lands between two of the
     * reads. Like every read inside a transaction, it sees the table, not the transaction's pending writes.
     *
     * @return the rows in the order of the keys, absent ones left out
     */
    <T> List<T> findSnapshot(Iterable<KeyValues> keys, Class<T> entityClass);

    // ---------------------------------------------------------------- mass operations (the core's engine)

    /** Deletes a node and everything under it, leaves first (a cascade: the adapter must declare cascades). */
    @Override
    <T> MassResult deleteAllUnder(KeyValues node, MassOptions options, Class<T> entityClass);

    /** Copies a node and its subtree to another node of the same depth (a prefix swap), the node first. */
    @Override
    <T> MassResult cloneAllUnder(KeyValues from, KeyValues to, MassOptions options, Class<T> entityClass);

    /** Moves a node and its subtree: the target written where absent, then the source deleted; safe to re-run. */
    @Override
    <T> MassResult moveAllUnder(KeyValues from, KeyValues to, MassOptions options, Class<T> entityClass);

    /** Edits a node and every row under it, writing only what changed. */
    @Override
    <T> MassResult editAllUnder(KeyValues node, UnaryOperator<T> change, MassOptions options, Class<T> entityClass);

    /**
     * Copies every row that matches the options' filter: within the current scope its node and everything under it,
     * outside any scope the whole table. Each row is read into its entity, changed, and written as a new row with the
     * key its changed key fields give (a change that keeps the key skips the row; one that leaves the current scope is
     * refused). Resumable by the result's cursor, bounded by {@code maxItems}; with
     * {@link MassOptions.Conditional#IF_NOT_EXISTS} a row already at a copy's key is left alone (skipped).
     */
    <T> MassResult cloneMatching(UnaryOperator<T> change, MassOptions options, Class<T> entityClass);

    /**
     * Moves every row that matches the options' filter, as {@link #cloneMatching} copies them: each changed row is
     * written at its new key, then its source deleted (a change that keeps the key leaves the row alone). Outside the
     * application's scope (with a {@link ScopeProvider} and no current scope) refused unless the options confirm it.
     * With {@link MassOptions.Conditional#IF_NOT_EXISTS} each row is moved by its own conditional calls, and a target
     * held by another row is a conflict (the source stays).
     */
    <T> MassResult moveMatching(UnaryOperator<T> change, MassOptions options, Class<T> entityClass);

    /** Deletes the rows under a node (not the node). */
    @Override
    <T> MassResult deleteUnder(KeyValues node, MassOptions options, Class<T> entityClass);

    /** Copies the rows under a node under another node of the same depth. */
    @Override
    <T> MassResult cloneUnder(KeyValues from, KeyValues to, MassOptions options, Class<T> entityClass);

    /** Moves the rows under a node under another node of the same depth; safe to re-run. */
    @Override
    <T> MassResult moveUnder(KeyValues from, KeyValues to, MassOptions options, Class<T> entityClass);

    /** Edits the rows under a node, writing only what changed. */
    @Override
    <T> MassResult editUnder(KeyValues node, UnaryOperator<T> change, MassOptions options, Class<T> entityClass);

    // ---------------------------------------------------------------- index evolution (the core's IndexBackfill)

    /**
     * Brings a declared index's computed attributes onto the items that lack them or carry stale ones (items written
     * before the index was declared or changed): inside the current scope over its subtree, otherwise over the whole
     * table in parallel Scan segments; only the computed attributes are written, each on the condition that the item
     * did not change meanwhile; resumable by the result's cursor.
     *
     * @throws org.springframework.dao.InvalidDataAccessApiUsageException when the index is not declared
     */
    MassResult backfillIndex(String indexName, MassOptions options);

    /**
     * Removes attributes the toolkit computed for an index no longer declared, where the backfill would run.
     *
     * @throws org.springframework.dao.InvalidDataAccessApiUsageException when an attribute is still declared or is
     *                                                                    the application's data
     */
    MassResult removeStaleIndexAttributes(Collection<String> attributes, MassOptions options);

    // ---------------------------------------------------------------- unique fields (the core's guard audit)

    /**
     * Checks the guards of a unique field against the rows of the whole table (the core's
     * {@code MassOperations.verifyUnique}): the values several rows hold, the rows without a guard, the rows whose
     * guard points at another row, the guards no row needs. Writes nothing.
     *
     * @throws org.springframework.dao.InvalidDataAccessApiUsageException when the field is not unique (naming the
     *                                                                    unique fields), or when called inside the
     *                                                                    current scope (the check reads every row)
     */
    UniqueReport verifyUnique(String field);

    /**
     * Writes the missing guards of a unique field over the whole table (the core's
     * {@code MassOperations.backfillUnique}), e.g. after declaring a field of existing rows unique. A run that
     * leaves no row failed or in conflict tells the {@link IndexEvolutionListener}s (the Boot starter's clears the
     * health warning).
     *
     * @return the guards written (processed), the rows already guarded (skipped), the conflicts and failures
     * @throws org.springframework.dao.InvalidDataAccessApiUsageException listing the values several rows hold, before
     *                                                                    anything is written; when the field is not
     *                                                                    unique; or when called inside the current
     *                                                                    scope
     */
    MassPageResult backfillUnique(String field);
}
