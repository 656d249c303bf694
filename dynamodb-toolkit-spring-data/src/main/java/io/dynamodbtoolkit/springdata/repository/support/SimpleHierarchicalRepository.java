package io.dynamodbtoolkit.springdata.repository.support;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.UnaryOperator;

import io.dynamodbtoolkit.adapter.ItemPage;
import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.key.SubtreeShape;
import io.dynamodbtoolkit.mass.MassOptions;
import io.dynamodbtoolkit.mass.MassResult;
import io.dynamodbtoolkit.springdata.core.DynamoDbToolkitOperations;
import io.dynamodbtoolkit.springdata.core.PagedReads;
import io.dynamodbtoolkit.springdata.repository.HierarchicalRepository;
import io.dynamodbtoolkit.springdata.repository.query.ExampleRead;
import io.dynamodbtoolkit.springdata.repository.query.IndexRead;
import io.dynamodbtoolkit.springdata.repository.query.QueryContext;
import io.dynamodbtoolkit.springdata.repository.query.RowProjections;
import io.dynamodbtoolkit.springdata.repository.query.SubtreeRead;
import org.jspecify.annotations.Nullable;
import org.springframework.data.domain.Example;
import org.springframework.data.domain.Limit;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.ScrollPosition;
import org.springframework.data.domain.Slice;
import org.springframework.data.domain.Sort;
import org.springframework.data.domain.Window;
import org.springframework.data.projection.ProjectionFactory;
import org.springframework.data.repository.query.FluentQuery.FetchableFluentQuery;

/**
 * The implementation of {@link HierarchicalRepository}'s methods, on the template of the repository's adapter
 * ({@link DynamoDbToolkitOperations}) with the repository's domain type.
 *
 * @param <T> the domain type
 */
public class SimpleHierarchicalRepository<T> implements HierarchicalRepository<T> {

    private final DynamoDbToolkitOperations operations;
    private final Class<T> domainType;
    private final QueryContext<T> context;
    private final RowProjections projections;

    /**
     * @param information the repository's entity metadata
     * @param operations  the template, confined as the repository declares
     * @param projections the repository's projection factory (the one its query methods use), for the projections of
     *                    query by example's fluent {@code as(type)}
     */
    public SimpleHierarchicalRepository(DynamoDbEntityInformation<T> information,
            DynamoDbToolkitOperations operations, ProjectionFactory projections) {
        this.operations = operations;
        this.domainType = information.getJavaType();
        this.context = QueryContext.of(operations, domainType);
        this.projections = RowProjections.of(context, projections);
    }

    @Override
    public Optional<T> findById(KeyValues key) {
        return operations.findById(key, domainType);
    }

    @Override
    public boolean existsById(KeyValues key) {
        return operations.existsById(key);
    }

    @Override
    public void assertExists(KeyValues key) {
        operations.assertExists(key);
    }

    @Override
    public List<T> findSnapshot(Iterable<KeyValues> keys) {
        return operations.findSnapshot(keys, domainType);
    }

    @Override
    public List<T> findAllById(Iterable<KeyValues> keys) {
        return operations.findAllById(keys, domainType);
    }

    @Override
    public List<T> findUnder(KeyValues node) {
        return all(SubtreeShape.CHILDREN, node, null);
    }

    @Override
    public Window<T> findUnder(KeyValues node, ScrollPosition position, Limit limit) {
        return window(SubtreeShape.CHILDREN, node, null, position, limit);
    }

    @Override
    public Slice<T> findUnder(KeyValues node, Pageable pageable) {
        return slice(SubtreeShape.CHILDREN, node, null, pageable);
    }

    @Override
    public List<T> findSelfAndUnder(KeyValues node) {
        return all(SubtreeShape.SELF_AND_DESCENDANTS, node, null);
    }

    @Override
    public Window<T> findSelfAndUnder(KeyValues node, ScrollPosition position, Limit limit) {
        return window(SubtreeShape.SELF_AND_DESCENDANTS, node, null, position, limit);
    }

    @Override
    public Slice<T> findSelfAndUnder(KeyValues node, Pageable pageable) {
        return slice(SubtreeShape.SELF_AND_DESCENDANTS, node, null, pageable);
    }

    @Override
    public List<T> findByPartial(KeyValues parent, String prefix) {
        return all(SubtreeShape.PARTIAL, parent, prefix);
    }

    @Override
    public Window<T> findByPartial(KeyValues parent, String prefix, ScrollPosition position, Limit limit) {
        return window(SubtreeShape.PARTIAL, parent, prefix, position, limit);
    }

    @Override
    public Slice<T> findByPartial(KeyValues parent, String prefix, Pageable pageable) {
        return slice(SubtreeShape.PARTIAL, parent, prefix, pageable);
    }

    @Override
    public List<T> findInSparseIndex(String indexName) {
        return findInSparseIndex(indexName, KeyValues.empty());
    }

    @Override
    public Window<T> findInSparseIndex(String indexName, ScrollPosition position, Limit limit) {
        return findInSparseIndex(indexName, KeyValues.empty(), position, limit);
    }

