package io.dynamodbtoolkit.springbatch.job;

import java.util.Set;

/**
 * The names of the ready jobs' parameters. Those that define the work are identifying (a job instance is the work it
 * does); the rate and the chunk size only pace it and may change on a restart.
 */
public final class MassJobParameters {

    /** The adapter the job runs on (optional: the job is built for one; when given it must name that one). */
    public static final String ADAPTER = "adapter";
    /** The node: {@code field=value} pairs of the leading key fields, comma-separated, values percent-encoded. */
    public static final String KEY = "key";
    /** The node a copy or move writes under, written as {@link #KEY} is, of the same depth. */
    public static final String TARGET = "target";
    /**
     * Filter clauses of the adapter's filter grammar, joined by {@code &} (e.g. {@code eq-status=open&gt-n=2}): only
     * the items they match are processed (a filter expression of the reads).
     */
    public static final String FILTER = "filter";
    /** The index a backfill brings onto the items. */
    public static final String INDEX = "index";
    /** The bean name of the application's edit ({@code MassEdit}) for {@code editAllUnder}. */
    public static final String EDIT = "edit";
    /** The bean name of the application's change ({@code MassEdit}) for {@code cloneMatching}/{@code moveMatching}. */
    public static final String CHANGE = "change";
    /** The most items each partition processes (optional; no limit by default). */
    public static final String MAX_ITEMS = "maxItems";
    /** The Scan segments of a job over the whole table (optional; a job with a key follows the key design). */
    public static final String GRID_SIZE = "gridSize";
    /**
     * {@code true} confirms a job that deletes on an adapter the application's scope provider does not confine (as
     * {@code MassOptions.confirmingUnscopedDelete()} does for the template's mass deletes).
     */
    public static final String CONFIRM_UNSCOPED = "confirmUnscoped";
    /** Spring Batch's run id, to run the same work again as a new instance ({@code RunIdIncrementer}). */
    public static final String RUN_ID = "run.id";
    /** Items per chunk, written in one transaction of the job repository (non-identifying). */
    public static final String CHUNK_SIZE = "chunkSize";
    /** The job's rate: items per second ({@code 500}) or a share of the table's write capacity ({@code 25%}). */
    public static final String RATE = "rate";

    /** Parameters every job takes that define the work, so they must be identifying. */
    public static final Set<String> COMMON_WORK =
            Set.of(ADAPTER, FILTER, MAX_ITEMS, GRID_SIZE, RUN_ID, CONFIRM_UNSCOPED);
    /** Parameters every job takes that only pace the work, so they may be non-identifying and change on a restart. */
    public static final Set<String> PACING = Set.of(CHUNK_SIZE, RATE);

    private MassJobParameters() {
    }
}
