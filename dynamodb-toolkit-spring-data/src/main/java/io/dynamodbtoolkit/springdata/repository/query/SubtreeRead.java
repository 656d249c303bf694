package io.dynamodbtoolkit.springdata.repository.query;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.adapter.QueryPlan;
import io.dynamodbtoolkit.key.KeyField;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.key.SubtreeQuery;
import io.dynamodbtoolkit.key.SubtreeShape;
import io.dynamodbtoolkit.springdata.core.ItemSource;
import io.dynamodbtoolkit.springdata.core.PlannedRead;
import org.jspecify.annotations.Nullable;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.domain.Sort;

/**
 * One subtree read of a repository (children, self and descendants, or a partial prefix), through its template (which
 * stores the node's values and applies the scope): its item source and the key order its items come in.
 *
 * @param <T> the domain type
 */
public final class SubtreeRead<T> {

    private final QueryContext<T> context;
    private final SubtreeQuery query;
    private final QueryPlan plan;

    private SubtreeRead(QueryContext<T> context, SubtreeQuery query) {
        this.context = context;
        this.query = query;
        this.plan = context.operations().plan(query);
    }

    /**
     * @param context the repository
     * @param shape   the subtree shape
     * @param node    the node (for a partial: the parent), before the scope is applied
     * @param prefix  the partial prefix, or null
     * @throws org.springframework.dao.DataAccessException when the node cannot be a key in the current scope
     */
    public static <T> SubtreeRead<T> of(QueryContext<T> context, SubtreeShape shape, KeyValues node,
            @Nullable String prefix) {
        return new SubtreeRead<>(context, switch (shape) {
            case CHILDREN -> SubtreeQuery.children(node);
            case SELF_AND_DESCENDANTS -> SubtreeQuery.selfAndDescendants(node);
            case PARTIAL -> SubtreeQuery.partial(node, Objects.requireNonNull(prefix, "a partial read has its prefix"));
        });
    }

    /** @return what is read, run by either template */
    public PlannedRead<T> read() {
        return PlannedRead.query(plan, context.domainType());
    }

    /** @return the items on the repository's blocking template, a page per call */
    public ItemSource<T> source() {
        return read().on(context.operations());
    }

    /**
     * @return list options reading in the order a sort asks for
     * @throws InvalidDataAccessApiUsageException when the sort is not the key order (forwards or backwards)
     */
    public ListOptions options(Sort sort) {
        if (sort.isUnsorted()) {
            return ListOptions.defaults();
        }
        List<String> names = context.keys().keyFields().stream().map(KeyField::name).toList();
        Set<String> given = new LinkedHashSet<>(context.scopeFields());
        given.addAll(query.node().asMap().keySet());
        int depth = Math.min(given.size(), names.size());
        KeyOrder order = new KeyOrder(names.subList(depth, names.size()), names.subList(0, depth),
                context::attributeNameOf, context.table());
        order.problem(sort).ifPresent(problem -> {
            throw new InvalidDataAccessApiUsageException("Cannot sort " + query + ": " + problem);
        });
        return order.isDescending(sort) ? ListOptions.defaults().inDescendingOrder() : ListOptions.defaults();
    }
}