    @Override
    public List<T> findInSparseIndex(String indexName, KeyValues keyFields) {
        return PagedReads.list(IndexRead.of(context, indexName, keyFields).source(), ListOptions.defaults(), 0);
    }

    @Override
    public Window<T> findInSparseIndex(String indexName, KeyValues keyFields, ScrollPosition position, Limit limit) {
        return PagedReads.window(IndexRead.of(context, indexName, keyFields).source(), ListOptions.defaults(),
                position, limit);
    }

    @Override
    public MassResult deleteAllUnder(KeyValues node, MassOptions options) {
        return operations.deleteAllUnder(node, options, domainType);
    }

    @Override
    public MassResult cloneAllUnder(KeyValues from, KeyValues to, MassOptions options) {
        return operations.cloneAllUnder(from, to, options, domainType);
    }

    @Override
    public MassResult moveAllUnder(KeyValues from, KeyValues to, MassOptions options) {
        return operations.moveAllUnder(from, to, options, domainType);
    }

    @Override
    public MassResult editAllUnder(KeyValues node, UnaryOperator<T> change, MassOptions options) {
        return operations.editAllUnder(node, change, options, domainType);
    }

    @Override
    public MassResult backfillIndex(String indexName, MassOptions options) {
        return operations.backfillIndex(indexName, options);
    }

    @Override
    public MassResult removeStaleIndexAttributes(Collection<String> attributes, MassOptions options) {
        return operations.removeStaleIndexAttributes(attributes, options);
    }

    @Override
    public <S extends T> S save(S entity) {
        return operations.save(entity);
    }

    @Override
    public <S extends T> List<S> saveAll(Iterable<S> entities) {
        return operations.saveAll(entities);
    }

    @Override
    public <S extends T> S insert(S entity) {
        return operations.insert(entity);
    }

    @Override
    public <S extends T> S replace(S entity) {
        return operations.replace(entity);
    }

    @Override
    public T patch(KeyValues key, Map<String, ?> changes) {
        return operations.patch(key, changes, domainType);
    }

    @Override
    public T patch(T partial) {
        return operations.patch(partial);
    }

    @Override
    public T edit(KeyValues key, UnaryOperator<T> change) {
        return operations.edit(key, change, domainType);
    }

    @Override
    public boolean deleteById(KeyValues key) {
        return operations.deleteById(key);
    }

    @Override
    public boolean delete(T entity) {
        return operations.delete(entity);
    }

    @Override
    public void deleteAllById(Iterable<KeyValues> keys) {
        operations.deleteAllById(keys);
    }

    @Override
    public KeyValues keyOf(T entity) {
        return operations.keyOf(entity);
    }

    @Override
    public <S extends T> Optional<S> findOne(Example<S> example) {
        return findBy(example, FetchableFluentQuery::one);
    }

    @Override
    public <S extends T> List<S> findAll(Example<S> example) {
        return findBy(example, FetchableFluentQuery::all);
    }

    @Override
    public <S extends T> List<S> findAll(Example<S> example, Sort sort) {
        return findBy(example, query -> query.sortBy(sort).all());
    }

    @Override
    public <S extends T> Page<S> findAll(Example<S> example, Pageable pageable) {
        return findBy(example, query -> query.page(pageable));
    }

    @Override
    public <S extends T> long count(Example<S> example) {
        return findBy(example, FetchableFluentQuery::count);
    }

    @Override
    public <S extends T> boolean exists(Example<S> example) {
        return findBy(example, FetchableFluentQuery::exists);
    }

    @Override
    public <S extends T> ItemPage<S> findPage(Example<S> example, ListOptions options) {
        return fluentQuery(example).itemPage(options);
    }

    @Override
    public <S extends T, R> R findBy(Example<S> example, Function<FetchableFluentQuery<S>, R> queryFunction) {
        return queryFunction.apply(fluentQuery(example));
    }

    /**
     * @return the fluent query of an example, returning its rows as the example's type, in key order
     * @throws org.springframework.dao.InvalidDataAccessApiUsageException when no key seek serves the example
     */
    private <S extends T> ExampleFluentQuery<T, S> fluentQuery(Example<S> example) {
        return new ExampleFluentQuery<>(ExampleRead.of(context, example), operations, projections,
                projections.to(example.getProbeType()), Sort.unsorted(), 0);
    }

    private List<T> all(SubtreeShape shape, KeyValues node, @Nullable String prefix) {
        return PagedReads.list(SubtreeRead.of(context, shape, node, prefix).source(), ListOptions.defaults(), 0);
    }

    private Window<T> window(SubtreeShape shape, KeyValues node, @Nullable String prefix, ScrollPosition position,
            Limit limit) {
        return PagedReads.window(SubtreeRead.of(context, shape, node, prefix).source(), ListOptions.defaults(),
                position, limit);
    }

    private Slice<T> slice(SubtreeShape shape, KeyValues node, @Nullable String prefix, Pageable pageable) {
        SubtreeRead<T> read = SubtreeRead.of(context, shape, node, prefix);
        return PagedReads.slice(read.source(), read.options(pageable.getSort()), pageable);
    }
}
