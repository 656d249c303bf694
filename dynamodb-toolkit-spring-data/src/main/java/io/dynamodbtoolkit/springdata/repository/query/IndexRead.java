package io.dynamodbtoolkit.springdata.repository.query;

import java.util.ArrayList;
import java.util.Collection;
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
 * the repository's scope added; whole items are read from the table when the index projects less than all. With no
 * value for the partition key of an index declared sparse, the read is a Scan of the index: it reads only the
 * members (an index that holds only them), in no particular order; a Scan of the table is never made here.
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
        if (scansMembers(index, partition, scoped.asMap().keySet())) {
            return scan(bound, index, scoped);
        }
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

    /**
     * @return whether a read of an index lists all its members by a Scan: a sparse index whose partition key has
     *         fields (a marker's is written by the toolkit) and is given none of them
     */
    static boolean scansMembers(IndexDeclaration index, List<String> partitionFields, Collection<String> given) {
        return index.isSparse() && !partitionFields.isEmpty() && partitionFields.stream().noneMatch(given::contains);
    }

    private static <T> IndexRead<T> scan(BoundAdapter<T> bound, IndexDeclaration index, KeyValues given) {
        if (!given.asMap().isEmpty()) {
            throw new InvalidDataAccessApiUsageException("Index '" + index.name() + "' is given " + given.asMap()
                    .keySet() + " but no value for its partition key " + IndexKeys.partitionFields(bound, index)
                    + ": a Query needs the partition key, and a Scan of the index lists every member unconditioned; "
                    + "give the partition key, or no key values to list every member");
        }
        return new IndexRead<>(bound, index, null, new KeyOrder(List.of(), List.of(), bound::attributeNameOf,
                bound.table() + " (a Scan of index " + index.name() + ")"));
    }

    /** @return the classes the index's members are read into */
    public Set<? extends Class<?>> classes() {
        return IndexKeys.classes(bound, index);
    }

    /** @return the members, a page per call */
    public ItemSource<T> source() {
        boolean whole = index.projection().type().equals(IndexProjection.ALL.type());
        if (query == null) {
            String name = index.name();
            return whole ? options -> bound.scanIndex(name, options) : options -> bound.scanIndexIndirect(name, options);
        }
        return whole ? options -> bound.query(query, options) : options -> bound.queryIndirect(query, options);
    }

    /**
     * @return list options reading in the order a sort asks for
     * @throws InvalidDataAccessApiUsageException when the sort is not the index's key order, or the read is a Scan
     */
    public ListOptions options(Sort sort) {
        if (query == null && sort.isSorted()) {
            throw new InvalidDataAccessApiUsageException("Cannot sort the members of index '" + index.name() + "' by "
                    + sort + ": listing every member is a Scan of the index, which returns them in no order; give "
                    + "the index's partition key value to read them in key order");
        }
        order.problem(sort).ifPresent(problem -> {
            throw new InvalidDataAccessApiUsageException("Cannot sort " + query + ": " + problem);
        });
        return order.isDescending(sort) ? ListOptions.defaults().inDescendingOrder() : ListOptions.defaults();
    }
}
