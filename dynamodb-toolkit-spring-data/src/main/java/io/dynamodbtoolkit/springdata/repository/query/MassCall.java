package io.dynamodbtoolkit.springdata.repository.query;

import java.util.Objects;
import java.util.function.UnaryOperator;

import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.key.SubtreeShape;
import io.dynamodbtoolkit.mass.MassOptions;
import io.dynamodbtoolkit.springdata.core.HierarchicalMassOperations;
import org.jspecify.annotations.Nullable;

/**
 * One call of a mass query method ({@code deleteUnder...}, {@code cloneAllUnder...}), bound to its arguments: run by
 * {@link #runOn} on the repository's blocking template, or on its reactive template (the asynchronous mass engine).
 *
 * @param operation what the method does to the rows
 * @param subtree   the rows under the node, or the node and the rows under it ({@code ...AllUnder})
 * @param from      the node, in the form the template takes
 * @param to        the target node of a copy or move, else null
 * @param change    the change of an edit, else null
 * @param options   the run's options
 * @param type      the domain type
 * @param <T>       the domain type
 */
record MassCall<T>(HierarchicalMethod.Operation operation, SubtreeShape subtree, KeyValues from, @Nullable KeyValues to,
        @Nullable UnaryOperator<T> change, MassOptions options,
                Class<T> type) implements AbstractDynamoDbQuery.Source<T> {

    /** @return whether the node itself is in the run ({@code ...AllUnder}) */
    boolean withNode() {
        return subtree == SubtreeShape.SELF_AND_DESCENDANTS;
    }

    /**
     * @param operations the repository's template, blocking or reactive
     * @return the run's result as the template returns it ({@code MassResult}, or a {@code Mono} of it)
     */
    <R> R runOn(HierarchicalMassOperations<R> operations) {
        boolean all = withNode();
        return switch (operation) {
            case DELETE -> all ? operations.deleteAllUnder(from, options, type)
                    : operations.deleteUnder(from, options, type);
            case CLONE -> all ? operations.cloneAllUnder(from, requireTo(), options, type)
                    : operations.cloneUnder(from, requireTo(), options, type);
            case MOVE -> all ? operations.moveAllUnder(from, requireTo(), options, type)
                    : operations.moveUnder(from, requireTo(), options, type);
            case EDIT -> all ? operations.editAllUnder(from, requireChange(), options, type)
                    : operations.editUnder(from, requireChange(), options, type);
            default -> throw new IllegalStateException(operation + " is not a mass operation");
        };
    }

    /** @return the target of a clone or a move */
    KeyValues requireTo() {
        return Objects.requireNonNull(to, "a clone or a move has its target");
    }

    /** @return the change of an edit */
    UnaryOperator<T> requireChange() {
        return Objects.requireNonNull(change, "an edit has its change");
    }
}
