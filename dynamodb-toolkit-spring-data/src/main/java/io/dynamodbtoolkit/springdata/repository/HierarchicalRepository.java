package io.dynamodbtoolkit.springdata.repository;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;

import io.dynamodbtoolkit.adapter.ItemPage;
import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.mass.MassOptions;
import io.dynamodbtoolkit.mass.MassResult;
import org.springframework.data.domain.Example;
import org.springframework.data.domain.Limit;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.ScrollPosition;
import org.springframework.data.domain.Slice;
import org.springframework.data.domain.Sort;
import org.springframework.data.domain.Window;
import org.springframework.data.repository.NoRepositoryBean;
import org.springframework.data.repository.Repository;
import org.springframework.data.repository.query.QueryByExampleExecutor;

/**
 * A repository over one adapter's items, addressed by key prefixes ({@link KeyValues}) of its key design: subtree
 * reads that are always key seeks, reads by key, and writes with the toolkit's semantics (create-only insert,
 * replace, create-or-replace save, patch that never creates, edit that writes only what changed, optimistic locking
 * through {@code @Version}). Failures are Spring {@code DataAccessException}s.
 *
 * <p>Extend it and bind the interface to an adapter with {@link AdapterName @AdapterName}; declare further methods
 * whose parameters name key fields ({@code findUnder}, {@code findSelfAndUnder}, {@code findByPartial} and derived
 * {@code findBy...} methods that map onto the key):
 *
 * <pre>{@code
 * @AdapterName("rentals")
 * interface RentalRepository extends HierarchicalRepository<RentalRow> {
 *     List<Vehicle> findUnder(String state, String facility);
 *     Window<Vehicle> findUnder(String state, String facility, ScrollPosition position, Limit limit);
 * }
 * }</pre>
 *
 * <p>Failures are translated as described by {@code DynamoDbToolkitExceptionTranslator}.
 *
 * <p>Not offered, on purpose: {@code findAll()} and {@code count()} would read the whole table (a Scan); count the
 * rows under a key with a declared {@code countBy...} or {@code Page} method instead.
 *
 * <p>Query by example ({@link QueryByExampleExecutor}): an example is read as a key seek, its key fields a prefix of
 * the key design (equalities, then a {@code STARTING} match or a range on the next) or the key fields of a declared
 * index. Its other set properties are refused unless the example is a {@link FilteringExample} (they then become a
 * FilterExpression); an example with no key seek, a matcher DynamoDB cannot express ({@code ENDING}, {@code REGEX},
 * case-insensitive on a field without a search mirror, {@code matchingAny()} over several properties) or a property
 * holding a collection or nested object is refused with an {@code InvalidDataAccessApiUsageException} naming the
 * property and the fix. Sorts follow the seek's key order; {@code project(...)} is refused.
 *
 * @param <T> the domain type: one entity class, or the common type of a hierarchy's tier classes
 */
@NoRepositoryBean
public interface HierarchicalRepository<T> extends Repository<T, KeyValues>, QueryByExampleExecutor<T> {

    // ---------------------------------------------------------------- reads by key

    /** @return the item with this full key (a state, facility or vehicle row by the depth of the key) */
    Optional<T> findById(KeyValues key);

    /** @return whether an item has this key (reads only its key attributes) */
    boolean existsById(KeyValues key);

    /**
     * Asserts that an item has this key: inside a transaction, as a condition check of it (nothing is written unless
     * the item exists when the transaction commits); outside one, now.
     *
     * @throws org.springframework.dao.DataIntegrityViolationException when it does not (inside a transaction: at
     *                                                                 commit)
     */
    void assertExists(KeyValues key);

    /**
     * @return the items with these keys read as one consistent snapshot (one TransactGetItems, at most 100 keys), in
     *         the order of the keys, absent ones left out
     */
    List<T> findSnapshot(Iterable<KeyValues> keys);

    /** @return the items found for these keys, in the order of the keys (absent ones left out) */
    List<T> findAllById(Iterable<KeyValues> keys);

    // ---------------------------------------------------------------- subtree reads (key seeks, never filters)

