package io.dynamodbtoolkit.springdata.core;

import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.UnaryOperator;

import io.dynamodbtoolkit.adapter.QueryPlan;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.key.SubtreeQuery;
import io.dynamodbtoolkit.mass.MassOptions;
import io.dynamodbtoolkit.mass.MassRuns;
import io.dynamodbtoolkit.mass.MassScope;
import org.springframework.dao.InvalidDataAccessApiUsageException;

/**
 * A template's copies and moves of every row a filter matches, run by the core's engine: within the current scope
 * the scope's node and everything under it (a key seek), outside any scope the whole table (a Scan). Each row goes
 * through the caller's change of the entity, and its copy is written with the key its changed key fields give; a copy
 * that would leave the current scope is refused, so nothing is written outside it.
 *
 * @param <T> the entity type
 * @param <R> what a run returns: its result on the blocking client, a future of it on the asynchronous one
 */
final class MatchingMassOperations<T, R> {

    private final MassRuns<T, R> mass;
    private final TemplateScope scope;
    private final Function<SubtreeQuery, QueryPlan> planner;
    private final Consumer<T> keepsInScope;

    /**
     * @param mass         the engine over the entity class, on either client
     * @param scope        the template's scope, pinned to the call's (the changes run in the engine's threads)
     * @param planner      plans a subtree within the current scope
     * @param keepsInScope throws when an entity's key lies outside the current scope
     */
    MatchingMassOperations(MassRuns<T, R> mass, TemplateScope scope, Function<SubtreeQuery, QueryPlan> planner,
            Consumer<T> keepsInScope) {
        this.mass = mass;
        this.scope = scope;
        this.planner = planner;
        this.keepsInScope = keepsInScope;
    }

    /** Copies every match through the change. */
    R copy(UnaryOperator<T> change, MassOptions options) {
        return mass.cloneEach(matches(), scoped(change), options);
    }

    /**
     * Moves every match through the change.
     *
     * @throws InvalidDataAccessApiUsageException outside the application's scope, unless the options confirm it (a
     *                                            move deletes what it moves, as a mass delete does)
     */
    R move(UnaryOperator<T> change, MassOptions options) {
        if (scope.isUnscopedCall() && !options.confirmUnscoped()) {
            throw new InvalidDataAccessApiUsageException("Refusing a mass move outside the application's scope (the "
                    + "ScopeProvider has no current scope, or the repository is @Unscoped): run it inside a scope, "
                    + "or confirm with MassOptions.defaults().confirmingUnscopedDelete()");
        }
        return mass.moveEach(matches(), scoped(change), options);
    }

    private MassScope matches() {
        Optional<KeyValues> current = scope.isConfining() ? scope.provider().flatMap(ScopeProvider::currentScope)
                : Optional.empty();
        if (scope.isConfining() && current.isEmpty()) {
            throw new InvalidDataAccessApiUsageException("There is no current scope: a mass copy or move of a scoped "
                    + "repository needs one, or it would read every scope");
        }
        return current.map(node -> MassScope.of(planner.apply(SubtreeQuery.selfAndDescendants(node))))
                .orElseGet(MassScope::wholeTable);
    }

    /** @return the change checked against the scope, run with the caller's thread-bound context */
    private UnaryOperator<T> scoped(UnaryOperator<T> change) {
        return CallerContext.carrying(entity -> {
            T changed = change.apply(entity);
            keepsInScope.accept(changed);
            return changed;
        });
    }
}
