package io.dynamodbtoolkit.springdata.core;

import java.util.Collection;
import java.util.function.Function;

import io.dynamodbtoolkit.adapter.QueryPlan;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.key.SubtreeQuery;
import io.dynamodbtoolkit.mass.IndexBackfill;
import io.dynamodbtoolkit.mass.MassOptions;
import io.dynamodbtoolkit.mass.MassResult;
import io.dynamodbtoolkit.mass.MassScope;

/**
 * A template's index evolution, run by the core's {@link IndexBackfill}: inside the application's current scope
 * (a tenant, say) over that scope's subtree only, otherwise over the whole table in parallel Scan segments. Both
 * write only the attributes the toolkit computes, so neither changes an item as the application reads it. Runs that
 * complete over the whole table are told to the {@link IndexEvolutionListener}.
 */
final class ScopedIndexBackfill {

    private final IndexBackfill backfill;
    private final TemplateScope scope;
    private final Function<SubtreeQuery, QueryPlan> planner;
    private final String adapter;
    private final IndexEvolutionListener listener;

    /**
     * @param backfill the core's backfill of the adapter
     * @param scope    the template's scope
     * @param planner  plans the scope's subtree
     * @param adapter  the adapter's name, as the listener hears it
     * @param listener hears the runs that complete over the whole table
     */
    ScopedIndexBackfill(IndexBackfill backfill, TemplateScope scope, Function<SubtreeQuery, QueryPlan> planner,
            String adapter, IndexEvolutionListener listener) {
        this.backfill = backfill;
        this.scope = scope;
        this.planner = planner;
        this.adapter = adapter;
        this.listener = listener;
    }

    /**
     * Brings an index's computed attributes onto the items of the scope that lack them or carry stale ones.
     *
     * @throws IllegalArgumentException when the index is not declared
     */
    MassResult backfill(String index, MassOptions options) {
        MassScope where = massScope();
        return backfillRun(index, where, options, backfill.backfill(index, where, options));
    }

    /**
     * Removes attributes the toolkit computed for an index no longer declared from the items of the scope.
     *
     * @throws IllegalArgumentException when an attribute is still declared or is the application's data
     */
    MassResult removeStale(Collection<String> attributes, MassOptions options) {
        MassScope where = massScope();
        return staleRemovalRun(attributes, where, options, backfill.removeStale(attributes, where, options));
    }

    /**
     * @return the run of a backfill (also one on the asynchronous client), once the listener heard it when it
     *         completed over the whole table
     */
    MassResult backfillRun(String index, MassScope where, MassOptions options, MassResult run) {
        if (coversTheTable(where, options, run)) {
            listener.backfillCompleted(adapter, index);
        }
        return run;
    }

    /**
     * @return the run of a removal of stale attributes (also one on the asynchronous client), once the listener heard
     *         it when it completed over the whole table
     */
    MassResult staleRemovalRun(Collection<String> attributes, MassScope where, MassOptions options, MassResult run) {
        if (coversTheTable(where, options, run)) {
            listener.staleAttributesRemoved(adapter, attributes);
        }
        return run;
    }

    /**
     * @return the current scope's subtree, or the whole table when the call runs in no scope (also where the reactive
     *         template's backfills on the asynchronous client run)
     */
    MassScope massScope() {
        if (scope.fields().isEmpty() || scope.isUnscopedCall()) {
            return MassScope.wholeTable(IndexBackfill.DEFAULT_SCAN_SEGMENTS);
        }
        return MassScope.of(planner.apply(SubtreeQuery.selfAndDescendants(scope.apply(KeyValues.empty()))));
    }

    private static boolean coversTheTable(MassScope where, MassOptions options, MassResult run) {
        return run.isComplete() && where.isWholeTable() && options.filter().isEmpty() && options.asOf() == null;
    }
}
