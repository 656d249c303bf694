package io.dynamodbtoolkit.springbatch.job;

import io.dynamodbtoolkit.adapter.StoredItems;
import io.dynamodbtoolkit.mass.MassWrites;
import io.dynamodbtoolkit.springdata.core.DynamoDbToolkitTemplate;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.step.Step;
import org.springframework.batch.core.step.StepExecution;
import org.springframework.batch.core.step.builder.StepBuilder;
import org.springframework.batch.infrastructure.item.ExecutionContext;
import org.springframework.batch.infrastructure.repeat.RepeatStatus;
import org.springframework.transaction.PlatformTransactionManager;

/**
 * The first and last steps of {@code deleteAllUnder} on an adapter with the parent guard, as the core's guarded
 * subtree delete does it: the node is marked as being deleted before anything under it is read (from then on guarded
 * inserts under it fail), the partitions delete the rows under it and leave the node's own row, and the last step
 * deletes the node if it still carries the mark. The mark is kept in the job's execution context, so a restart
 * finishes with the mark the first run made.
 */
final class GuardedDeleteSteps {

    /** The job context key of the mark's token. */
    static final String TOKEN = "dynamodbtoolkit.deleting.token";
    /** The job context key of whether the node existed when marked. */
    static final String NODE_EXISTS = "dynamodbtoolkit.deleting.nodeExists";
    /** The job context key of whether the mark was made by this job (not kept from an earlier run). */
    static final String FRESH = "dynamodbtoolkit.deleting.fresh";

    private final JobRepository repository;
    private final PlatformTransactionManager transactions;

    GuardedDeleteSteps(JobRepository repository, PlatformTransactionManager transactions) {
        this.repository = repository;
        this.transactions = transactions;
    }

    /** @return the step marking the job's node as being deleted */
    Step mark(String jobName, DynamoDbToolkitTemplate template) {
        return new StepBuilder(jobName + ".mark", repository).tasklet((contribution, chunk) -> {
            StepExecution step = contribution.getStepExecution();
            MassJobRequest request = MassJobRequest.read(MassJobKind.DELETE_ALL_UNDER, template,
                    step.getJobParameters());
            StoredItems.DeletingMark mark = MassWrites.of(template.getAdapter()).markDeleting(request.requiredKey());
            ExecutionContext job = step.getJobExecution().getExecutionContext();
            job.putString(NODE_EXISTS, Boolean.toString(mark.nodeExists()));
            job.putString(FRESH, Boolean.toString(mark.fresh()));
            if (mark.token() != null) {
                job.putString(TOKEN, mark.token());
            }
            return RepeatStatus.FINISHED;
        }, transactions).build();
    }

    /** @return the step deleting the marked node, last */
    Step deleteNode(String jobName, DynamoDbToolkitTemplate template) {
        return new StepBuilder(jobName + ".node", repository).tasklet((contribution, chunk) -> {
            StepExecution step = contribution.getStepExecution();
            MassJobRequest request = MassJobRequest.read(MassJobKind.DELETE_ALL_UNDER, template,
                    step.getJobParameters());
            ExecutionContext job = step.getJobExecution().getExecutionContext();
            StoredItems.DeletingMark mark = new StoredItems.DeletingMark(
                    Boolean.parseBoolean(job.getString(NODE_EXISTS)),
                    job.containsKey(TOKEN) ? job.getString(TOKEN) : null,
                    Boolean.parseBoolean(job.getString(FRESH)));
            if (MassWrites.of(template.getAdapter()).deleteMarked(request.requiredKey(), mark)
                    == StoredItems.NodeDelete.MARK_CHANGED) {
                throw new IllegalStateException("The node " + request.key() + " was rewritten while its subtree was "
                        + "deleted, losing its mark: rows may have been inserted under it behind the reads, so it "
                        + "is left in place; run the job again as a new instance (another run.id)");
            }
            return RepeatStatus.FINISHED;
        }, transactions).build();
    }
}
