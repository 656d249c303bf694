package io.dynamodbtoolkit.springdata.core;

import java.util.function.Supplier;

import io.dynamodbtoolkit.mass.MassPageResult;
import io.dynamodbtoolkit.mass.MassScope;

/**
 * A template's checks and backfills of the guards of unique fields, run by the core's {@code verifyUnique} and
 * {@code backfillUnique}: both read the whole table, so a call inside the application's current scope (a tenant,
 * say) is refused rather than reading or writing other scopes' rows. A backfill that left no row failed or in
 * conflict tells the {@link IndexEvolutionListener} (e.g. the Boot starter's, which clears the health warning).
 */
final class UniqueGuardRuns {

    private final String adapter;
    private final Supplier<MassScope> where;
    private final IndexEvolutionListener listener;

    /**
     * @param adapter  the adapter's name
     * @param where    where a mass run of the template runs now: the current scope's subtree, or the whole table
     * @param listener hears the backfills that complete
     */
    UniqueGuardRuns(String adapter, Supplier<MassScope> where, IndexEvolutionListener listener) {
        this.adapter = adapter;
        this.where = where;
        this.listener = listener;
    }

    /**
     * @param operation the operation, for the message
     * @throws IllegalStateException when the call runs inside the application's current scope
     */
    void requireWholeTable(String operation) {
        if (!where.get().isWholeTable()) {
            throw new IllegalStateException(operation + " reads every row of the table, so it does not run inside "
                    + "the current scope; call it outside any scope (the template's unscoped() view, or an "
                    + "@Unscoped method)");
        }
    }

    /** @return the run of a backfill, once the listener heard it when it left no row failed or in conflict */
    MassPageResult backfillRun(String field, MassPageResult run) {
        if (run.failed().isEmpty() && run.conflicts().isEmpty()) {
            listener.uniqueBackfillCompleted(adapter, field);
        }
        return run;
    }
}
