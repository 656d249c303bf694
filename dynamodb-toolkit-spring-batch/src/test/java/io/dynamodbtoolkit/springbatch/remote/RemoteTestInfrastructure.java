package io.dynamodbtoolkit.springbatch.remote;

import java.net.URI;
import java.time.Duration;

import javax.sql.DataSource;

import io.dynamodbtoolkit.springbatch.job.DynamoDbToolkitJobs;
import io.dynamodbtoolkit.test.DynamoDbEndpoint;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.configuration.annotation.EnableBatchProcessing;
import org.springframework.batch.core.configuration.annotation.EnableJdbcJobRepository;
import org.springframework.batch.core.job.Job;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.parameters.JobParameters;
import org.springframework.batch.core.job.parameters.JobParametersBuilder;
import org.springframework.batch.core.launch.JobOperator;
import org.springframework.batch.core.listener.StepExecutionListener;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.step.StepExecution;
import org.springframework.batch.integration.config.annotation.EnableBatchIntegration;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Profile;
import org.springframework.core.env.Environment;
import org.springframework.integration.dsl.IntegrationFlow;
import org.springframework.jdbc.datasource.DriverManagerDataSource;
import org.springframework.jdbc.support.JdbcTransactionManager;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * What the multi-process tests' applications share: the job repository on {@code test.jdbc-url}, a client of the
 * DynamoDB endpoint {@code test.dynamodb-endpoint}, remote partitioning over the job repository's database, and the
 * roles: with profile {@code worker} the application polls the partition requests; with {@code test.role=manager} it
 * runs its job (with the application's {@link JobParameters} bean) and exits; with {@code test.role=restart} it
 * recovers the job's last execution (left {@code STARTED} by a killed manager) and restarts it. The manager and
 * restart roles exit with 0 when the job completed.
 */
@Configuration(proxyBeanMethods = false)
@EnableBatchProcessing
@EnableJdbcJobRepository
@EnableBatchIntegration
class RemoteTestInfrastructure {

    static final int CHUNK = 100;

    static void run(Class<?> application, String[] args) throws Exception {
        ConfigurableApplicationContext context = new SpringApplicationBuilder(application)
                .web(WebApplicationType.NONE).run(args);
        String role = context.getEnvironment().getRequiredProperty("test.role");
        if (role.equals("worker")) {
            System.out.println("WORKER READY " + ProcessHandle.current().pid());
            Thread.currentThread().join();
        }
        JobOperator operator = context.getBean(JobOperator.class);
        Job job = context.getBean(Job.class);
        JobParameters parameters = context.getBean(JobParameters.class);
        JobExecution execution;
        if (role.equals("manager")) {
            execution = operator.start(job, parameters);
        } else if (role.equals("restart")) {
            JobExecution crashed = context.getBean(JobRepository.class).getLastJobExecution(job.getName(), parameters);
            execution = operator.restart(operator.recover(crashed));
        } else {
            throw new IllegalArgumentException("test.role must be worker, manager or restart, not " + role);
        }
        System.out.println("JOB " + execution.getId() + " " + execution.getStatus());
        context.close();
        System.exit(execution.getStatus() == BatchStatus.COMPLETED ? 0 : 1);
    }

    /** The job parameters of the test applications' own jobs: {@code table} = {@code test.table}. */
    static JobParameters tableParameter(Environment environment) {
        return new JobParametersBuilder().addString("table", environment.getRequiredProperty("test.table"))
                .toJobParameters();
    }

    /** Prints which partition this worker starts, so that the test knows which process to kill. */
    static StepExecutionListener announcingPartitions() {
        return new StepExecutionListener() {
            @Override
            public void beforeStep(StepExecution stepExecution) {
                System.out.println("PARTITION " + stepExecution.getStepName() + " START");
            }
        };
    }

    @Bean
    DataSource dataSource(Environment environment) {
        return new DriverManagerDataSource(environment.getRequiredProperty("test.jdbc-url"));
    }

    @Bean
    JdbcTransactionManager transactionManager(DataSource dataSource) {
        return new JdbcTransactionManager(dataSource);
    }

    @Bean
    DynamoDbClient dynamoDbClient(Environment environment) {
        URI endpoint = URI.create(environment.getRequiredProperty("test.dynamodb-endpoint"));
        return DynamoDbEndpoint.of(endpoint, "test").clientBuilder().build();
    }

    @Bean
    RemotePartitioning remotePartitioning(JobRepository jobRepository, ListableBeanFactory beans,
            DataSource dataSource) {
        return new RemotePartitioning(jobRepository, RemotePartitioning.requestStore(dataSource),
                RemotePartitioning.DEFAULT_REQUEST_GROUP, Duration.ofMillis(200), null,
                new ReadyJobStepLocator(beans, beans.getBeanProvider(DynamoDbToolkitJobs.class)::getIfAvailable));
    }

    @Bean
    @Profile("worker")
    IntegrationFlow partitionRequestPolling(RemotePartitioning remotePartitioning) {
        return remotePartitioning.requestPolling();
    }
}
