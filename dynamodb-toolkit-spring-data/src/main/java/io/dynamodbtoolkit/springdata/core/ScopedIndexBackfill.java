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
 * write only the attributes the toolkit computes, so neither changes an item as the application reads it.
 */
final class ScopedIndexBackfill {

    private final IndexBackfill backfill;
    private final TemplateScope scope;
    private final Function<SubtreeQuery, QueryPlan> planner;

    ScopedIndexBackfill(IndexBackfill backfill, TemplateScope scope, Function<SubtreeQuery, QueryPlan> planner) {
        this.backfill = backfill;
        this.scope = scope;
        this.planner = planner;
    }

    /**
     * Brings an index's computed attributes onto the items of the scope that lack them or carry stale ones.
     *
     * @throws IllegalArgumentException when the index is not declared
     */
    MassResult backfill(String index, MassOptions options) {
        return backfill.backfill(index, massScope(), options);
    }

    /**
     * Removes attributes the toolkit computed for an index no longer declared from the items of the scope.
     *
     * @throws IllegalArgumentException when an attribute is still declared or is the application's data
     */
    MassResult removeStale(Collection<String> attributes, MassOptions options) {
        return backfill.removeStale(attributes, massScope(), options);
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
}
