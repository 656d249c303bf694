package io.dynamodbtoolkit.springbatch.remote;

import java.util.Map;

import org.springframework.batch.core.job.Job;
import org.springframework.batch.core.job.builder.JobBuilder;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.step.Step;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.core.env.Environment;
import org.springframework.jdbc.support.JdbcTransactionManager;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The move the multi-process test runs (see {@link RemoteTestInfrastructure} for the roles): the subtrees
 * {@code src#00 ..} moved to {@code dst#00 ..}, one partition per subtree ({@code test.partitions}), with an
 * optional pause per chunk ({@code test.pause-millis}).
 */
@Configuration(proxyBeanMethods = false)
@Import(RemoteTestInfrastructure.class)
public class RemoteMoveApplication {

    static final String WORKER_STEP = "moveWorker";

    /** Starts the application in the role {@code test.role}. */
    public static void main(String[] args) throws Exception {
        RemoteTestInfrastructure.run(RemoteMoveApplication.class, args);
    }

    @Bean
    Step moveWorker(RemotePartitioning remotePartitioning, DynamoDbClient client,
            JdbcTransactionManager transactionManager, Environment environment) {
        String table = environment.getRequiredProperty("test.table");
        long pause = environment.getProperty("test.pause-millis", Long.class, 0L);
        return remotePartitioning.workerStep(WORKER_STEP)
                .<Map<String, AttributeValue>, Map<String, AttributeValue>>chunk(RemoteTestInfrastructure.CHUNK)
                .reader(new SubtreeReader(client, table))
                .writer(new MoveWriter(client, table, pause))
                .transactionManager(transactionManager)
                .listener(RemoteTestInfrastructure.announcingPartitions())
                .build();
    }

    @Bean
    Job remoteMove(JobRepository jobRepository, RemotePartitioning remotePartitioning, Environment environment) {
        int partitions = environment.getRequiredProperty("test.partitions", Integer.class);
        return new JobBuilder("remoteMove", jobRepository)
                .start(remotePartitioning.managerStep("moveManager", WORKER_STEP, new SubtreePartitioner(),
                        partitions))
                .build();
    }
}
