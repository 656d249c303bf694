package io.dynamodbtoolkit.springdata.repository.query;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.index.IndexDeclaration;
import io.dynamodbtoolkit.index.IndexProjection;
import io.dynamodbtoolkit.index.IndexQuery;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.springdata.repository.support.BoundAdapter;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.domain.Sort;

/**
 * One read of a sparse index's members: equalities on the index's leading key fields (none for a marker index),
 * the repository's scope added; whole items are read from the table when the index projects less than all.
 *
 * @param <T> the domain type
 */
public final class IndexRead<T> {

    private final BoundAdapter<T> bound;
    private final IndexDeclaration index;
    private final IndexQuery query;
    private final KeyOrder order;

    private IndexRead(BoundAdapter<T> bound, IndexDeclaration index, IndexQuery query, KeyOrder order) {
        this.bound = bound;
        this.index = index;
        this.query = query;
        this.order = order;
    }

    /**
     * @param bound     the repository's adapter
     * @param indexName the index
     * @param values    equalities on the index's key fields
     * @throws InvalidDataAccessApiUsageException when the adapter has no such index, or the index cannot be
     *                                            confined to the repository's scope
     */
    public static <T> IndexRead<T> of(BoundAdapter<T> bound, String indexName, KeyValues values) {
        IndexDeclaration index = bound.indexes().find(indexName).orElseThrow(() ->
                new InvalidDataAccessApiUsageException("Adapter '" + bound.adapterName() + "' has no index '"
                        + indexName + "'; its indexes are " + bound.indexes().all().stream()
                        .map(IndexDeclaration::name).toList()));
        List<String> partition = IndexKeys.partitionFields(bound, index);
        List<String> sort = IndexKeys.sortFields(index);
        List<String> keyFields = new ArrayList<>(partition);
        keyFields.addAll(sort);
        if (!keyFields.containsAll(bound.scope().fields())) {
            throw new InvalidDataAccessApiUsageException("Index '" + indexName + "' is not keyed on the scope fields "
                    + bound.scope().fields() + ", so reading it would cross scopes");
        }
        KeyValues scoped = bound.scope().fields().isEmpty() ? values : bound.scope().apply(values);
        int given = 0;
        while (given < sort.size() && scoped.has(sort.get(given))) {
            given++;
        }
        List<String> fixed = new ArrayList<>(partition);
        fixed.addAll(sort.subList(0, given));
        KeyOrder order = new KeyOrder(sort.subList(given, sort.size()), fixed, bound::attributeNameOf,
                bound.table() + " (index " + indexName + ")");
        return new IndexRead<>(bound, index, IndexQuery.on(indexName).eq(scoped.asMap()), order);
    }

    /** @return the classes the index's members are read into */
    public Set<? extends Class<?>> classes() {
        return IndexKeys.classes(bound, index);
    }

    /** @return the members, a page per call */
    public ItemSource<T> source() {
        if (index.projection().type().equals(IndexProjection.ALL.type())) {
            return options -> bound.query(query, options);
        }
        return options -> bound.queryIndirect(query, options);
    }

    /**
     * @return list options reading in the order a sort asks for
     * @throws InvalidDataAccessApiUsageException when the sort is not the index's key order
     */
    public ListOptions options(Sort sort) {
        order.problem(sort).ifPresent(problem -> {
            throw new InvalidDataAccessApiUsageException("Cannot sort " + query + ": " + problem);
        });
        return order.isDescending(sort) ? ListOptions.defaults().inDescendingOrder() : ListOptions.defaults();
    }
}
