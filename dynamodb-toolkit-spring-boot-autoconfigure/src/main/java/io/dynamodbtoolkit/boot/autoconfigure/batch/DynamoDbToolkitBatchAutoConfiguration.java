package io.dynamodbtoolkit.boot.autoconfigure.batch;

import java.util.Arrays;

import io.dynamodbtoolkit.boot.autoconfigure.DynamoDbToolkitAutoConfiguration;
import io.dynamodbtoolkit.springbatch.job.DynamoDbToolkitJobs;
import io.dynamodbtoolkit.springbatch.job.LocalPartitioning;
import io.dynamodbtoolkit.springbatch.job.MassJobKind;
import io.dynamodbtoolkit.springbatch.job.MassJobPartitioning;
import io.dynamodbtoolkit.springbatch.job.PartitionProgressMetrics;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.observation.ObservationRegistry;
import org.springframework.batch.core.configuration.JobRegistry;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.scheduling.concurrent.ThreadPoolTaskExecutor;
import org.springframework.transaction.PlatformTransactionManager;

/**
 * The ready Spring Batch jobs of the mass operations ({@link DynamoDbToolkitJobs}), when spring-batch-core and the
 * toolkit's batch module are on the classpath and the application has a job repository (Spring Boot's batch
 * auto-configuration, or {@code @EnableBatchProcessing}): the jobs of every adapter registered in the JobRegistry,
 * their partitions run on a bounded pool of {@code dynamodb.toolkit.batch.workers} threads, and the partitions'
 * progress published to Micrometer when a MeterRegistry exists.
 */
@AutoConfiguration(after = DynamoDbToolkitAutoConfiguration.class, afterName = {
    "org.springframework.boot.batch.autoconfigure.BatchAutoConfiguration",
    "org.springframework.boot.batch.jdbc.autoconfigure.BatchJdbcAutoConfiguration",
    "org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration"})
@ConditionalOnClass({JobRepository.class, DynamoDbToolkitJobs.class})
@ConditionalOnBean({JobRepository.class, PlatformTransactionManager.class})
@EnableConfigurationProperties(DynamoDbToolkitBatchProperties.class)
public class DynamoDbToolkitBatchAutoConfiguration {

    /** The bean name of the pool local partitioning runs partitions on. */
    public static final String EXECUTOR_BEAN_NAME = "dynamoDbToolkitBatchTaskExecutor";

    @Bean(name = EXECUTOR_BEAN_NAME)
    @ConditionalOnMissingBean(name = EXECUTOR_BEAN_NAME)
    ThreadPoolTaskExecutor dynamoDbToolkitBatchTaskExecutor(DynamoDbToolkitBatchProperties properties) {
        return LocalPartitioning.executor(BatchSettings.workers(properties));
    }

    @Bean
    @ConditionalOnMissingBean
    MassJobPartitioning dynamoDbToolkitBatchPartitioning(DynamoDbToolkitBatchProperties properties,
            ListableBeanFactory beans) {
        return new LocalPartitioning(beans.getBean(EXECUTOR_BEAN_NAME, ThreadPoolTaskExecutor.class),
                BatchSettings.workers(properties));
    }

    @Bean
    @ConditionalOnMissingBean
    DynamoDbToolkitJobs dynamoDbToolkitJobs(JobRepository repository, PlatformTransactionManager transactions,
            MassJobPartitioning partitioning, DynamoDbToolkitBatchProperties properties, ListableBeanFactory beans,
            ObjectProvider<ObservationRegistry> observations, ObjectProvider<PartitionProgressMetrics> metrics) {
        DynamoDbToolkitJobs.Builder jobs = DynamoDbToolkitJobs.builder(repository, transactions,
                new AdapterTemplates(beans), partitioning).beans(beans).defaults(BatchSettings.defaults(properties));
        observations.ifAvailable(jobs::observations);
        metrics.ifAvailable(jobs::partitionListener);
        return jobs.build();
    }

    @Bean
    @ConditionalOnBean(JobRegistry.class)
    ReadyJobsRegistrar dynamoDbToolkitReadyJobsRegistrar(JobRegistry registry, DynamoDbToolkitJobs jobs,
            DynamoDbToolkitBatchProperties properties, ListableBeanFactory beans) {
        return new ReadyJobsRegistrar(registry, jobs,
                BatchSettings.adapters(properties, new AdapterTemplates(beans).names()));
    }

    /** The running executions of the ready jobs through Actuator. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = {"org.springframework.boot.actuate.endpoint.annotation.Endpoint",
        "org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint"})
    static class EndpointConfiguration {

        @Bean
        @ConditionalOnMissingBean
        @ConditionalOnAvailableEndpoint(DynamoDbToolkitJobsEndpoint.class)
        DynamoDbToolkitJobsEndpoint dynamoDbToolkitJobsEndpoint(JobRepository repository,
                DynamoDbToolkitBatchProperties properties, ListableBeanFactory beans) {
            return new DynamoDbToolkitJobsEndpoint(repository, () -> BatchSettings.adapters(properties,
                    new AdapterTemplates(beans).names()).stream().flatMap(adapter -> Arrays.stream(
                            MassJobKind.values()).map(kind -> DynamoDbToolkitJobs.jobName(kind, adapter))).toList());
        }
    }

    /** The partitions' progress in Micrometer. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(MeterRegistry.class)
    @ConditionalOnBean(MeterRegistry.class)
    static class ProgressMetricsConfiguration {

        @Bean
        @ConditionalOnMissingBean
        PartitionProgressMetrics dynamoDbToolkitPartitionProgressMetrics(MeterRegistry meters) {
            return new PartitionProgressMetrics(meters);
        }
    }
}
