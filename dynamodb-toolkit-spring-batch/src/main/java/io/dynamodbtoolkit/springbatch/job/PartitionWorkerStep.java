package io.dynamodbtoolkit.springbatch.job;

import java.util.function.Function;

import org.springframework.batch.core.job.JobInterruptedException;
import org.springframework.batch.core.step.Step;
import org.springframework.batch.core.step.StepExecution;

/**
 * A ready job's worker step: each partition's execution runs a chunk-oriented step built for it, with a reader of its
 * own (partitions run at the same time in this JVM, and a reader holds its position) and the writer of the job's
 * parameters. Not restartable once complete, so a restart leaves completed partitions alone.
 */
final class PartitionWorkerStep implements Step {

    private final String name;
    private final Function<StepExecution, Step> chunkSteps;

    /**
     * @param name       the step's name
     * @param chunkSteps builds the chunk-oriented step of one partition's execution
     */
    PartitionWorkerStep(String name, Function<StepExecution, Step> chunkSteps) {
        this.name = name;
        this.chunkSteps = chunkSteps;
    }

    @Override
    public String getName() {
        return name;
    }

    @Override
    public boolean isAllowStartIfComplete() {
        return false;
    }

    @Override
    public int getStartLimit() {
        return Integer.MAX_VALUE;
    }

    @Override
    public void execute(StepExecution partition) throws JobInterruptedException {
        chunkSteps.apply(partition).execute(partition);
    }
}
