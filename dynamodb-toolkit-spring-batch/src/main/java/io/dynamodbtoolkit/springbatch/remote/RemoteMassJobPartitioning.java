package io.dynamodbtoolkit.springbatch.remote;

import io.dynamodbtoolkit.springbatch.job.MassJobPartitioning;
import org.springframework.batch.core.partition.PartitionHandler;
import org.springframework.batch.core.step.Step;

/**
 * Runs the ready jobs' partitions in the worker processes of a {@link RemotePartitioning}: the manager sends one
 * request per partition and polls the job repository until all have ended. {@code workers} (the worker processes,
 * each running one partition at a time) is how many partitions run at once: it divides the job's rate, so it must not
 * be fewer than the workers actually running.
 */
final class RemoteMassJobPartitioning implements MassJobPartitioning {

    private final RemotePartitioning remote;
    private final int workers;

    RemoteMassJobPartitioning(RemotePartitioning remote, int workers) {
        if (workers < 1) {
            throw new IllegalArgumentException("The workers of remote partitioning must be at least 1, not "
                    + workers + ": give the number of worker processes (each runs one partition at a time)");
        }
        this.remote = remote;
        this.workers = workers;
    }

    @Override
    public PartitionHandler handler(Step worker, int defaultGridSize) {
        return remote.partitionHandler(worker.getName(), defaultGridSize);
    }

    @Override
    public int partitionsAtOnce() {
        return workers;
    }
}
