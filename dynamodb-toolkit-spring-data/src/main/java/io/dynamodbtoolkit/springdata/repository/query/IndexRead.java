package io.dynamodbtoolkit.springdata.repository.query;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.adapter.QueryPlan;
import io.dynamodbtoolkit.index.IndexDeclaration;
import io.dynamodbtoolkit.index.IndexQuery;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.springdata.core.ItemSource;
import io.dynamodbtoolkit.springdata.core.PlannedRead;
import org.jspecify.annotations.Nullable;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.domain.Sort;

/**
 * One read of a sparse index's members: equalities on the index's leading key fields (none for a marker index),
 * the repository's scope added (by its template, which also reads whole items from the table when the index projects
 * less than all). With no
 * value for the partition key of an index declared sparse, the read is a Scan of the index: it reads only the
 * members (an index that holds only them), in no particular order; a Scan of the table is never made here.
 *
 * @param <T> the domain type
 */
public final class IndexRead<T> {

    private final QueryContext<T> context;
    private final IndexDeclaration index;
    private final @Nullable QueryPlan plan;
    private final KeyOrder order;

    private IndexRead(QueryContext<T> context, IndexDeclaration index, @Nullable QueryPlan plan, KeyOrder order) {
        this.context = context;
        this.index = index;
        this.plan = plan;
        this.order = order;
    }

    /**
     * @param context   the repository
     * @param indexName the index
     * @param values    equalities on the index's key fields
     * @throws InvalidDataAccessApiUsageException when the adapter has no such index, or the index cannot be
     *                                            confined to the repository's scope
     */
    public static <T> IndexRead<T> of(QueryContext<T> context, String indexName, KeyValues values) {
        IndexDeclaration index = context.indexes().find(indexName).orElseThrow(() ->
                new InvalidDataAccessApiUsageException("Adapter '" + context.adapterName() + "' has no index '"
                        + indexName + "'; its indexes are " + context.indexes().all().stream()
                        .map(IndexDeclaration::name).toList()));
        List<String> partition = IndexKeys.partitionFields(context, index);
        List<String> sort = IndexKeys.sortFields(index);
        List<String> keyFields = new ArrayList<>(partition);
        keyFields.addAll(sort);
        if (!keyFields.containsAll(context.scopeFields())) {
            throw new InvalidDataAccessApiUsageException("Index '" + indexName + "' is not keyed on the scope fields "
                    + context.scopeFields() + ", so reading it would cross scopes");
        }
        Set<String> given = new LinkedHashSet<>(values.asMap().keySet());
        given.addAll(context.scopeFields());
        if (scansMembers(index, partition, given)) {
            return scan(context, index, given);
        }
        int fixedSort = 0;
        while (fixedSort < sort.size() && given.contains(sort.get(fixedSort))) {
            fixedSort++;
        }
        List<String> fixed = new ArrayList<>(partition);
        fixed.addAll(sort.subList(0, fixedSort));
        KeyOrder order = new KeyOrder(sort.subList(fixedSort, sort.size()), fixed, context::attributeNameOf,
                context.table() + " (index " + indexName + ")");
        return new IndexRead<>(context, index, context.operations().plan(IndexQuery.on(indexName)
                .eq(values.asMap())), order);
    }

    /**
     * @return whether a read of an index lists all its members by a Scan: a sparse index whose partition key has
     *         fields (a marker's is written by the toolkit) and is given none of them
     */
    static boolean scansMembers(IndexDeclaration index, List<String> partitionFields, Collection<String> given) {
        return index.isSparse() && !partitionFields.isEmpty() && partitionFields.stream().noneMatch(given::contains);
    }

    /** @param given the fields the call and the scope give values to */
    private static <T> IndexRead<T> scan(QueryContext<T> context, IndexDeclaration index, Set<String> given) {
        if (!given.isEmpty()) {
            throw new InvalidDataAccessApiUsageException("Index '" + index.name() + "' is given " + given
                    + " but no value for its partition key " + IndexKeys.partitionFields(context, index)
                    + ": a Query needs the partition key, and a Scan of the index lists every member unconditioned; "
                    + "give the partition key, or no key values to list every member");
        }
        return new IndexRead<>(context, index, null, new KeyOrder(List.of(), List.of(), context::attributeNameOf,
                context.table() + " (a Scan of index " + index.name() + ")"));
    }

    /** @return the classes the index's members are read into */
    public Set<? extends Class<?>> classes() {
        return IndexKeys.classes(context, index);
    }

    /** @return what is read (a Query of the index, or a Scan of its members), run by either template */
    public PlannedRead<T> read() {
        return plan == null ? PlannedRead.indexMembers(index.name(), context.domainType())
                : PlannedRead.query(plan, context.domainType());
    }

    /** @return the members on the repository's blocking template, a page per call */
    public ItemSource<T> source() {
        return read().on(context.operations());
    }

    /**
     * @return list options reading in the order a sort asks for
     * @throws InvalidDataAccessApiUsageException when the sort is not the index's key order, or the read is a Scan
     */
    public ListOptions options(Sort sort) {
        if (plan == null && sort.isSorted()) {
            throw new InvalidDataAccessApiUsageException("Cannot sort the members of index '" + index.name() + "' by "
                    + sort + ": listing every member is a Scan of the index, which returns them in no order; give "
                    + "the index's partition key value to read them in key order");
        }
        order.problem(sort).ifPresent(problem -> {
            throw new InvalidDataAccessApiUsageException("Cannot sort the members of index '" + index.name() + "': "
                    + problem);
        });
        return order.isDescending(sort) ? ListOptions.defaults().inDescendingOrder() : ListOptions.defaults();
    }
}
