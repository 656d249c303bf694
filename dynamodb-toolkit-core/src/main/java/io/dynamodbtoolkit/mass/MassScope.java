package io.dynamodbtoolkit.mass;

import java.util.Objects;

import io.dynamodbtoolkit.adapter.QueryPlan;
import org.jspecify.annotations.Nullable;

/**
 * Which items a mass operation covers: the items of a key-seek query plan (a subtree, a partial, an index query
 * from {@code adapter.plan(...)}), or every item of the table, which a delete accepts only when confirmed. The
 * whole table is read as one Scan, or as parallel Scan segments, each resuming from its own position in the
 * cursor.
 *
 * @param plan         the query plan, or null for the whole table
 * @param scanSegments the parallel segments a Scan of the whole table reads at once; 1 for a plain Scan (and for a
 *                     query plan)
 */
public record MassScope(@Nullable QueryPlan plan, int scanSegments) {

    /** The most parallel segments a mass operation scans the table in. */
    public static final int MAX_SCAN_SEGMENTS = 1000;

    public MassScope {
        if (scanSegments < 1 || scanSegments > MAX_SCAN_SEGMENTS) {
            throw new IllegalArgumentException("A Scan reads 1 to " + MAX_SCAN_SEGMENTS + " segments, not "
                    + scanSegments);
        }
        if (plan != null && scanSegments != 1) {
            throw new IllegalArgumentException("Scan segments are for the whole table, not a query plan");
        }
    }

    /** @return the items of a query plan */
    public static MassScope of(QueryPlan plan) {
        return new MassScope(Objects.requireNonNull(plan, "plan"), 1);
    }

    /** @return every item of the table (a Scan) */
    public static MassScope wholeTable() {
        return new MassScope(null, 1);
    }

    /**
     * @param segments how many Scan segments to read at once (DynamoDB's {@code TotalSegments}); a run's cursor
     *                 resumes only a run with the same number
     * @return every item of the table, read as parallel Scan segments
     */
    public static MassScope wholeTable(int segments) {
        return new MassScope(null, segments);
    }

    /** @return the query plan of a scope that is not the whole table */
    QueryPlan requirePlan() {
        return Objects.requireNonNull(plan, "the whole table is read without a query plan");
    }

    /** @return whether the scope is the whole table */
    public boolean isWholeTable() {
        return plan == null;
    }
}
