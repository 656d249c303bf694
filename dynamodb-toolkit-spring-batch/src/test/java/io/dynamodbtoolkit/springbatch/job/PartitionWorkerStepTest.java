package io.dynamodbtoolkit.springbatch.job;

import static org.assertj.core.api.Assertions.assertThat;

import io.dynamodbtoolkit.springbatch.BatchTestConfiguration;
import org.junit.jupiter.api.Test;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.JobInstance;
import org.springframework.batch.core.job.parameters.JobParameters;
import org.springframework.batch.core.job.parameters.JobParametersBuilder;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.step.StepExecution;
import org.springframework.batch.infrastructure.item.ExecutionContext;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;

/**
 * A partition whose chunk step cannot be built (a tampered partition context, say) ends FAILED in the job repository,
 * so that a restart runs it again, instead of staying STARTING, which Spring Batch takes for a running step and which
 * would refuse every restart of the job.
 */
class PartitionWorkerStepTest {

    @Test
    void aPartitionWhoseStepCannotBeBuiltEndsFailed() throws Exception {
        try (AnnotationConfigApplicationContext batch = new AnnotationConfigApplicationContext(
                BatchTestConfiguration.class)) {
            JobRepository repository = batch.getBean(JobRepository.class);
            JobParameters parameters = new JobParametersBuilder().addString("key", "tenant=a").toJobParameters();
            JobInstance instance = repository.createJobInstance("sites.deleteAllUnder", parameters);
            JobExecution job = repository.createJobExecution(instance, parameters, new ExecutionContext());
            StepExecution partition = repository.createStepExecution("sites.deleteAllUnder.worker:p0", job);
            PartitionWorkerStep step = new PartitionWorkerStep("sites.deleteAllUnder.worker", repository, execution -> {
                throw new IllegalArgumentException("Execution context key 'node' holds nothing");
            });

            step.execute(partition);

            StepExecution saved = repository.getStepExecution(job.getId(), partition.getId());
            assertThat(saved.getStatus()).isEqualTo(BatchStatus.FAILED);
            assertThat(saved.getExitStatus().getExitDescription()).contains("Execution context key 'node'");
            assertThat(saved.getEndTime()).isNotNull();
        }
    }
}
