package io.dynamodbtoolkit.springbatch.job;

import org.springframework.batch.core.partition.PartitionHandler;
import org.springframework.batch.core.step.Step;

/**
 * Where a ready job's partitions run: in this JVM ({@link LocalPartitioning}), or in other processes (remote
 * partitioning supplies its own). It also says how many partitions run at once, which divides the job's rate.
 */
public interface MassJobPartitioning {

    /**
     * @param worker          the worker step that runs each partition
     * @param defaultGridSize the grid size when the job asks for none
     * @return the partition handler of the job's manager step
     */
    PartitionHandler handler(Step worker, int defaultGridSize);

    /** @return the most partitions of one job that run at the same time, over every worker (at least 1) */
    int partitionsAtOnce();
}
