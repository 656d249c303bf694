package io.dynamodbtoolkit.springdata.repository.query;

import java.util.List;

import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.expression.Filter;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.domain.Sort;
import org.springframework.data.repository.query.RepositoryQuery;

/**
 * A derived method ({@code findByStateAndFacilityStartingWith}) planned at start-up by the
 * {@link DerivedQueryPlanner}: a key seek on the table or an index (the first whose key order serves the call's
 * sort), plus a filter or a Scan only where {@code @AllowScan} permits.
 *
 * @param <T> the domain type
 */
final class DerivedKeyQuery<T> implements RepositoryQuery {

    /** What a Scan reaches, for messages. */
    static final String SCAN_REACH = "rows of any tier";

    private final DynamoDbQueryMethod method;
    private final QueryContext<T> context;
    private final List<SeekCandidate> seeks;
    private final FilterParts filters;
    private final ResultShape shape;
    private final ResultProjection projection;
    private final Sort staticSort;
    private final int maxResults;

    /**
     * @param seeks the seeks that serve the method, preferred first (empty for a Scan); a sort picks the first whose
     *              key order serves it
     */
    DerivedKeyQuery(DynamoDbQueryMethod method, QueryContext<T> context, List<SeekCandidate> seeks,
            FilterParts filters, ResultShape shape, ResultProjection projection, Sort staticSort, int maxResults) {
        this.method = method;
        this.context = context;
        this.seeks = List.copyOf(seeks);
        this.filters = filters;
        this.shape = shape;
        this.projection = projection;
        this.staticSort = staticSort;
        this.maxResults = maxResults;
    }

    @Override
    public Object execute(Object[] values) {
        DynamoDbParameterAccessor accessor = new DynamoDbParameterAccessor(method.getParameters(), values);
        Filter filter = filters.filter(accessor);
        Sort sort = accessor.getSort().isSorted() ? accessor.getSort() : staticSort;
        if (seeks.isEmpty()) {
            if (sort.isSorted()) {
                throw new InvalidDataAccessApiUsageException(method.describe() + " Scans the table, which returns "
                        + "items in no order; sorting them would be in memory");
            }
            projection.requireFits(accessor, context.tiers().all(), SCAN_REACH);
            return projection.project(shape.execute(options -> context.operations().scan(options, context.domainType()), ListOptions.defaults().withFilter(filter), accessor,
                    maxResults), shape, accessor);
        }
        SeekCandidate seek = seekFor(sort);
        projection.requireFits(accessor, seek.classes(), seek.reach());
        ListOptions options = seek.order().isDescending(sort) ? ListOptions.defaults().inDescendingOrder()
                : ListOptions.defaults();
        return projection.project(shape.execute(seek.seek().source(context, accessor), options.withFilter(filter),
                accessor, maxResults), shape, accessor);
    }

    @Override
    public DynamoDbQueryMethod getQueryMethod() {
        return method;
    }

    private SeekCandidate seekFor(Sort sort) {
        if (sort.isUnsorted()) {
            return seeks.get(0);
        }
        for (SeekCandidate seek : seeks) {
            if (seek.order().problem(sort).isEmpty()) {
                return seek;
            }
        }
        throw new InvalidDataAccessApiUsageException("Cannot sort " + method.describe() + ": "
                + seeks.get(0).order().problem(sort).orElseThrow());
    }
}
