package io.dynamodbtoolkit.springdata.repository.support;

import java.util.Map;
import java.util.function.UnaryOperator;

import io.dynamodbtoolkit.index.IndexQuery;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.key.SubtreeQuery;
import io.dynamodbtoolkit.mass.MassOptions;
import io.dynamodbtoolkit.mass.MassResult;
import io.dynamodbtoolkit.springdata.core.ReactiveDynamoDbToolkitOperations;
import io.dynamodbtoolkit.springdata.core.ReactiveDynamoDbToolkitTemplate;
import io.dynamodbtoolkit.springdata.core.ReactiveMassRun;
import io.dynamodbtoolkit.springdata.repository.ReactiveHierarchicalRepository;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The implementation of {@link ReactiveHierarchicalRepository}'s methods, on the reactive template of the repository's
 * adapter with the repository's domain type.
 *
 * @param <T> the domain type
 */
public class SimpleReactiveHierarchicalRepository<T> implements ReactiveHierarchicalRepository<T> {

    private final ReactiveDynamoDbToolkitOperations operations;
    private final Class<T> domainType;

    /**
     * @param information the repository's entity metadata
     * @param template    the reactive template of the repository's adapter
     */
    public SimpleReactiveHierarchicalRepository(DynamoDbEntityInformation<T> information,
            ReactiveDynamoDbToolkitTemplate template) {
        this.operations = template;
        this.domainType = information.getJavaType();
    }

    @Override
    public Mono<T> findById(KeyValues key) {
        return operations.findById(key, domainType);
    }

    @Override
    public Mono<Boolean> existsById(KeyValues key) {
        return operations.existsById(key);
    }

    @Override
    public Flux<T> findAllById(Iterable<KeyValues> keys) {
        return operations.findAllById(keys, domainType);
    }

    @Override
    public Flux<T> findUnder(KeyValues node) {
        return operations.findAll(SubtreeQuery.children(node), domainType);
    }

    @Override
    public Flux<T> findSelfAndUnder(KeyValues node) {
        return operations.findAll(SubtreeQuery.selfAndDescendants(node), domainType);
    }

    @Override
    public Flux<T> findByPartial(KeyValues parent, String prefix) {
        return operations.findAll(SubtreeQuery.partial(parent, prefix), domainType);
    }

    @Override
    public Flux<T> findInSparseIndex(String indexName) {
        return operations.findIndexMembers(indexName, domainType);
    }

    @Override
    public Flux<T> findInSparseIndex(String indexName, KeyValues keyFields) {
        return keyFields.asMap().isEmpty() ? findInSparseIndex(indexName)
                : operations.findAll(IndexQuery.on(indexName).eq(keyFields.asMap()), domainType);
    }

    @Override
    public Mono<MassResult> deleteAllUnder(KeyValues node, MassOptions options) {
        return operations.deleteAllUnder(node, options, domainType);
    }

    @Override
    public Mono<MassResult> cloneAllUnder(KeyValues from, KeyValues to, MassOptions options) {
        return operations.cloneAllUnder(from, to, options, domainType);
    }

    @Override
    public Mono<MassResult> moveAllUnder(KeyValues from, KeyValues to, MassOptions options) {
        return operations.moveAllUnder(from, to, options, domainType);
    }

    @Override
    public Mono<MassResult> editAllUnder(KeyValues node, UnaryOperator<T> change, MassOptions options) {
        return operations.editAllUnder(node, change, options, domainType);
    }

    @Override
    public ReactiveMassRun deleteAllUnderWithProgress(KeyValues node, MassOptions options) {
        return operations.deleteAllUnderWithProgress(node, options, domainType);
    }

    @Override
    public ReactiveMassRun cloneAllUnderWithProgress(KeyValues from, KeyValues to, MassOptions options) {
        return operations.cloneAllUnderWithProgress(from, to, options, domainType);
    }

    @Override
    public ReactiveMassRun moveAllUnderWithProgress(KeyValues from, KeyValues to, MassOptions options) {
        return operations.moveAllUnderWithProgress(from, to, options, domainType);
    }

    @Override
    public ReactiveMassRun editAllUnderWithProgress(KeyValues node, UnaryOperator<T> change, MassOptions options) {
        return operations.editAllUnderWithProgress(node, change, options, domainType);
    }

    @Override
    public <S extends T> Mono<S> save(S entity) {
        return operations.save(entity);
    }

    @Override
    public <S extends T> Flux<S> saveAll(Publisher<S> entities) {
        return operations.saveAll(entities);
    }

    @Override
    public <S extends T> Mono<S> insert(S entity) {
        return operations.insert(entity);
    }

    @Override
    public <S extends T> Mono<S> replace(S entity) {
        return operations.replace(entity);
    }

    @Override
    public Mono<T> patch(KeyValues key, Map<String, ?> changes) {
        return operations.patch(key, changes, domainType);
    }

    @Override
    public Mono<T> patch(T partial) {
        return operations.patch(partial);
    }

    @Override
    public Mono<T> edit(KeyValues key, UnaryOperator<T> change) {
        return operations.edit(key, change, domainType);
    }

    @Override
    public Mono<Boolean> deleteById(KeyValues key) {
        return operations.deleteById(key);
    }

    @Override
    public Mono<Boolean> delete(T entity) {
        return operations.delete(entity);
    }

    @Override
    public Mono<Void> deleteAllById(Iterable<KeyValues> keys) {
        return operations.deleteAllById(keys);
    }

    @Override
    public KeyValues keyOf(T entity) {
        return operations.keyOf(entity);
    }
}
