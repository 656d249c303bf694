package io.dynamodbtoolkit.springdata.repository.query;

import java.util.Optional;

import io.dynamodbtoolkit.key.SubtreeShape;
import org.jspecify.annotations.Nullable;

/**
 * The method names the hierarchical query lookup claims before Spring Data's name derivation sees them, by prefix
 * (anything may follow, e.g. {@code findUnderFacility}). The {@code ...Under} mass methods cover what the matching
 * {@code findUnder} returns (the rows under a node); the {@code ...AllUnder} ones cascade over the node and
 * everything under it.
 */
enum HierarchicalMethod {
    /** The node's row and every row under it. */
    FIND_SELF_AND_UNDER("findSelfAndUnder", Operation.FIND, SubtreeShape.SELF_AND_DESCENDANTS),
    /** The rows under a node. */
    FIND_UNDER("findUnder", Operation.FIND, SubtreeShape.CHILDREN),
    /** The rows under a parent whose next-tier value starts with a prefix. */
    FIND_BY_PARTIAL("findByPartial", Operation.FIND, SubtreeShape.PARTIAL),
    /** The members of a sparse index. */
    FIND_IN_SPARSE_INDEX("findInSparseIndex", Operation.FIND_IN_INDEX, null),
    /** Deletes a node and everything under it. */
    DELETE_ALL_UNDER("deleteAllUnder", Operation.DELETE, SubtreeShape.SELF_AND_DESCENDANTS),
    /** Copies a node and everything under it under another prefix. */
    CLONE_ALL_UNDER("cloneAllUnder", Operation.CLONE, SubtreeShape.SELF_AND_DESCENDANTS),
    /** Moves a node and everything under it under another prefix. */
    MOVE_ALL_UNDER("moveAllUnder", Operation.MOVE, SubtreeShape.SELF_AND_DESCENDANTS),
    /** Edits a node and everything under it. */
    EDIT_ALL_UNDER("editAllUnder", Operation.EDIT, SubtreeShape.SELF_AND_DESCENDANTS),
    /** Deletes the rows under a node. */
    DELETE_UNDER("deleteUnder", Operation.DELETE, SubtreeShape.CHILDREN),
    /** Copies the rows under a node under another prefix. */
    CLONE_UNDER("cloneUnder", Operation.CLONE, SubtreeShape.CHILDREN),
    /** Moves the rows under a node under another prefix. */
    MOVE_UNDER("moveUnder", Operation.MOVE, SubtreeShape.CHILDREN),
    /** Edits the rows under a node. */
    EDIT_UNDER("editUnder", Operation.EDIT, SubtreeShape.CHILDREN);

    /** What a hierarchical method does. */
    enum Operation { FIND, FIND_IN_INDEX, DELETE, CLONE, MOVE, EDIT }

    private final String prefix;
    private final Operation operation;
    private final @Nullable SubtreeShape shape;

    HierarchicalMethod(String prefix, Operation operation, @Nullable SubtreeShape shape) {
        this.prefix = prefix;
        this.operation = operation;
        this.shape = shape;
    }

    /** @return the kind of a method name, when it is a hierarchical one */
    static Optional<HierarchicalMethod> of(String methodName) {
        for (HierarchicalMethod kind : values()) {
            if (methodName.startsWith(kind.prefix)) {
                return Optional.of(kind);
            }
        }
        return Optional.empty();
    }

    /** @return what the method does */
    Operation operation() {
        return operation;
    }

    /** @return the subtree the method covers (null for index reads) */
    @Nullable SubtreeShape shape() {
        return shape;
    }
}
