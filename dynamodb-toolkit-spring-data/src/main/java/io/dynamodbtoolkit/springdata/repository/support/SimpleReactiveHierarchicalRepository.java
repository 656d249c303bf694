package io.dynamodbtoolkit.springdata.repository.support;

import java.util.Collection;
import java.util.Map;
import java.util.function.Function;
import java.util.function.UnaryOperator;

import io.dynamodbtoolkit.adapter.ItemPage;
import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.key.SubtreeShape;
import io.dynamodbtoolkit.mass.MassOptions;
import io.dynamodbtoolkit.mass.MassResult;
import io.dynamodbtoolkit.springdata.core.ReactiveDynamoDbToolkitOperations;
import io.dynamodbtoolkit.springdata.core.ReactivePagedReads;
import io.dynamodbtoolkit.springdata.core.ReactiveMassRun;
import io.dynamodbtoolkit.springdata.repository.ReactiveHierarchicalRepository;
import io.dynamodbtoolkit.springdata.repository.query.IndexRead;
import io.dynamodbtoolkit.springdata.repository.query.QueryContext;
import io.dynamodbtoolkit.springdata.repository.query.RowProjections;
import io.dynamodbtoolkit.springdata.repository.query.SubtreeRead;
import org.jspecify.annotations.Nullable;
import org.reactivestreams.Publisher;
import org.springframework.data.domain.Example;
import org.springframework.data.domain.Limit;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.ScrollPosition;
import org.springframework.data.domain.Slice;
import org.springframework.data.domain.Sort;
import org.springframework.data.domain.Window;
import org.springframework.data.projection.ProjectionFactory;
import org.springframework.data.repository.query.FluentQuery.ReactiveFluentQuery;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The implementation of {@link ReactiveHierarchicalRepository}'s methods, on the reactive template of the repository's
 * adapter with the repository's domain type: its subtree and index reads planned as the blocking repository's
 * ({@link SubtreeRead}, {@link IndexRead}: the same scope checks and sort rules), shaped by {@link ReactivePagedReads};
 * the cascades and the index backfills on the asynchronous mass engine.
 *
 * @param <T> the domain type
 */
public class SimpleReactiveHierarchicalRepository<T> implements ReactiveHierarchicalRepository<T> {

    private final ReactiveDynamoDbToolkitOperations operations;
    private final Class<T> domainType;
    private final QueryContext<T> context;
    private final RowProjections projections;

