package io.dynamodbtoolkit.springbatch.job;

import java.time.LocalDateTime;
import java.util.function.Function;

import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.ExitStatus;
import org.springframework.batch.core.job.JobInterruptedException;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.step.Step;
import org.springframework.batch.core.step.StepExecution;

/**
 * A ready job's worker step: each partition's execution runs a chunk-oriented step built for it, with a reader of its
 * own (partitions run at the same time in this JVM, and a reader holds its position) and the writer of the job's
 * parameters. Not restartable once complete, so a restart leaves completed partitions alone.
 */
final class PartitionWorkerStep implements Step {

    private final String name;
    private final JobRepository repository;
    private final Function<StepExecution, Step> chunkSteps;

    /**
     * @param name       the step's name
     * @param repository the job repository (a partition whose step cannot be built is ended there as FAILED)
     * @param chunkSteps builds the chunk-oriented step of one partition's execution
     */
    PartitionWorkerStep(String name, JobRepository repository, Function<StepExecution, Step> chunkSteps) {
        this.name = name;
        this.repository = repository;
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
        Step chunkStep;
        try {
            chunkStep = chunkSteps.apply(partition);
        } catch (RuntimeException e) {
            // the chunk step never ran, so nothing else ends this execution: a restart must find it FAILED
            partition.setStatus(BatchStatus.FAILED);
            partition.setExitStatus(ExitStatus.FAILED.addExitDescription(e));
            partition.addFailureException(e);
            partition.setEndTime(LocalDateTime.now());
            repository.update(partition);
            return;
        }
        chunkStep.execute(partition);
    }
}
