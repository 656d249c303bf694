package io.dynamodbtoolkit.springdata.repository.query;

import java.util.List;

import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.key.KeyField;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.key.SubtreeQuery;
import io.dynamodbtoolkit.key.SubtreeShape;
import io.dynamodbtoolkit.springdata.repository.support.BoundAdapter;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.domain.Sort;

/**
 * One subtree read of a repository (children, self and descendants, or a partial prefix) on a scoped node: its item
 * source and the key order its items come in.
 *
 * @param <T> the domain type
 */
public final class SubtreeRead<T> {

    private final BoundAdapter<T> bound;
    private final SubtreeQuery query;

    private SubtreeRead(BoundAdapter<T> bound, SubtreeQuery query) {
        this.bound = bound;
        this.query = query;
    }

    /**
     * @param bound  the repository's adapter
     * @param shape  the subtree shape
     * @param node   the node (for a partial: the parent), before the scope is applied
     * @param prefix the partial prefix, or null
     */
    public static <T> SubtreeRead<T> of(BoundAdapter<T> bound, SubtreeShape shape, KeyValues node, String prefix) {
        return new SubtreeRead<>(bound, bound.subtree(shape, node, prefix));
    }

    /** @return the items, a page per call */
    public ItemSource<T> source() {
        return options -> bound.list(query, options);
    }

    /**
     * @return list options reading in the order a sort asks for
     * @throws InvalidDataAccessApiUsageException when the sort is not the key order (forwards or backwards)
     */
    public ListOptions options(Sort sort) {
        if (sort.isUnsorted()) {
            return ListOptions.defaults();
        }
        List<String> names = bound.keys().keyFields().stream().map(KeyField::name).toList();
        int depth = Math.min(query.node().size(), names.size());
        KeyOrder order = new KeyOrder(names.subList(depth, names.size()), names.subList(0, depth),
                bound::attributeNameOf, bound.table());
        order.problem(sort).ifPresent(problem -> {
            throw new InvalidDataAccessApiUsageException("Cannot sort " + query + ": " + problem);
        });
        return order.isDescending(sort) ? ListOptions.defaults().inDescendingOrder() : ListOptions.defaults();
    }
}
