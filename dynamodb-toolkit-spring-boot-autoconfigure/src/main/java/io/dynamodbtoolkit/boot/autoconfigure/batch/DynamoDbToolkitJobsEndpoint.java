package io.dynamodbtoolkit.boot.autoconfigure.batch;

import java.time.LocalDateTime;
import java.util.Comparator;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Stream;

import io.dynamodbtoolkit.springbatch.job.PartitionCounters;
import org.jspecify.annotations.Nullable;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.step.StepExecution;
import org.springframework.boot.actuate.endpoint.Access;
import org.springframework.boot.actuate.endpoint.OperationResponseBody;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;

/**
 * The {@code dynamodbtoolkitjobs} Actuator endpoint: the running executions of the ready jobs, each with its
 * partitions' progress as the job repository holds it (items read, written, processed, skipped, in conflict, the
 * chunks committed and rolled back). An endpoint, not a health or info contributor: a running job is neither the
 * application's health nor static information, and an operator asks for it when they want it, as for
 * {@code scheduledtasks} or {@code quartz}. Read from the job repository, so it shows the partitions every worker
 * process runs, not only this one's.
 */
@Endpoint(id = DynamoDbToolkitJobsEndpoint.ID, defaultAccess = Access.READ_ONLY)
public class DynamoDbToolkitJobsEndpoint {

    /** The endpoint id. */
    public static final String ID = "dynamodbtoolkitjobs";

    private final JobRepository repository;
    private final Supplier<List<String>> jobNames;

    /**
     * @param repository the job repository
     * @param jobNames   the names of the ready jobs
     */
    public DynamoDbToolkitJobsEndpoint(JobRepository repository, Supplier<List<String>> jobNames) {
        this.repository = repository;
        this.jobNames = jobNames;
    }

    /** @return the running executions of the ready jobs and their partitions */
    @ReadOperation
    public RunningJobs running() {
        List<Execution> executions = jobNames.get().stream()
                .flatMap(name -> repository.findRunningJobExecutions(name).stream())
                .sorted(Comparator.comparingLong(JobExecution::getId))
                .flatMap(execution -> Stream.ofNullable(repository.getJobExecution(execution.getId())))
                .map(DynamoDbToolkitJobsEndpoint::describe)
                .toList();
        return new RunningJobs(executions);
    }

    private static Execution describe(JobExecution execution) {
        List<Partition> partitions = execution.getStepExecutions().stream()
                .sorted(Comparator.comparing(StepExecution::getStepName))
                .map(DynamoDbToolkitJobsEndpoint::describe).toList();
        return new Execution(execution.getId(), execution.getJobInstance().getJobName(),
                execution.getJobParameters().toString(), execution.getStatus().name(), execution.getStartTime(),
                partitions);
    }

    private static Partition describe(StepExecution step) {
        return new Partition(step.getStepName(), step.getStatus().name(), step.getReadCount(), step.getWriteCount(),
                counter(step, PartitionCounters.PROCESSED), counter(step, PartitionCounters.SKIPPED),
                counter(step, PartitionCounters.CONFLICTS), step.getCommitCount(), step.getRollbackCount());
    }

    private static long counter(StepExecution step, String key) {
        return step.getExecutionContext().getLong(key, 0);
    }

    /** @param executions the running executions of the ready jobs */
    public record RunningJobs(List<Execution> executions) implements OperationResponseBody {
    }

    /**
     * One running execution.
     *
     * @param id         the execution's id (for {@code JobOperator.stop}, {@code restart})
     * @param job        the job's name
     * @param parameters the job's parameters
     * @param status     the execution's status
     * @param started    when it started (null while it is starting)
     * @param partitions its steps: the manager, and each partition of the worker step
     */
    public record Execution(long id, String job, String parameters, String status, @Nullable LocalDateTime started,
            List<Partition> partitions) {
    }

    /**
     * One step of an execution, as last saved in the job repository.
     *
     * @param step       the step's name ({@code <job>.worker:<partition>} for a partition)
     * @param status     its status
     * @param read       items read
     * @param written    items handed to the writer
     * @param processed  items the writer wrote (created, edited, moved or deleted)
     * @param skipped    items the writer left alone
     * @param conflicts  items in conflict (changed since read, a target taken by another item)
     * @param commits    chunks committed
     * @param rollbacks  chunks rolled back (a failed chunk, redone by a retry or a restart)
     */
    public record Partition(String step, String status, long read, long written, long processed, long skipped,
            long conflicts, long commits, long rollbacks) {
    }
}
