package io.dynamodbtoolkit.springdata.repository.query;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import io.dynamodbtoolkit.DeclarationException;
import io.dynamodbtoolkit.key.KeyField;
import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.springdata.repository.support.BoundAdapter;
import org.springframework.data.core.PropertyReferenceException;
import org.springframework.data.domain.Sort;
import org.springframework.data.repository.query.parser.Part;
import org.springframework.data.repository.query.parser.PartTree;

/**
 * Plans a derived method ({@code findByStateAndFacilityStartingWith}) at start-up: the conditions on the leading key
 * fields become a {@link KeySeek}; whatever is left needs a FilterExpression (or, without a partition condition, a
 * Scan) and is refused unless the method is annotated {@code @AllowScan}, with a message naming the index that would
 * serve it.
 *
 * @param <T> the domain type
 */
final class DerivedQueryPlanner<T> {

    private final DynamoDbQueryMethod method;
    private final BoundAdapter<T> bound;
    private final KeyModel keys;

    DerivedQueryPlanner(DynamoDbQueryMethod method, BoundAdapter<T> bound) {
        this.method = method;
        this.bound = bound;
        this.keys = bound.keys();
    }

    /** @throws DeclarationException when the method cannot be served as declared */
    DerivedKeyQuery<T> plan() {
        PartTree tree = partTree();
        if (tree.isDelete()) {
            throw method.declarationError("derived deletes would read every match and delete it item by item",
                    "use deleteAllById with the keys, or deleteUnder(...) once the mass-operation engine is available");
        }
        if (tree.stream().count() > 1) {
            throw method.declarationError("it combines conditions with Or, which no key condition can express and "
                    + "the toolkit's filters (conjunctions) cannot either", "split it into one method per branch");
        }
        List<BoundPart> parts = bind(tree);
        KeySeek seek = seek(parts);
        List<BoundPart> residual = new ArrayList<>(parts);
        if (seek != null) {
            residual.removeAll(seek.parts());
        }
        if ((seek == null || !residual.isEmpty()) && !method.allowsScan()) {
            throw unservable(seek, residual.isEmpty() ? parts : residual);
        }
        FilterParts filters = FilterParts.of(method, residual, bound.converter());
        ResultShape shape = tree.isCountProjection() ? ResultShape.COUNT
                : tree.isExistsProjection() ? ResultShape.EXISTS : ResultShape.of(method);
        KeyOrder order = seek == null ? null : order(seek);
        checkStaticSort(tree.getSort(), order);
        if (shape != ResultShape.COUNT && shape != ResultShape.EXISTS) {
            checkElementType(seek);
        }
        Integer max = tree.getMaxResults();
        return new DerivedKeyQuery<>(method, bound, seek, filters, shape, order, tree.getSort(),
                max == null ? 0 : max);
    }

    private PartTree partTree() {
        try {
            return new PartTree(method.getName(), method.domainClass());
        } catch (PropertyReferenceException e) {
            for (Class<?> type : bound.tiers().all()) {
                try {
                    return new PartTree(method.getName(), type);
                } catch (PropertyReferenceException ignored) {
                    // try the next tier class
                }
            }
            throw method.declarationError(e.getMessage(), "name properties of " + method.domainClass()
                    .getSimpleName() + " (or of one of its tier classes) in the method name");
        }
    }

    private List<BoundPart> bind(PartTree tree) {
        List<BoundPart> parts = new ArrayList<>();
        int argument = 0;
        for (Part part : tree.getParts()) {
            if (part.getProperty().hasNext()) {
                throw method.declarationError("the condition on nested property '" + part.getProperty()
                        .toDotPath() + "' is not supported", "condition top-level properties only");
            }
            String attribute = bound.attributeNameOf(part.getProperty().getSegment());
            parts.add(new BoundPart(part, attribute, keys.positionOf(attribute), argument));
            argument += part.getNumberOfArguments();
        }
        return parts;
    }

    /** @return the key seek of the leading key conditions, or null when the partition key has no equality */
    private KeySeek seek(List<BoundPart> parts) {
        List<String> scope = bound.scope().fields();
        Map<Integer, BoundPart> equalities = new LinkedHashMap<>();
        for (BoundPart part : parts) {
            if (part.keyPosition() >= 0 && part.isEquality()) {
                equalities.putIfAbsent(part.keyPosition(), part);
            }
        }
        int fields = keys.keyFields().size();
        int depth = 0;
        List<BoundPart> leading = new ArrayList<>();
        while (depth < fields && (depth < scope.size() || equalities.containsKey(depth))) {
            if (equalities.containsKey(depth)) {
                leading.add(equalities.get(depth));
            }
            depth++;
        }
        if (depth == 0) {
            return null;
        }
        BoundPart last = null;
        if (depth < fields && (keys.isHierarchical() || depth == 1)) {
            KeyField next = keys.keyField(depth);
            int position = depth;
            last = parts.stream().filter(part -> part.keyPosition() == position
                    && KeySeek.canEnd(part, next, keys.isHierarchical())).findFirst().orElse(null);
        }
        return new KeySeek(kind(depth, last), leading, last, depth);
    }