    /** @return every row under the node, not the node itself, in key order */
    List<T> findUnder(KeyValues node);

    /** @return one window of the rows under the node; resume with the position of its last item */
    Window<T> findUnder(KeyValues node, ScrollPosition position, Limit limit);

    /**
     * @return one slice of the rows under the node; its sort may be the key fields below the node (one
     *         direction); later pages skip the earlier items with extra (counting) reads, so prefer windows
     */
    Slice<T> findUnder(KeyValues node, Pageable pageable);

    /** @return the node's row and every row under it, exactly (never a sibling whose value extends the node's) */
    List<T> findSelfAndUnder(KeyValues node);

    /** @return one window of the node's row and the rows under it */
    Window<T> findSelfAndUnder(KeyValues node, ScrollPosition position, Limit limit);

    /** @return one slice of the node's row and the rows under it */
    Slice<T> findSelfAndUnder(KeyValues node, Pageable pageable);

    /** @return the rows under {@code parent} whose next-tier value starts with {@code prefix}, and their subtrees */
    List<T> findByPartial(KeyValues parent, String prefix);

    /** @return one window of the rows under {@code parent} whose next-tier value starts with {@code prefix} */
    Window<T> findByPartial(KeyValues parent, String prefix, ScrollPosition position, Limit limit);

    /** @return one slice of the rows under {@code parent} whose next-tier value starts with {@code prefix} */
    Slice<T> findByPartial(KeyValues parent, String prefix, Pageable pageable);

    // ---------------------------------------------------------------- sparse indexes (key seeks on an index)

    /**
     * @return every member of a sparse index: of a marker index (one per tier, say) by a Query, in the index's key
     *         order; of an index declared sparse whose partition key has fields (a review queue keyed on a flag) by a
     *         Scan of the index, which reads only its members, in no particular order; whole items even from a
     *         keys-only index (read back from the table)
     */
    List<T> findInSparseIndex(String indexName);

    /** @return one window of every member of a sparse index */
    Window<T> findInSparseIndex(String indexName, ScrollPosition position, Limit limit);

    /**
     * @param indexName the index
     * @param keyFields equalities on the index's leading key fields, e.g. {@code reviewFlag=pending}
     * @return the members with those key values, in the index's key order
     */
    List<T> findInSparseIndex(String indexName, KeyValues keyFields);

    /** @return one window of the members with those key values */
    Window<T> findInSparseIndex(String indexName, KeyValues keyFields, ScrollPosition position, Limit limit);

    // ---------------------------------------------------------------- mass operations (the core's engine)

    /**
     * Deletes a node and everything under it, leaves first, in pages and batches. With {@code maxItems} a run stops
     * early and the result's cursor resumes it exactly. Needs cascades declared on the adapter; outside the
     * application's scope it must be confirmed ({@code MassOptions.confirmingUnscopedDelete()}).
     */
    MassResult deleteAllUnder(KeyValues node, MassOptions options);

    /** Copies a node and everything under it to another node of the same depth (a prefix swap), node first. */
    MassResult cloneAllUnder(KeyValues from, KeyValues to, MassOptions options);

    /** Moves a node and everything under it to another node of the same depth; safe to re-run after a crash. */
    MassResult moveAllUnder(KeyValues from, KeyValues to, MassOptions options);

    /** Edits a node and everything under it, writing only what changed, checked against the version read. */
    MassResult editAllUnder(KeyValues node, UnaryOperator<T> change, MassOptions options);

    // ---------------------------------------------------------------- index evolution (the core's IndexBackfill)

    /**
     * Backfills a declared index: writes the attributes the toolkit computes for it (markers, shards, composite keys,
     * membership) onto the items written before the index was declared or changed, which DynamoDB's own index build
     * cannot see, and removes them from items that left it. Only those attributes are written, each item on the
     * condition that what they are computed from is as read, so the application may write meanwhile; the version
     * stays. Inside the application's scope the run covers that scope's subtree, otherwise the whole table (parallel
     * Scan segments). With {@code maxItems} a run stops early and the result's cursor resumes it.
     *
     * @throws org.springframework.dao.InvalidDataAccessApiUsageException naming the declared indexes, when the index
     *                                                                    is not one of them
     */
    MassResult backfillIndex(String indexName, MassOptions options);

