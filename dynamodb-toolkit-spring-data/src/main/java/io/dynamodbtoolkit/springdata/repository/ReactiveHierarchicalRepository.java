package io.dynamodbtoolkit.springdata.repository;

import java.util.Collection;
import java.util.Map;
import java.util.function.UnaryOperator;

import io.dynamodbtoolkit.adapter.ItemPage;
import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.mass.MassOptions;
import io.dynamodbtoolkit.mass.MassResult;
import io.dynamodbtoolkit.springdata.core.ReactiveMassRun;
import org.reactivestreams.Publisher;
import org.springframework.data.domain.Example;
import org.springframework.data.domain.Limit;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.ScrollPosition;
import org.springframework.data.domain.Slice;
import org.springframework.data.domain.Window;
import org.springframework.data.repository.NoRepositoryBean;
import org.springframework.data.repository.Repository;
import org.springframework.data.repository.query.ReactiveQueryByExampleExecutor;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The reactive counterpart of {@link HierarchicalRepository}, on the asynchronous DynamoDB client: the same key
 * design, subtree and sparse-index reads (key seeks only) and writes, as {@code Mono}/{@code Flux}. A list read asks
 * DynamoDB for its next page only as items are consumed; cancelling it stops the reading. Enable with
 * {@code @EnableReactiveDynamoDbToolkitRepositories} (or the Boot starter with Reactor and an asynchronous client).
 *
 * <pre>{@code
 * @AdapterName("rentals")
 * interface ReactiveFleet extends ReactiveHierarchicalRepository<Vehicle> { }
 *
 * fleet.findUnder(KeyValues.of("state", "TX", "facility", "Dallas")).take(10)
 * }</pre>
 *
 * Query methods are declared as on a {@link HierarchicalRepository} ({@code findUnder...}, derived {@code findBy...},
 * {@code countBy...}, {@code findInSparseIndex...}, the mass methods), returning the rows as a {@code Flux} and
 * anything read with one call as a {@code Mono} ({@code Mono<Window<T>>}, {@code Mono<Slice<T>>},
 * {@code Mono<ItemPage<T>>}, {@code Mono<Long>}, ...); the blocking repository's planning and start-up checks apply as
 * they are. The cascades, the mass query methods and the index backfills run the core's mass engine on the
 * asynchronous client, nothing blocking a thread; the cascades' {@code WithProgress} variants report each page as it
 * is done, paced by the subscriber.
 *
 * <p>Query by example ({@link ReactiveQueryByExampleExecutor}) is planned as the blocking repository plans it (a key
 * seek; a filter only for a {@link FilteringExample}; the same refusals), when the result is subscribed to: a refusal
 * is an error signal, never a throw.
 *
 * @param <T> the domain type (or the sealed supertype of a hierarchy's tier classes)
 */
@NoRepositoryBean
public interface ReactiveHierarchicalRepository<T> extends Repository<T, KeyValues>,
        ReactiveQueryByExampleExecutor<T> {

    /** @return the entity with this key, or empty */
    Mono<T> findById(KeyValues key);

    /** @return whether an item has this key */
    Mono<Boolean> existsById(KeyValues key);

    /**
     * Asserts that an item has this key, now: a TransactWriteItems of the condition check alone (a reactive call joins
     * no thread-bound transaction, so unlike {@link HierarchicalRepository#assertExists} it is never deferred to a
     * commit).
     *
     * @return empty when the item exists; a {@code DataIntegrityViolationException} signalled when it does not
     */
    Mono<Void> assertExists(KeyValues key);

    /**
     * @return the items with these keys read as one consistent snapshot (one TransactGetItems, at most 100 keys), in
     *         the order of the keys, absent ones left out
     */
    Flux<T> findSnapshot(Iterable<KeyValues> keys);

    /** @return the entities found for the keys, in the keys' order (absent ones left out), read with BatchGetItem */
    Flux<T> findAllById(Iterable<KeyValues> keys);

    /** @return the node's descendants (not the node), in key order */
    Flux<T> findUnder(KeyValues node);

    /** @return one window of the rows under the node; resume with the position of its last item */
    Mono<Window<T>> findUnder(KeyValues node, ScrollPosition position, Limit limit);

    /**
     * @return one slice of the rows under the node; its sort may be the key fields below the node (one direction);
     *         later pages skip the earlier items with extra (counting) reads, so prefer windows
     */
    Mono<Slice<T>> findUnder(KeyValues node, Pageable pageable);

    /** @return the node and its descendants, in key order */
    Flux<T> findSelfAndUnder(KeyValues node);

    /** @return one window of the node's row and the rows under it */
    Mono<Window<T>> findSelfAndUnder(KeyValues node, ScrollPosition position, Limit limit);

    /** @return one slice of the node's row and the rows under it */
    Mono<Slice<T>> findSelfAndUnder(KeyValues node, Pageable pageable);

    /** @return the children of a parent whose next key field starts with a prefix */
    Flux<T> findByPartial(KeyValues parent, String prefix);

    /** @return one window of the rows under {@code parent} whose next-tier value starts with {@code prefix} */
    Mono<Window<T>> findByPartial(KeyValues parent, String prefix, ScrollPosition position, Limit limit);

    /** @return one slice of the rows under {@code parent} whose next-tier value starts with {@code prefix} */
    Mono<Slice<T>> findByPartial(KeyValues parent, String prefix, Pageable pageable);

    /** @return every member of a sparse index; see {@link HierarchicalRepository#findInSparseIndex(String)} */
    Flux<T> findInSparseIndex(String indexName);

    /** @return one window of every member of a sparse index */
    Mono<Window<T>> findInSparseIndex(String indexName, ScrollPosition position, Limit limit);

    /** @return the members of a sparse index with these key field values (a Query of the index), in its key order */
    Flux<T> findInSparseIndex(String indexName, KeyValues keyFields);

    /** @return one window of the members with those key values */
    Mono<Window<T>> findInSparseIndex(String indexName, KeyValues keyFields, ScrollPosition position, Limit limit);

    /** Deletes a node and its whole subtree, leaves first; see {@link HierarchicalRepository#deleteAllUnder}. */
    Mono<MassResult> deleteAllUnder(KeyValues node, MassOptions options);

    /** Copies a node and its subtree under another key; see {@link HierarchicalRepository#cloneAllUnder}. */
    Mono<MassResult> cloneAllUnder(KeyValues from, KeyValues to, MassOptions options);

    /** Moves a node and its subtree under another key; see {@link HierarchicalRepository#moveAllUnder}. */
    Mono<MassResult> moveAllUnder(KeyValues from, KeyValues to, MassOptions options);

    /** Edits a node and every item of its subtree; see {@link HierarchicalRepository#editAllUnder}. */
    Mono<MassResult> editAllUnder(KeyValues node, UnaryOperator<T> change, MassOptions options);

    /**
     * @return the run of {@link #deleteAllUnder}: its {@link ReactiveMassRun#progress() progress} one element per page
     *         (paced by the subscriber's demand; cancelling it stops the run after the pages in process) and its
     *         {@link ReactiveMassRun#result() result}, with the cursor that resumes exactly where it stopped
     */
    ReactiveMassRun deleteAllUnderWithProgress(KeyValues node, MassOptions options);

    /** @return the run of {@link #cloneAllUnder}; see {@link #deleteAllUnderWithProgress} */
    ReactiveMassRun cloneAllUnderWithProgress(KeyValues from, KeyValues to, MassOptions options);

    /** @return the run of {@link #moveAllUnder}; see {@link #deleteAllUnderWithProgress} */
    ReactiveMassRun moveAllUnderWithProgress(KeyValues from, KeyValues to, MassOptions options);

    /** @return the run of {@link #editAllUnder}; see {@link #deleteAllUnderWithProgress} */
    ReactiveMassRun editAllUnderWithProgress(KeyValues node, UnaryOperator<T> change, MassOptions options);

    /** Creates or replaces an entity's item (a versioned entity at its version). */
    <S extends T> Mono<S> save(S entity);

    /**
     * Saves the entities, as {@link io.dynamodbtoolkit.springdata.core.ReactiveDynamoDbToolkitOperations#saveAll}:
     * windows of unversioned entities with BatchWriteItem, versioned ones (or a window in which two share a key) one
     * after the other.
     */
    <S extends T> Flux<S> saveAll(Publisher<S> entities);

    /** Creates an entity's item; fails with a {@code DuplicateKeyException} when one with its key exists. */
    <S extends T> Mono<S> insert(S entity);

    /** Replaces an existing item; fails when there is none or (versioned) it was written since it was read. */
    <S extends T> Mono<S> replace(S entity);

    /** Updates some attributes of an existing item (never creates one); null removes an attribute. */
    Mono<T> patch(KeyValues key, Map<String, ?> changes);

    /** Updates the non-null properties of a partial entity. */
    Mono<T> patch(T partial);

    /** Reads an entity, changes it and writes back only what changed. */
    Mono<T> edit(KeyValues key, UnaryOperator<T> change);

    /** Deletes by key, idempotently. @return whether an item was deleted */
    Mono<Boolean> deleteById(KeyValues key);

    /** Deletes an entity's item, at its version when it has one. @return whether an item was deleted */
    Mono<Boolean> delete(T entity);

    /** Deletes the items with these keys, idempotently, with BatchWriteItem calls. */
    Mono<Void> deleteAllById(Iterable<KeyValues> keys);

    /** @return an entity's key values */
    KeyValues keyOf(T entity);

    // ---------------------------------------------------------------- index evolution (the core's IndexBackfill)

    /**
     * Backfills a declared index; see {@link HierarchicalRepository#backfillIndex}. Runs on the asynchronous client
     * (the core's {@code AsyncIndexBackfill}): nothing blocks a thread.
     */
    Mono<MassResult> backfillIndex(String indexName, MassOptions options);

    /**
     * Removes attributes computed for an index no longer declared; see
     * {@link HierarchicalRepository#removeStaleIndexAttributes}. Runs as {@link #backfillIndex} does.
     */
    Mono<MassResult> removeStaleIndexAttributes(Collection<String> attributes, MassOptions options);

    /**
     * @return one page of the rows an example matches, with its cursor, what it cost and the key condition sent;
     *         see {@code HierarchicalRepository.findPage(Example, ListOptions)}
     */
    <S extends T> Mono<ItemPage<S>> findPage(Example<S> example, ListOptions options);
}
