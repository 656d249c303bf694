package io.dynamodbtoolkit.springdata.repository.query;

import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.expression.Filter;
import io.dynamodbtoolkit.springdata.repository.support.BoundAdapter;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.domain.Sort;
import org.springframework.data.repository.query.ParametersParameterAccessor;
import org.springframework.data.repository.query.RepositoryQuery;

/**
 * A derived method ({@code findByStateAndFacilityStartingWith}) planned at start-up by the
 * {@link DerivedQueryPlanner}: a key seek, plus a filter or a Scan only where {@code @AllowScan} permits.
 *
 * @param <T> the domain type
 */
final class DerivedKeyQuery<T> implements RepositoryQuery {

    private final DynamoDbQueryMethod method;
    private final BoundAdapter<T> bound;
    private final KeySeek seek;
    private final FilterParts filters;
    private final ResultShape shape;
    private final KeyOrder order;
    private final Sort staticSort;
    private final int maxResults;

    DerivedKeyQuery(DynamoDbQueryMethod method, BoundAdapter<T> bound, KeySeek seek, FilterParts filters,
            ResultShape shape, KeyOrder order, Sort staticSort, int maxResults) {
        this.method = method;
        this.bound = bound;
        this.seek = seek;
        this.filters = filters;
        this.shape = shape;
        this.order = order;
        this.staticSort = staticSort;
        this.maxResults = maxResults;
    }

    @Override
    public Object execute(Object[] values) {
        ParametersParameterAccessor accessor = new ParametersParameterAccessor(method.getParameters(), values);
        Filter filter = filters.filter(accessor);
        ListOptions options = options(accessor.getSort()).withFilter(filter);
        ItemSource<T> source = seek == null ? bound::scan : seek.source(bound, accessor);
        return shape.execute(source, options, accessor, maxResults);
    }

    @Override
    public DynamoDbQueryMethod getQueryMethod() {
        return method;
    }

    private ListOptions options(Sort given) {
        Sort sort = given.isSorted() ? given : staticSort;
        if (sort.isUnsorted()) {
            return ListOptions.defaults();
        }
        if (order == null) {
            throw new InvalidDataAccessApiUsageException(method.describe() + " Scans the table, which returns items "
                    + "in no order; sorting them would be in memory");
        }
        order.problem(sort).ifPresent(problem -> {
            throw new InvalidDataAccessApiUsageException("Cannot sort " + method.describe() + ": " + problem);
        });
        return order.isDescending(sort) ? ListOptions.defaults().inDescendingOrder() : ListOptions.defaults();
    }
}
