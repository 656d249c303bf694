package io.dynamodbtoolkit.springbatch.job;

import io.dynamodbtoolkit.springbatch.item.MassItemWriter;

/**
 * The keys of a ready job's counters in each partition's step execution context, beside Spring Batch's own counts:
 * the writer's outcomes, as its {@link MassItemWriter} keeps them under the writer's name {@value #WRITER}.
 */
public final class PartitionCounters {

    /** The writers' name, the prefix of their counters. */
    public static final String WRITER = "writer";
    /** Items the writer wrote (created, edited, moved or deleted). */
    public static final String PROCESSED = WRITER + "." + MassItemWriter.PROCESSED;
    /** Items the writer left alone. */
    public static final String SKIPPED = WRITER + "." + MassItemWriter.SKIPPED;
    /** Items in conflict: changed since read, or a target held by another item. */
    public static final String CONFLICTS = WRITER + "." + MassItemWriter.CONFLICTS;

    private PartitionCounters() {
    }
}
