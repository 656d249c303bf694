package io.dynamodbtoolkit.benchmarks.remote;

import java.net.URI;
import java.time.Duration;
import java.util.Map;

import javax.sql.DataSource;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.springbatch.item.MoveItemWriter;
import io.dynamodbtoolkit.springbatch.item.SubtreeItemReader;
import io.dynamodbtoolkit.springbatch.partition.SubtreePartition;
import io.dynamodbtoolkit.springbatch.partition.SubtreePartitioner;
import io.dynamodbtoolkit.springbatch.remote.RemotePartitioning;
import io.dynamodbtoolkit.test.DynamoDbEndpoint;
import org.springframework.batch.core.configuration.annotation.EnableBatchProcessing;
import org.springframework.batch.core.configuration.annotation.EnableJdbcJobRepository;
import org.springframework.batch.core.configuration.annotation.JobScope;
import org.springframework.batch.core.configuration.annotation.StepScope;
import org.springframework.batch.core.job.Job;
import org.springframework.batch.core.job.builder.JobBuilder;
import org.springframework.batch.core.partition.Partitioner;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.step.Step;
import org.springframework.batch.core.step.StepExecution;
import org.springframework.batch.integration.config.annotation.EnableBatchIntegration;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Profile;
import org.springframework.core.env.Environment;
import org.springframework.integration.dsl.IntegrationFlow;
import org.springframework.jdbc.datasource.DriverManagerDataSource;
import org.springframework.jdbc.support.JdbcTransactionManager;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The benchmark's Spring Batch application: a move of a subtree ({@code from} to {@code to}, job parameters) split by
 * the subtree's next tier, with the module's reader, writer and partitioner. The harness runs it as the manager in
 * its own JVM; {@link #main} starts it as a worker process (profile {@code worker}). Settings as system properties:
 * {@code bench.jdbc-url}, {@code bench.endpoint}, {@code bench.table}, {@code bench.split-rows}.
 */
@Configuration(proxyBeanMethods = false)
@EnableBatchProcessing
@EnableJdbcJobRepository
@EnableBatchIntegration
public class RemoteMoveWorker {

    static final String JOB = "benchMove";
    static final String WORKER_STEP = "benchMoveWorker";

    /** Starts a worker process; it prints {@code WORKER READY} once it polls. */
    public static void main(String[] args) throws InterruptedException {
        AnnotationConfigApplicationContext context = new AnnotationConfigApplicationContext();
        context.getEnvironment().setActiveProfiles("worker");
        context.register(RemoteMoveWorker.class);
        context.refresh();
        System.out.println("WORKER READY");
        Thread.currentThread().join();
    }

    @Bean
    DataSource dataSource(Environment environment) {
        return new DriverManagerDataSource(environment.getRequiredProperty("bench.jdbc-url"));
    }

    @Bean
    JdbcTransactionManager transactionManager(DataSource dataSource) {
        return new JdbcTransactionManager(dataSource);
    }

    @Bean
    DynamoDbClient dynamoDbClient(Environment environment) {
        return DynamoDbEndpoint.of(URI.create(environment.getRequiredProperty("bench.endpoint")), "embedded")
                .clientBuilder().build();
    }

    @Bean
    Adapter<Map<String, Object>> fleet(DynamoDbClient client, Environment environment) {
        return Adapter.create(BenchFleet.declaration(environment.getRequiredProperty("bench.table")), client);
    }

    @Bean
    RemotePartitioning remotePartitioning(JobRepository jobRepository, BeanFactory beanFactory,
            DataSource dataSource) {
        return new RemotePartitioning(jobRepository, beanFactory, RemotePartitioning.requestStore(dataSource),
                RemotePartitioning.DEFAULT_REQUEST_GROUP, Duration.ofMillis(100), null);
    }

    @Bean
    @Profile("worker")
    IntegrationFlow partitionRequestPolling(RemotePartitioning remotePartitioning) {
        return remotePartitioning.requestPolling();
    }

    @Bean
    @StepScope
    SubtreeItemReader subtreeReader(Adapter<Map<String, Object>> fleet,
            @Value("#{stepExecution}") StepExecution stepExecution) {
        SubtreeItemReader reader = SubtreePartition.readFrom(stepExecution.getExecutionContext()).reader(fleet);
        reader.setPageSize(500);
        return reader;
    }

    @Bean
    @StepScope
    MoveItemWriter moveWriter(Adapter<Map<String, Object>> fleet, @Value("#{jobParameters['from']}") String from,
            @Value("#{jobParameters['to']}") String to) {
        return MoveItemWriter.prefixSwap(fleet, KeyValues.of("state", from), KeyValues.of("state", to));
    }

    @Bean
    @JobScope
    Partitioner subtreePartitioner(Adapter<Map<String, Object>> fleet, @Value("#{jobParameters['from']}") String from,
            Environment environment) {
        SubtreePartitioner partitioner = new SubtreePartitioner(fleet, KeyValues.of("state", from));
        partitioner.setSplitRows(environment.getRequiredProperty("bench.split-rows", Long.class));
        return partitioner;
    }

    @Bean
    Step benchMoveWorker(RemotePartitioning remotePartitioning, SubtreeItemReader subtreeReader,
            MoveItemWriter moveWriter, JdbcTransactionManager transactionManager) {
        return remotePartitioning.workerStep(WORKER_STEP)
                .<Map<String, AttributeValue>, Map<String, AttributeValue>>chunk(500)
                .reader(subtreeReader).writer(moveWriter).transactionManager(transactionManager).build();
    }

    @Bean
    Job benchMove(JobRepository jobRepository, RemotePartitioning remotePartitioning, Partitioner subtreePartitioner) {
        return new JobBuilder(JOB, jobRepository)
                .start(remotePartitioning.managerStep("benchMoveManager", WORKER_STEP, subtreePartitioner, 1))
                .build();
    }
}
