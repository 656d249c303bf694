package io.dynamodbtoolkit.boot.autoconfigure.batch;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDateTime;
import java.util.UUID;

import javax.sql.DataSource;

import io.dynamodbtoolkit.boot.autoconfigure.ToolkitRunners;
import io.dynamodbtoolkit.springbatch.job.DynamoDbToolkitJobs;
import io.dynamodbtoolkit.springbatch.job.LocalPartitioning;
import io.dynamodbtoolkit.springbatch.job.MassJobPartitioning;
import io.dynamodbtoolkit.springbatch.job.PartitionCounters;
import io.dynamodbtoolkit.springbatch.job.PartitionProgressMetrics;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.TestTables;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.configuration.JobRegistry;
import org.springframework.batch.core.configuration.annotation.EnableBatchProcessing;
import org.springframework.batch.core.configuration.annotation.EnableJdbcJobRepository;
import org.springframework.batch.core.configuration.support.MapJobRegistry;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.JobInstance;
import org.springframework.batch.core.job.parameters.JobParameters;
import org.springframework.batch.core.job.parameters.JobParametersBuilder;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.step.StepExecution;
import org.springframework.batch.infrastructure.item.ExecutionContext;
import org.springframework.boot.actuate.autoconfigure.endpoint.EndpointAutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.datasource.embedded.EmbeddedDatabaseBuilder;
import org.springframework.jdbc.datasource.embedded.EmbeddedDatabaseType;
import org.springframework.jdbc.support.JdbcTransactionManager;
import org.springframework.scheduling.concurrent.ThreadPoolTaskExecutor;
import org.springframework.transaction.PlatformTransactionManager;

/**
 * The ready jobs' auto-configuration: present with spring-batch-core, the batch module and a job repository; the jobs
 * of every adapter in the JobRegistry; local partitioning on a bounded pool; the progress metrics with a
 * MeterRegistry; the jobs endpoint when exposed; bad properties failing the start naming the property.
 */
@DynamoDbTest
class DynamoDbToolkitBatchAutoConfigurationIT {

    private static ApplicationContextRunner runner(TestTables tables) {
        return ToolkitRunners.toolkit()
                .withConfiguration(AutoConfigurations.of(DynamoDbToolkitBatchAutoConfiguration.class))
                .withPropertyValues(ToolkitRunners.rentalsAdapter(tables.uniqueName("rentals")));
    }

    @Test
    void theJobsOfEveryAdapterAreRegisteredAndPartitionedOnABoundedPool(TestTables tables) {
        runner(tables).withUserConfiguration(JobRepositoryConfiguration.class)
                .withPropertyValues("dynamodb.toolkit.batch.workers=3").run(context -> {
                    assertThat(context).hasNotFailed().hasSingleBean(DynamoDbToolkitJobs.class)
                            .doesNotHaveBean(PartitionProgressMetrics.class);
                    assertThat(context.getBean(JobRegistry.class).getJobNames()).contains("rentals.moveAllUnder",
                            "rentals.deleteAllUnder", "rentals.cloneAllUnder", "rentals.editAllUnder",
                            "rentals.cloneMatching", "rentals.moveMatching", "rentals.backfillIndex");
                    assertThat(context.getBean(MassJobPartitioning.class)).isInstanceOf(LocalPartitioning.class)
                            .extracting(MassJobPartitioning::partitionsAtOnce).isEqualTo(3);
                    ThreadPoolTaskExecutor pool = context.getBean(
                            DynamoDbToolkitBatchAutoConfiguration.EXECUTOR_BEAN_NAME, ThreadPoolTaskExecutor.class);
                    assertThat(pool.getMaxPoolSize()).isEqualTo(3);
                });
    }

