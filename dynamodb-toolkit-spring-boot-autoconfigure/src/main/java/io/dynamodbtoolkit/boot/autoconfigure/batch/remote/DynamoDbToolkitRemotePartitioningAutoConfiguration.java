package io.dynamodbtoolkit.boot.autoconfigure.batch.remote;

import javax.sql.DataSource;

import io.dynamodbtoolkit.boot.autoconfigure.batch.DynamoDbToolkitBatchAutoConfiguration;
import io.dynamodbtoolkit.springbatch.job.DynamoDbToolkitJobs;
import io.dynamodbtoolkit.springbatch.job.MassJobPartitioning;
import io.dynamodbtoolkit.springbatch.remote.ReadyJobStepLocator;
import io.dynamodbtoolkit.springbatch.remote.RemotePartitioning;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.integration.partition.MessageChannelPartitionHandler;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnSingleCandidate;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.integration.config.EnableIntegration;
import org.springframework.integration.dsl.IntegrationFlow;
import org.springframework.integration.jdbc.store.JdbcChannelMessageStore;

/**
 * Remote partitioning when {@code dynamodb.toolkit.batch.remote.role} is set and spring-batch-integration and
 * spring-integration-jdbc are present: a {@link RemotePartitioning} over the job repository's database (its
 * {@link DataSource}), whose partition requests a worker instance polls. Build manager steps with
 * {@link RemotePartitioning#managerStep} and worker steps with {@link RemotePartitioning#workerStep}; the ready jobs
 * ({@link DynamoDbToolkitJobs}) run their partitions in the workers too.
 */
@AutoConfiguration(before = DynamoDbToolkitBatchAutoConfiguration.class, afterName = {
        "org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration",
        "org.springframework.boot.batch.autoconfigure.BatchAutoConfiguration",
        "org.springframework.boot.batch.jdbc.autoconfigure.BatchJdbcAutoConfiguration"})
@ConditionalOnClass({RemotePartitioning.class, MessageChannelPartitionHandler.class,
        JdbcChannelMessageStore.class})
@ConditionalOnProperty(prefix = "dynamodb.toolkit.batch.remote", name = "role")
@ConditionalOnBean(JobRepository.class)
@ConditionalOnSingleCandidate(DataSource.class)
@EnableConfigurationProperties(RemotePartitioningProperties.class)
@EnableIntegration
public class DynamoDbToolkitRemotePartitioningAutoConfiguration {

    @Bean
    @ConditionalOnMissingBean(name = "dynamoDbToolkitPartitionRequestStore")
    JdbcChannelMessageStore dynamoDbToolkitPartitionRequestStore(DataSource dataSource) {
        return RemotePartitioning.requestStore(dataSource);
    }

    @Bean
    @ConditionalOnMissingBean
    RemotePartitioning remotePartitioning(JobRepository jobRepository, ListableBeanFactory beanFactory,
            JdbcChannelMessageStore dynamoDbToolkitPartitionRequestStore, RemotePartitioningProperties properties,
            ObjectProvider<DynamoDbToolkitJobs> readyJobs) {
        return new RemotePartitioning(jobRepository, dynamoDbToolkitPartitionRequestStore,
                properties.getRequestGroup(), properties.getPollInterval(), properties.getManagerTimeout(),
                new ReadyJobStepLocator(beanFactory, readyJobs::getIfAvailable));
    }

    /** The ready jobs' partitions run in the workers (instead of local partitioning's threads). */
    @Bean
    @ConditionalOnMissingBean
    MassJobPartitioning dynamoDbToolkitRemoteJobPartitioning(RemotePartitioning remotePartitioning,
            RemotePartitioningProperties properties) {
        return remotePartitioning.massJobPartitioning(properties.getWorkers());
    }

    @Bean
    @ConditionalOnProperty(prefix = "dynamodb.toolkit.batch.remote", name = "role", havingValue = "worker")
    IntegrationFlow dynamoDbToolkitPartitionRequestPolling(RemotePartitioning remotePartitioning) {
        return remotePartitioning.requestPolling();
    }
}
