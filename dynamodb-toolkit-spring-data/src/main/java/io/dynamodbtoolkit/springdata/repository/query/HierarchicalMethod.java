package io.dynamodbtoolkit.springdata.repository.query;

import java.util.Optional;

import io.dynamodbtoolkit.key.SubtreeShape;

/**
 * The method names the hierarchical query lookup claims before Spring Data's name derivation sees them, by prefix:
 * anything may follow the prefix (e.g. {@code findUnderFacility}).
 */
enum HierarchicalMethod {
    /** {@code findSelfAndUnder...}: the node's row and every row under it. */
    FIND_SELF_AND_UNDER("findSelfAndUnder", SubtreeShape.SELF_AND_DESCENDANTS),
    /** {@code findUnder...}: the rows under a node. */
    FIND_UNDER("findUnder", SubtreeShape.CHILDREN),
    /** {@code findByPartial...}: the rows under a parent whose next-tier value starts with a prefix. */
    FIND_BY_PARTIAL("findByPartial", SubtreeShape.PARTIAL),
    /** {@code findInSparseIndex...}: the members of a sparse index (needs the core's index support). */
    FIND_IN_SPARSE_INDEX("findInSparseIndex", null),
    /** {@code deleteUnder...}: a mass delete of a subtree (needs the core's mass-operation engine). */
    DELETE_UNDER("deleteUnder", null),
    /** {@code cloneUnder...}: a mass copy of a subtree (needs the core's mass-operation engine). */
    CLONE_UNDER("cloneUnder", null),
    /** {@code moveUnder...}: a mass move of a subtree (needs the core's mass-operation engine). */
    MOVE_UNDER("moveUnder", null),
    /** {@code editUnder...}: a mass edit of a subtree (needs the core's mass-operation engine). */
    EDIT_UNDER("editUnder", null);

    private final String prefix;
    private final SubtreeShape shape;

    HierarchicalMethod(String prefix, SubtreeShape shape) {
        this.prefix = prefix;
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

    /** @return the method name prefix */
    String prefix() {
        return prefix;
    }

    /** @return the subtree shape of a subtree read, or empty for index and mass methods */
    Optional<SubtreeShape> shape() {
        return Optional.ofNullable(shape);
    }
}
