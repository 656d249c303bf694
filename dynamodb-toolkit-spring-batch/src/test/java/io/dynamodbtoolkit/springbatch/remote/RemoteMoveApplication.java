package io.dynamodbtoolkit.springbatch.remote;

import java.net.URI;
import java.time.Duration;
import java.util.Map;

import javax.sql.DataSource;

import io.dynamodbtoolkit.test.DynamoDbEndpoint;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.configuration.annotation.EnableBatchProcessing;
import org.springframework.batch.core.configuration.annotation.EnableJdbcJobRepository;
import org.springframework.batch.core.job.Job;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.builder.JobBuilder;
import org.springframework.batch.core.job.parameters.JobParameters;
import org.springframework.batch.core.job.parameters.JobParametersBuilder;
import org.springframework.batch.core.launch.JobOperator;
import org.springframework.batch.core.listener.StepExecutionListener;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.step.Step;
import org.springframework.batch.core.step.StepExecution;
import org.springframework.batch.integration.config.annotation.EnableBatchIntegration;
import org.springframework.beans.factory.BeanFactory;
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
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The application the multi-process tests start several times: with profile {@code worker} it polls the partition
 * requests; with {@code test.role=manager} it runs the job and exits; with {@code test.role=restart} it recovers the
 * job's last execution (left {@code STARTED} by a killed manager) and restarts it. Its settings are
 * {@code test.jdbc-url}, {@code test.dynamodb-endpoint}, {@code test.table}, {@code test.partitions} and
 * {@code test.pause-millis}.
 */
@Configuration(proxyBeanMethods = false)
@EnableBatchProcessing
@EnableJdbcJobRepository
@EnableBatchIntegration
public class RemoteMoveApplication {

    static final String JOB = "remoteMove";
    static final String MANAGER_STEP = "moveManager";
    static final String WORKER_STEP = "moveWorker";
    static final int CHUNK = 100;

    /** Starts the application; the manager and restart roles exit with 0 when the job completed. */
    public static void main(String[] args) throws Exception {
        ConfigurableApplicationContext context = new SpringApplicationBuilder(RemoteMoveApplication.class)
                .web(WebApplicationType.NONE).run(args);
        String role = context.getEnvironment().getRequiredProperty("test.role");
        if (role.equals("worker")) {
            System.out.println("WORKER READY " + ProcessHandle.current().pid());
            Thread.currentThread().join();
        }
        JobOperator operator = context.getBean(JobOperator.class);
        JobRepository repository = context.getBean(JobRepository.class);
        Job job = context.getBean(Job.class);
        JobParameters parameters = parameters(context.getEnvironment());
        JobExecution execution;
        if (role.equals("manager")) {
            execution = operator.start(job, parameters);
        } else if (role.equals("restart")) {
            JobExecution crashed = repository.getLastJobExecution(JOB, parameters);
            execution = operator.restart(operator.recover(crashed));
        } else {
            throw new IllegalArgumentException("test.role must be worker, manager or restart, not " + role);
        }
        System.out.println("JOB " + execution.getId() + " " + execution.getStatus());
        context.close();
        System.exit(execution.getStatus() == BatchStatus.COMPLETED ? 0 : 1);
    }

    static JobParameters parameters(Environment environment) {
        return new JobParametersBuilder().addString("table", environment.getRequiredProperty("test.table"))
                .toJobParameters();
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
    RemotePartitioning remotePartitioning(JobRepository jobRepository, BeanFactory beanFactory,
            DataSource dataSource) {
        return new RemotePartitioning(jobRepository, beanFactory, RemotePartitioning.requestStore(dataSource),
                RemotePartitioning.DEFAULT_REQUEST_GROUP, Duration.ofMillis(200), null);
    }

    @Bean
    Step moveWorker(RemotePartitioning remotePartitioning, DynamoDbClient client,
            JdbcTransactionManager transactionManager, Environment environment) {
        String table = environment.getRequiredProperty("test.table");
        long pause = environment.getProperty("test.pause-millis", Long.class, 0L);
        return remotePartitioning.workerStep(WORKER_STEP)
                .<Map<String, AttributeValue>, Map<String, AttributeValue>>chunk(CHUNK)
                .reader(new SubtreeReader(client, table))
                .writer(new MoveWriter(client, table, pause))
                .transactionManager(transactionManager)
                .listener(new StepExecutionListener() {
                    @Override
                    public void beforeStep(StepExecution stepExecution) {
                        System.out.println("PARTITION " + stepExecution.getStepName() + " START");
                    }
                })
                .build();
    }

    @Bean
    Job remoteMove(JobRepository jobRepository, RemotePartitioning remotePartitioning, Environment environment) {
        int partitions = environment.getRequiredProperty("test.partitions", Integer.class);
        return new JobBuilder(JOB, jobRepository)
                .start(remotePartitioning.managerStep(MANAGER_STEP, WORKER_STEP, new SubtreePartitioner(),
                        partitions))
                .build();
    }

    @Bean
    @Profile("worker")
    IntegrationFlow partitionRequestPolling(RemotePartitioning remotePartitioning) {
        return remotePartitioning.requestPolling();
    }
}
