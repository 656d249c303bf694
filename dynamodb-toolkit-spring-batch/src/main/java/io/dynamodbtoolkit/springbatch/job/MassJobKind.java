package io.dynamodbtoolkit.springbatch.job;

import static io.dynamodbtoolkit.springbatch.job.MassJobParameters.CHANGE;
import static io.dynamodbtoolkit.springbatch.job.MassJobParameters.EDIT;
import static io.dynamodbtoolkit.springbatch.job.MassJobParameters.INDEX;
import static io.dynamodbtoolkit.springbatch.job.MassJobParameters.KEY;
import static io.dynamodbtoolkit.springbatch.job.MassJobParameters.TARGET;

import java.util.Set;

/** The ready jobs, with the parameters each one needs beyond those all of them take. */
public enum MassJobKind {

    /** Deletes a node and everything under it. */
    DELETE_ALL_UNDER("deleteAllUnder", Set.of(KEY), Set.of(), 1),
    /** Copies a node and everything under it under another node of the same depth; a taken target is left alone. */
    CLONE_ALL_UNDER("cloneAllUnder", Set.of(KEY, TARGET), Set.of(), 1),
    /** Moves a node and everything under it under another node (copy, then delete, per item). */
    MOVE_ALL_UNDER("moveAllUnder", Set.of(KEY, TARGET), Set.of(), 2),
    /** Edits every item of a node and everything under it with the application's edit bean. */
    EDIT_ALL_UNDER("editAllUnder", Set.of(KEY, EDIT), Set.of(), 1),
    /** Copies every item the filter matches (under the key, else the whole table) through a change bean. */
    CLONE_MATCHING("cloneMatching", Set.of(CHANGE), Set.of(KEY), 1),
    /** Moves every item the filter matches (under the key, else the whole table) through a change bean. */
    MOVE_MATCHING("moveMatching", Set.of(CHANGE), Set.of(KEY), 2),
    /** Brings an index's computed attributes onto the items under the key, else the whole table by scan segments. */
    BACKFILL_INDEX("backfillIndex", Set.of(INDEX), Set.of(KEY), 1);

    private final String jobName;
    private final Set<String> required;
    private final Set<String> optional;
    private final int writesPerItem;

    MassJobKind(String jobName, Set<String> required, Set<String> optional, int writesPerItem) {
        this.jobName = jobName;
        this.required = required;
        this.optional = optional;
        this.writesPerItem = writesPerItem;
    }

    /** @return the job's name after the adapter's: {@code <adapter>.<jobName>} */
    public String jobName() {
        return jobName;
    }

    /** @return the parameters this job needs beyond the common ones */
    public Set<String> required() {
        return required;
    }

    /** @return the parameters this job may take beyond the common ones */
    public Set<String> optional() {
        return optional;
    }

    /** @return whether the job deletes what it reads (a delete, a move) */
    public boolean deletes() {
        return this == DELETE_ALL_UNDER || this == MOVE_ALL_UNDER || this == MOVE_MATCHING;
    }

    /** @return the writes one item costs (a share of the table's capacity is divided by it) */
    public int writesPerItem() {
        return writesPerItem;
    }
}
