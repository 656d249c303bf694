package io.dynamodbtoolkit.springdata.repository.query;

import java.util.Set;

import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.key.SubtreeShape;

/**
 * A declared subtree method ({@code findUnder}, {@code findSelfAndUnder}, {@code findByPartial}): its parameters
 * bind the node's key fields, the read is a key seek, the result takes the method's return type (the rows as they
 * are, or a projection of them).
 *
 * @param <T> the domain type
 */
final class SubtreeRepositoryQuery<T> extends AbstractDynamoDbQuery<T> {

    private final SubtreeShape shape;
    private final KeyParameters parameters;
    private final Set<? extends Class<?>> classes;
    private final String reach;

    private SubtreeRepositoryQuery(DynamoDbQueryMethod method, QueryContext<T> context, SubtreeShape shape,
            KeyParameters parameters, ResultShape result, ResultProjection projection, Set<? extends Class<?>> classes,
            String reach) {
        super(method, context, result, projection);
        this.shape = shape;
        this.parameters = parameters;
        this.classes = classes;
        this.reach = reach;
    }

    /** @throws io.dynamodbtoolkit.DeclarationException when the method cannot be a key seek as declared */
    static <T> SubtreeRepositoryQuery<T> create(DynamoDbQueryMethod method, QueryContext<T> context,
            SubtreeShape shape) {
        KeyModel keys = context.keys();
        KeyParameters parameters = KeyParameters.of(method, keys, context.scopeFields(), context.converter(),
                shape == SubtreeShape.PARTIAL, parameter -> false);
        ResultShape result = ResultShape.of(method);
        int depth = parameters.boundDepth();
        requireShapeFits(method, keys, shape, depth);
        int fields = keys.keyFields().size();
        Reach reach;
        if (depth < 0) {
            reach = new Reach(1, "a subtree of any node");
        } else if (shape == SubtreeShape.SELF_AND_DESCENDANTS) {
            reach = new Reach(depth, "the '" + keys.keyField(depth - 1).name() + "' row and the rows under it");
        } else {
            reach = new Reach(Math.min(depth + 1, fields), shape == SubtreeShape.PARTIAL ? "the rows whose '"
                    + keys.keyField(depth).name() + "' starts with a prefix, and their subtrees"
                    : "the rows under '" + keys.keyField(depth - 1).name() + "'");
        }
        ResultProjection projection = ResultProjection.of(method, context);
        ElementTypes.requireFits(method, projection.declared(), context.tiers(), reach.from(), fields,
                reach.description());
        return new SubtreeRepositoryQuery<>(method, context, shape, parameters, result, projection,
                context.tiers().classesAtDepths(reach.from(), fields), reach.description());
    }

    @Override
    Source<T> source(DynamoDbParameterAccessor accessor) {
        KeyValues node = parameters.node(accessor);
        SubtreeRead<T> read = SubtreeRead.of(context(), shape, node, parameters.prefix(accessor));
        return new Read<>(read.read(), read.options(accessor.getSort()), classes, reach, 0);
    }

    private static void requireShapeFits(DynamoDbQueryMethod method, KeyModel keys, SubtreeShape shape, int depth) {
        if (depth < 0) {
            return;
        }
        if (!keys.isHierarchical() && shape == SubtreeShape.SELF_AND_DESCENDANTS) {
            throw method.declarationError("'self and under' needs hierarchical keys, but " + keys
                    + " has no structural key", "read the item by its key (findById), or declare a structuralKey");
        }
        if (!keys.isHierarchical() && shape == SubtreeShape.CHILDREN && depth > 1) {
            throw method.declarationError("it asks for the rows under a full key, but " + keys + " has no tiers "
                    + "below it", "bind only the partition key, or read the item by its key (findById)");
        }
        if (shape == SubtreeShape.CHILDREN && depth >= keys.keyFields().size() && keys.isHierarchical()) {
            throw method.declarationError("it binds every key field, so it addresses a leaf row, which has no rows "
                    + "under it", "drop the last key field parameter, or use findSelfAndUnder / findById");
        }
    }

    /** What a subtree read reaches: its shallowest depth (down to the deepest tier), described for messages. */
    private record Reach(int from, String description) {
    }
}
