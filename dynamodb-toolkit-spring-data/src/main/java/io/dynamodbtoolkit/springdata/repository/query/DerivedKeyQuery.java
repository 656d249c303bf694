package io.dynamodbtoolkit.springdata.repository.query;

import java.util.List;

import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.filter.Filter;
import io.dynamodbtoolkit.springdata.core.PlannedRead;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.domain.Sort;

/**
 * A derived method ({@code findByStateAndFacilityStartingWith}) planned at start-up by the
 * {@link DerivedQueryPlanner}: a key seek on the table or an index (the first whose key order serves the call's
 * sort), plus a filter or a Scan only where {@code @AllowScan} permits.
 *
 * @param <T> the domain type
 */
final class DerivedKeyQuery<T> extends AbstractDynamoDbQuery<T> {

    /** What a Scan reaches, for messages. */
    static final String SCAN_REACH = "rows of any tier";

    private final List<SeekCandidate> seeks;
    private final FilterParts filters;
    private final Sort staticSort;
    private final int maxResults;

    /**
     * @param seeks the seeks that serve the method, preferred first (empty for a Scan); a sort picks the first whose
     *              key order serves it
     */
    DerivedKeyQuery(DynamoDbQueryMethod method, QueryContext<T> context, List<SeekCandidate> seeks,
            FilterParts filters, ResultShape shape, ResultProjection projection, Sort staticSort, int maxResults) {
        super(method, context, shape, projection);
        this.seeks = List.copyOf(seeks);
        this.filters = filters;
        this.staticSort = staticSort;
        this.maxResults = maxResults;
    }

    /** @return the seeks that serve the method, preferred first (empty for a Scan) */
    List<SeekCandidate> seeks() {
        return seeks;
    }

    /** @return the conditions left to a FilterExpression */
    FilterParts filters() {
        return filters;
    }

    @Override
    Source<T> source(DynamoDbParameterAccessor accessor) {
        Filter filter = filters.filter(accessor);
        Sort sort = accessor.getSort().isSorted() ? accessor.getSort() : staticSort;
        QueryContext<T> context = context();
        if (seeks.isEmpty()) {
            if (sort.isSorted()) {
                throw new InvalidDataAccessApiUsageException(getQueryMethod().describe() + " Scans the table, which "
                        + "returns items in no order; sorting them would be in memory");
            }
            return new Read<>(PlannedRead.tableScan(context.domainType()),
                    ListOptions.defaults().withFilter(filter), context.tiers().all(), SCAN_REACH, maxResults);
        }
        SeekCandidate seek = seekFor(sort);
        ListOptions options = seek.order().isDescending(sort) ? ListOptions.defaults().inDescendingOrder()
                : ListOptions.defaults();
        return new Read<>(seek.seek().read(context, accessor), options.withFilter(filter), seek.classes(),
                seek.reach(), maxResults);
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
        throw new InvalidDataAccessApiUsageException("Cannot sort " + getQueryMethod().describe() + ": "
                + seeks.get(0).order().problem(sort).orElseThrow());
    }
}