    @Test
    void theProgressMetricsComeWithAMeterRegistryAndTheEndpointListsRunningPartitions(TestTables tables) {
        runner(tables).withUserConfiguration(JobRepositoryConfiguration.class, Meters.class)
                .withConfiguration(AutoConfigurations.of(EndpointAutoConfiguration.class))
                .withPropertyValues("management.endpoints.web.exposure.include=dynamodbtoolkitjobs")
                .run(context -> {
                    assertThat(context).hasNotFailed().hasSingleBean(PartitionProgressMetrics.class)
                            .hasSingleBean(DynamoDbToolkitJobsEndpoint.class);
                    long running = startedExecution(context.getBean(JobRepository.class));

                    DynamoDbToolkitJobsEndpoint.RunningJobs jobs = context.getBean(DynamoDbToolkitJobsEndpoint.class)
                            .running();

                    assertThat(jobs.executions()).singleElement().satisfies(execution -> {
                        assertThat(execution.id()).isEqualTo(running);
                        assertThat(execution.job()).isEqualTo("rentals.moveAllUnder");
                        assertThat(execution.partitions()).singleElement().satisfies(partition -> {
                            assertThat(partition.step()).isEqualTo("rentals.moveAllUnder.worker:p0");
                            assertThat(partition.read()).isEqualTo(7);
                            assertThat(partition.processed()).isEqualTo(5);
                            assertThat(partition.conflicts()).isEqualTo(1);
                        });
                    });
                });
    }

    /** @return a running execution of rentals.moveAllUnder with one partition, as a worker leaves it mid-run */
    private static long startedExecution(JobRepository repository) {
        JobParameters parameters = new JobParametersBuilder().addString("key", "state=TX")
                .addString("target", "state=OK").toJobParameters();
        JobInstance instance = repository.createJobInstance("rentals.moveAllUnder", parameters);
        JobExecution execution = repository.createJobExecution(instance, parameters, new ExecutionContext());
        execution.setStatus(BatchStatus.STARTED);
        execution.setStartTime(LocalDateTime.now());
        repository.update(execution);
        StepExecution partition = repository.createStepExecution("rentals.moveAllUnder.worker:p0", execution);
        partition.setStatus(BatchStatus.STARTED);
        partition.setReadCount(7);
        repository.update(partition);
        partition.getExecutionContext().putLong(PartitionCounters.PROCESSED, 5);
        partition.getExecutionContext().putLong(PartitionCounters.CONFLICTS, 1);
        repository.updateExecutionContext(partition);
        return execution.getId();
    }

    @Test
    void nothingWithoutAJobRepositoryOrWithoutSpringBatch(TestTables tables) {
        runner(tables).run(context -> assertThat(context).hasNotFailed()
                .doesNotHaveBean(DynamoDbToolkitJobs.class));
        runner(tables).withUserConfiguration(JobRepositoryConfiguration.class)
                .withClassLoader(new FilteredClassLoader(DynamoDbToolkitJobs.class))
                .run(context -> assertThat(context).doesNotHaveBean(DynamoDbToolkitJobs.class));
    }

    @Test
    void badPropertiesFailTheStartNamingTheProperty(TestTables tables) {
        for (String[] bad : new String[][] {{"workers=0", "dynamodb.toolkit.batch.workers"},
            {"grid-size=0", "dynamodb.toolkit.batch.grid-size"},
            {"chunk-size=100000", "dynamodb.toolkit.batch.chunk-size"},
            {"adapters=rentals,lorries", "dynamodb.toolkit.batch.adapters"}}) {
            runner(tables).withUserConfiguration(JobRepositoryConfiguration.class)
                    .withPropertyValues("dynamodb.toolkit.batch." + bad[0]).run(context -> assertThat(context)
                            .hasFailed().getFailure().rootCause()
                            .isInstanceOf(InvalidConfigurationPropertyValueException.class)
                            .hasMessageContaining(bad[1]));
        }
    }

    /** An application's job repository: Spring Batch on an in-memory H2 database. */
    @Configuration(proxyBeanMethods = false)
    @EnableBatchProcessing
    @EnableJdbcJobRepository
    static class JobRepositoryConfiguration {

        @Bean
        DataSource dataSource() {
            return new EmbeddedDatabaseBuilder().setType(EmbeddedDatabaseType.H2).setName("batch-" + UUID.randomUUID())
                    .addScript("/org/springframework/batch/core/schema-h2.sql").build();
        }

        @Bean
        PlatformTransactionManager transactionManager(DataSource dataSource) {
            return new JdbcTransactionManager(dataSource);
        }

        /** The registry the job operator finds jobs in by name (a bean of this name, which it then uses). */
        @Bean
        MapJobRegistry jobRegistry() {
            return new MapJobRegistry();
        }
    }

    /** A meter registry. */
    @Configuration(proxyBeanMethods = false)
    static class Meters {

        @Bean
        MeterRegistry meterRegistry() {
            return new SimpleMeterRegistry();
        }
    }
}