    /**
     * @param information the repository's entity metadata
     * @param template    the reactive template of the repository's adapter
     * @param projections the repository's projection factory (the one its query methods use), for the projections of
     *                    query by example's fluent {@code as(type)}
     */
    public SimpleReactiveHierarchicalRepository(DynamoDbEntityInformation<T> information,
            ReactiveDynamoDbToolkitOperations template, ProjectionFactory projections) {
        this.operations = template;
        this.domainType = information.getJavaType();
        this.context = QueryContext.of(template.getBlockingOperations(), domainType);
        this.projections = RowProjections.of(context, projections);
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
    public Mono<Void> assertExists(KeyValues key) {
        return operations.assertExists(key);
    }

    @Override
    public Flux<T> findSnapshot(Iterable<KeyValues> keys) {
        return operations.findSnapshot(keys, domainType);
    }

    @Override
    public Flux<T> findAllById(Iterable<KeyValues> keys) {
        return operations.findAllById(keys, domainType);
    }

    @Override
    public Flux<T> findUnder(KeyValues node) {
        return rows(SubtreeShape.CHILDREN, node, null);
    }

    @Override
    public Mono<Window<T>> findUnder(KeyValues node, ScrollPosition position, Limit limit) {
        return window(SubtreeShape.CHILDREN, node, null, position, limit);
    }

    @Override
    public Mono<Slice<T>> findUnder(KeyValues node, Pageable pageable) {
        return slice(SubtreeShape.CHILDREN, node, null, pageable);
    }

    @Override
    public Flux<T> findSelfAndUnder(KeyValues node) {
        return rows(SubtreeShape.SELF_AND_DESCENDANTS, node, null);
    }

    @Override
    public Mono<Window<T>> findSelfAndUnder(KeyValues node, ScrollPosition position, Limit limit) {
        return window(SubtreeShape.SELF_AND_DESCENDANTS, node, null, position, limit);
    }

    @Override
    public Mono<Slice<T>> findSelfAndUnder(KeyValues node, Pageable pageable) {
        return slice(SubtreeShape.SELF_AND_DESCENDANTS, node, null, pageable);
    }

    @Override
    public Flux<T> findByPartial(KeyValues parent, String prefix) {
        return rows(SubtreeShape.PARTIAL, parent, prefix);
    }

    @Override
    public Mono<Window<T>> findByPartial(KeyValues parent, String prefix, ScrollPosition position, Limit limit) {
        return window(SubtreeShape.PARTIAL, parent, prefix, position, limit);
    }

    @Override
    public Mono<Slice<T>> findByPartial(KeyValues parent, String prefix, Pageable pageable) {
        return slice(SubtreeShape.PARTIAL, parent, prefix, pageable);
    }

    @Override
    public Flux<T> findInSparseIndex(String indexName) {
        return findInSparseIndex(indexName, KeyValues.empty());
    }

    @Override
    public Mono<Window<T>> findInSparseIndex(String indexName, ScrollPosition position, Limit limit) {
        return findInSparseIndex(indexName, KeyValues.empty(), position, limit);
    }

    @Override
    public Flux<T> findInSparseIndex(String indexName, KeyValues keyFields) {
        return Flux.defer(() -> ReactivePagedReads.items(IndexRead.of(context, indexName, keyFields).read()
                .on(operations), ListOptions.defaults(), 0));
    }

    @Override
    public Mono<Window<T>> findInSparseIndex(String indexName, KeyValues keyFields, ScrollPosition position,
            Limit limit) {
        return Mono.defer(() -> ReactivePagedReads.window(IndexRead.of(context, indexName, keyFields).read()
                .on(operations), ListOptions.defaults(), position, limit));
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

    @Override
    public Mono<MassResult> backfillIndex(String indexName, MassOptions options) {
        return operations.backfillIndex(indexName, options);
    }

    @Override
    public Mono<MassResult> removeStaleIndexAttributes(Collection<String> attributes, MassOptions options) {
        return operations.removeStaleIndexAttributes(attributes, options);
    }

    @Override
    public <S extends T> Mono<S> findOne(Example<S> example) {
        return findBy(example, ReactiveFluentQuery::one);
    }

    @Override
    public <S extends T> Flux<S> findAll(Example<S> example) {
        return findBy(example, ReactiveFluentQuery::all);
    }

    @Override
    public <S extends T> Flux<S> findAll(Example<S> example, Sort sort) {
        return findBy(example, query -> query.sortBy(sort).all());
    }

    @Override
    public <S extends T> Mono<Long> count(Example<S> example) {
        return findBy(example, ReactiveFluentQuery::count);
    }

    @Override
    public <S extends T> Mono<Boolean> exists(Example<S> example) {
        return findBy(example, ReactiveFluentQuery::exists);
    }

    @Override
    public <S extends T> Mono<ItemPage<S>> findPage(Example<S> example, ListOptions options) {
        return fluentQuery(example).itemPage(options);
    }

    @Override
    public <S extends T, R, P extends Publisher<R>> P findBy(Example<S> example,
            Function<ReactiveFluentQuery<S>, P> queryFunction) {
        return queryFunction.apply(fluentQuery(example));
    }

    /** @return the fluent query of an example, returning its rows as the example's type, in key order */
    private <S extends T> ReactiveExampleFluentQuery<T, S> fluentQuery(Example<S> example) {
        return new ReactiveExampleFluentQuery<>(context, example, operations, projections, example.getProbeType(),
                Sort.unsorted(), 0, null);
    }

    /** @return the rows of a subtree, a page at a time as they are consumed (planned when subscribed) */
    private Flux<T> rows(SubtreeShape shape, KeyValues node, @Nullable String prefix) {
        return Flux.defer(() -> ReactivePagedReads.items(SubtreeRead.of(context, shape, node, prefix).read()
                .on(operations), ListOptions.defaults(), 0));
    }

    private Mono<Window<T>> window(SubtreeShape shape, KeyValues node, @Nullable String prefix, ScrollPosition position,
            Limit limit) {
        return Mono.defer(() -> ReactivePagedReads.window(SubtreeRead.of(context, shape, node, prefix).read()
                .on(operations), ListOptions.defaults(), position, limit));
    }

    private Mono<Slice<T>> slice(SubtreeShape shape, KeyValues node, @Nullable String prefix, Pageable pageable) {
        return Mono.defer(() -> {
            SubtreeRead<T> read = SubtreeRead.of(context, shape, node, prefix);
            return ReactivePagedReads.slice(read.read().on(operations), read.options(pageable.getSort()), pageable);
        });
    }
}