    /**
     * Removes attributes the toolkit computed for an index that is no longer declared (start-up provisioning names
     * them); never done automatically. Covers the scope's subtree or the whole table, as {@link #backfillIndex}.
     *
     * @param attributes the stale attributes, e.g. the retired index's marker
     * @throws org.springframework.dao.InvalidDataAccessApiUsageException when an attribute is still declared, or is
     *                                                                    the application's data (outside the
     *                                                                    technical prefix)
     */
    MassResult removeStaleIndexAttributes(Collection<String> attributes, MassOptions options);

    // ---------------------------------------------------------------- writes

    /**
     * Creates or replaces an item. A versioned entity with a version is replaced only at that version; one without
     * is created and must not exist yet.
     *
     * @return the entity as written (with its new version)
     */
    <S extends T> S save(S entity);

    /**
     * Saves many entities with {@link #save}'s semantics. Entities without a version field are written with
     * BatchWriteItem, 25 a call and several calls in flight at once (see the adapter's batch concurrency), which
     * is much faster than one call each. It cannot batch, and saves one entity per call, in order, when the
     * entity type is versioned (each replacement is checked against its version, a condition a batch cannot
     * carry) or when two of the entities have the same key (the last one given wins, as with separate saves).
     * Callbacks run for every entity either way. A batch is not a transaction: when it fails part way, the
     * entities before the failure may be written.
     *
     * @return the entities as written, in the order given
     */
    <S extends T> List<S> saveAll(Iterable<S> entities);

    /** Creates an item; fails with a {@code DuplicateKeyException} when one with its key exists. */
    <S extends T> S insert(S entity);

    /**
     * Replaces an existing item; fails with an {@code EmptyResultDataAccessException} when it does not exist and an
     * {@code OptimisticLockingFailureException} when it was written since it was read.
     */
    <S extends T> S replace(S entity);

    /**
     * Updates some attributes of an existing item, never creating one; key fields are ignored, a null value removes
     * the attribute.
     *
     * @param key     the item's full key
     * @param changes attribute name to new value (converted like entity properties)
     * @return the item after the update
     */
    T patch(KeyValues key, Map<String, ?> changes);

    /** Updates the non-null properties of a partial entity (its key fields select the item; its version is checked). */
    T patch(T partial);

    /**
     * Reads an item, applies {@code change} and writes only the attributes that changed (nothing when nothing
     * did), checked against the version read. Changing a key field is refused.
     *
     * @return the item as it is after the edit
     */
    T edit(KeyValues key, UnaryOperator<T> change);

    /** Deletes the item with this key if it exists. @return whether an item was deleted */
    boolean deleteById(KeyValues key);

    /** Deletes an entity's item, checking its version when it has one. @return whether an item was deleted */
    boolean delete(T entity);

    /** Deletes the items with these keys in batches (unconditionally). */
    void deleteAllById(Iterable<KeyValues> keys);

    /** @return the key values of an entity: its key fields, contiguous from the first */
    KeyValues keyOf(T entity);

    // ---------------------------------------------------------------- query by example (key seeks)

    /** @return every row the example matches, in key order (a key seek; see the type's Javadoc) */
    @Override
    <S extends T> List<S> findAll(Example<S> example);

    /** @return every row the example matches, in the sort's order, which must be the seek's key order */
    @Override
    <S extends T> List<S> findAll(Example<S> example, Sort sort);

    /**
     * Reads one page of the rows an example matches as the adapter returns it: the items, the cursor of the next
     * page, what the read cost ({@code stats()}: with a {@link FilteringExample}, the items read and dropped) and
     * the key condition sent. The options give the page size, cursor, direction, offset, total and consistency; a
     * filter or fields in them are refused (the example's conditions are the read's).
     *
     * @return the page
     */
    <S extends T> ItemPage<S> findPage(Example<S> example, ListOptions options);
}
