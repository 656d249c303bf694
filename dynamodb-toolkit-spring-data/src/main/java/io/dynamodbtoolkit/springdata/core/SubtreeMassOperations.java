package io.dynamodbtoolkit.springdata.core;

import java.util.function.Function;
import java.util.function.UnaryOperator;

import io.dynamodbtoolkit.adapter.QueryPlan;
import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.key.SubtreeQuery;
import io.dynamodbtoolkit.key.SubtreeShape;
import io.dynamodbtoolkit.mass.MassOptions;
import io.dynamodbtoolkit.mass.MassRuns;
import io.dynamodbtoolkit.mass.MassScope;
import io.dynamodbtoolkit.mass.PrefixSwap;
import org.springframework.dao.InvalidDataAccessApiUsageException;

/**
 * A template's mass operations over subtrees, run by the core's engine: the node and everything under it
 * (the cascades, {@link SubtreeShape#SELF_AND_DESCENDANTS}) or the rows under it ({@link SubtreeShape#CHILDREN}),
 * with the template's scope applied to every key and edits audited like single edits. Keys come converted to their
 * stored form; the scope is applied here, after the check of unscoped deletes.
 *
 * @param <T> the entity type
 * @param <R> what a run returns: its result on the blocking client, a future of it on the asynchronous one
 */
final class SubtreeMassOperations<T, R> {

    private final MassRuns<T, R> mass;
    private final KeyModel keys;
    private final TemplateScope scope;
    private final Function<SubtreeQuery, QueryPlan> planner;
    private final UnaryOperator<UnaryOperator<T>> auditing;

    SubtreeMassOperations(MassRuns<T, R> mass, KeyModel keys, TemplateScope scope,
            Function<SubtreeQuery, QueryPlan> planner, UnaryOperator<UnaryOperator<T>> auditing) {
        this.mass = mass;
        this.keys = keys;
        this.scope = scope;
        this.planner = planner;
        this.auditing = auditing;
    }

    /**
     * Deletes a subtree (leaves first for a cascade).
     *
     * @throws InvalidDataAccessApiUsageException when the call runs outside the application's scope and the
     *                                            options do not confirm it
     */
    R delete(SubtreeShape shape, KeyValues node, MassOptions options) {
        if (scope.isUnscopedCall() && !options.confirmUnscoped()) {
            throw new InvalidDataAccessApiUsageException("Refusing a mass delete outside the application's scope "
                    + "(the ScopeProvider has no current scope, or the repository is @Unscoped): run it inside a "
                    + "scope, or confirm with MassOptions.defaults().confirmingUnscopedDelete()");
        }
        KeyValues scoped = scope.apply(node);
        return shape == SubtreeShape.SELF_AND_DESCENDANTS ? mass.deleteAllUnder(scoped, options)
                : mass.delete(children(scoped), options);
    }

    /** Copies a subtree under another prefix of the same depth (the node first for a cascade). */
    R copy(SubtreeShape shape, KeyValues from, KeyValues to, MassOptions options) {
        KeyValues source = scope.apply(from);
        KeyValues target = scope.apply(to);
        return shape == SubtreeShape.SELF_AND_DESCENDANTS ? mass.cloneAllUnder(source, target, options)
                : mass.clone(children(source), PrefixSwap.of(keys, source, target), options);
    }

    /** Moves a subtree under another prefix of the same depth; safe to re-run after a crash. */
    R move(SubtreeShape shape, KeyValues from, KeyValues to, MassOptions options) {
        KeyValues source = scope.apply(from);
        KeyValues target = scope.apply(to);
        return shape == SubtreeShape.SELF_AND_DESCENDANTS ? mass.moveAllUnder(source, target, options)
                : mass.move(children(source), PrefixSwap.of(keys, source, target), options);
    }

    /** Edits every item of a subtree, writing only what changed, checked against the version read. */
    R edit(SubtreeShape shape, KeyValues node, UnaryOperator<T> change, MassOptions options) {
        KeyValues scoped = scope.apply(node);
        return shape == SubtreeShape.SELF_AND_DESCENDANTS ? mass.editAllUnder(scoped, auditing.apply(change), options)
                : mass.edit(children(scoped), auditing.apply(change), options);
    }

    private MassScope children(KeyValues node) {
        return MassScope.of(planner.apply(SubtreeQuery.children(node)));
    }
}
