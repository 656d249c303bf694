package io.dynamodbtoolkit.mass;

import java.util.Objects;

import io.dynamodbtoolkit.adapter.QueryPlan;

/**
 * Which items a mass operation covers: the items of a key-seek query plan (a subtree, a partial, an index query
 * from {@code adapter.plan(...)}), or every item of the table, which a delete accepts only when confirmed.
 *
 * @param plan the query plan, or null for the whole table
 */
public record MassScope(QueryPlan plan) {

    /** @return the items of a query plan */
    public static MassScope of(QueryPlan plan) {
        return new MassScope(Objects.requireNonNull(plan, "plan"));
    }

    /** @return every item of the table (a Scan) */
    public static MassScope wholeTable() {
        return new MassScope(null);
    }

    /** @return whether the scope is the whole table */
    public boolean isWholeTable() {
        return plan == null;
    }
}