    private KeySeek.Kind kind(int depth, BoundPart last) {
        int fields = keys.keyFields().size();
        if (!keys.isHierarchical()) {
            return last != null || depth == 2 ? KeySeek.Kind.SORT_KEY : KeySeek.Kind.PARTITION;
        }
        if (last != null) {
            return last.isPrefix() ? KeySeek.Kind.PARTIAL : KeySeek.Kind.TIER_RANGE;
        }
        return depth == fields ? KeySeek.Kind.FULL_KEY : depth == 1 ? KeySeek.Kind.PARTITION
                : KeySeek.Kind.SELF_AND_DESCENDANTS;
    }

    private KeyOrder order(KeySeek seek) {
        List<String> names = keys.keyFields().stream().map(KeyField::name).toList();
        int fixed = seek.kind() == KeySeek.Kind.SORT_KEY && seek.depth() == 2 ? 2 : seek.depth();
        return new KeyOrder(names.subList(fixed, names.size()), names.subList(0, fixed), bound::attributeNameOf,
                bound.table());
    }

    private void checkStaticSort(Sort sort, KeyOrder order) {
        if (sort.isUnsorted()) {
            return;
        }
        if (order == null) {
            throw method.declarationError("it Scans the table, which returns items in no order, so sorting them "
                    + "would be in memory", "drop the OrderBy, or add a condition on the partition key");
        }
        order.problem(sort).ifPresent(problem -> {
            throw method.declarationError(problem, "order by the key fields after the ones the method binds");
        });
    }

    private void checkElementType(KeySeek seek) {
        int fields = keys.keyFields().size();
        if (seek == null || !keys.isHierarchical()) {
            ElementTypes.requireAssignable(method, bound.tiers(), 1, fields, "rows of any tier");
            return;
        }
        int depth = seek.depth();
        switch (seek.kind()) {
            case FULL_KEY -> ElementTypes.requireAssignable(method, bound.tiers(), fields, fields, "one leaf row");
            case PARTITION, SELF_AND_DESCENDANTS -> ElementTypes.requireAssignable(method, bound.tiers(), depth,
                    fields, "the '" + keys.keyField(depth - 1).name() + "' row and the rows under it");
            default -> ElementTypes.requireAssignable(method, bound.tiers(), depth + 1, fields, "the rows whose '"
                    + keys.keyField(depth).name() + "' matches, and their subtrees");
        }
    }

    private DeclarationException unservable(KeySeek seek, List<BoundPart> residual) {
        BoundPart first = residual.get(0);
        List<String> keyFields = keys.keyFields().stream().map(KeyField::name).toList();
        String problem;
        if (seek == null) {
            problem = "it has no equality on the partition key field '" + keyFields.get(0) + "', so it would Scan "
                    + "the whole table";
        } else if (first.keyPosition() >= 0) {
            problem = "the condition " + first.part().getType() + " on key field '" + first.attribute() + "' cannot "
                    + "be part of the key condition (after equalities on " + keyFields.subList(0, seek.depth())
                    + (keys.isHierarchical() ? ", the next tier takes a prefix (StartingWith) or, for fixed-width "
                    + "number tiers, a range" : ", the sort key takes one comparison") + ")";
        } else {
            problem = "'" + first.attribute() + "' is not a key field of table " + bound.table() + " (key fields "
                    + keyFields + "), so the condition on it would be a filter that reads items it does not return";
        }
        List<String> indexKeys = residual.stream().filter(part -> part.keyPosition() < 0).map(BoundPart::attribute)
                .distinct().limit(2).collect(Collectors.toList());
        String index = indexKeys.isEmpty() ? ""
                : "declare a global secondary index with partition key '" + indexKeys.get(0) + "'"
                        + (indexKeys.size() > 1 ? " and sort key '" + indexKeys.get(1) + "'" : "")
                        + " and query it (index-backed derived methods come with the core's index support), or ";
        return method.declarationError(problem, index + "annotate the method @AllowScan to read with a "
                + "FilterExpression (every item under the key condition is read and billed)");
    }
}
