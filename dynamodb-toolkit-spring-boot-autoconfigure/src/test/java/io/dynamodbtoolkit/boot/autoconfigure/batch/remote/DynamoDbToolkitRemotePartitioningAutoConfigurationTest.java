package io.dynamodbtoolkit.boot.autoconfigure.batch.remote;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import javax.sql.DataSource;

import io.dynamodbtoolkit.springbatch.remote.RemotePartitioning;
import org.junit.jupiter.api.Test;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.configuration.annotation.EnableBatchProcessing;
import org.springframework.batch.core.configuration.annotation.EnableJdbcJobRepository;
import org.springframework.batch.core.job.Job;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.builder.JobBuilder;
import org.springframework.batch.core.job.parameters.JobParameters;
import org.springframework.batch.core.launch.JobOperator;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.step.Step;
import org.springframework.batch.infrastructure.item.ExecutionContext;
import org.springframework.batch.infrastructure.repeat.RepeatStatus;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.datasource.embedded.EmbeddedDatabaseBuilder;
import org.springframework.jdbc.datasource.embedded.EmbeddedDatabaseType;
import org.springframework.jdbc.support.JdbcTransactionManager;

class DynamoDbToolkitRemotePartitioningAutoConfigurationTest {

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(DynamoDbToolkitRemotePartitioningAutoConfiguration.class))
            .withUserConfiguration(JobRepositoryOnH2.class);

    @Test
    void withoutARoleThereIsNoRemotePartitioning() {
        runner.run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(RemotePartitioning.class));
    }

    @Test
    void aManagerSendsButDoesNotPoll() {
        runner.withPropertyValues("dynamodb.toolkit.batch.remote.role=manager").run(context -> {
            assertThat(context).hasSingleBean(RemotePartitioning.class);
            assertThat(context).doesNotHaveBean("dynamoDbToolkitPartitionRequestPolling");
        });
    }

    @Test
    void aWorkerRunsThePartitionsItPollsFromTheJobRepositorysDatabase() {
        runner.withUserConfiguration(PartitionedJob.class)
                .withPropertyValues("dynamodb.toolkit.batch.remote.role=worker",
                        "dynamodb.toolkit.batch.remote.poll-interval=50ms")
                .run(context -> {
                    assertThat(context).hasBean("dynamoDbToolkitPartitionRequestPolling");
                    JobExecution execution = context.getBean(JobOperator.class)
                            .start(context.getBean(Job.class), new JobParameters());
                    assertThat(execution.getStatus()).isEqualTo(BatchStatus.COMPLETED);
                    assertThat(PartitionedJob.ran).containsExactlyInAnyOrder("a", "b", "c");
                });
    }

    @Test
    void aPollIntervalThatIsNotPositiveIsRefusedNamingIt() {
        runner.withPropertyValues("dynamodb.toolkit.batch.remote.role=worker",
                "dynamodb.toolkit.batch.remote.poll-interval=0s").run(context -> assertThat(context).hasFailed()
                .getFailure().rootCause().hasMessageContaining("poll interval is PT0S: it must be positive"));
    }

    @Configuration(proxyBeanMethods = false)
    @EnableBatchProcessing
    @EnableJdbcJobRepository
    static class JobRepositoryOnH2 {

        @Bean
        DataSource dataSource() {
            return new EmbeddedDatabaseBuilder().generateUniqueName(true).setType(EmbeddedDatabaseType.H2)
                    .addScript("org/springframework/batch/core/schema-h2.sql")
                    .addScript("org/springframework/integration/jdbc/schema-h2.sql").build();
        }

        @Bean
        JdbcTransactionManager transactionManager(DataSource dataSource) {
            return new JdbcTransactionManager(dataSource);
        }
    }

    @Configuration(proxyBeanMethods = false)
    static class PartitionedJob {

        static final Set<String> ran = ConcurrentHashMap.newKeySet();

        @Bean
        Step letterWorker(RemotePartitioning remotePartitioning, JdbcTransactionManager transactionManager) {
            return remotePartitioning.workerStep("letterWorker").tasklet((contribution, chunk) -> {
                ran.add(chunk.getStepContext().getStepExecution().getExecutionContext().getString("letter"));
                return RepeatStatus.FINISHED;
            }, transactionManager).build();
        }

        @Bean
        Job letters(JobRepository jobRepository, RemotePartitioning remotePartitioning) {
            return new JobBuilder("letters", jobRepository)
                    .start(remotePartitioning.managerStep("letterManager", "letterWorker", gridSize -> Map.of(
                            "a", context("a"), "b", context("b"), "c", context("c")), 3))
                    .build();
        }

        private static ExecutionContext context(String letter) {
            ExecutionContext context = new ExecutionContext();
            context.putString("letter", letter);
            return context;
        }
    }
}
