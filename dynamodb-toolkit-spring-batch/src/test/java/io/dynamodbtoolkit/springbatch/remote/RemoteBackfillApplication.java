package io.dynamodbtoolkit.springbatch.remote;

import java.util.Map;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.springbatch.item.BackfillItemWriter;
import io.dynamodbtoolkit.springbatch.item.ScanSegmentItemReader;
import io.dynamodbtoolkit.springbatch.partition.ScanSegmentPartitioner;
import org.springframework.batch.core.configuration.annotation.StepScope;
import org.springframework.batch.core.job.Job;
import org.springframework.batch.core.job.builder.JobBuilder;
import org.springframework.batch.core.job.parameters.JobParameters;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.step.Step;
import org.springframework.batch.core.step.StepExecution;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.core.env.Environment;
import org.springframework.jdbc.support.JdbcTransactionManager;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The index backfill the multi-process test runs (see {@link RemoteTestInfrastructure} for the roles): the whole
 * table read by parallel Scan segments, one partition per segment ({@code test.partitions}), each item given what
 * the index {@value Facilities#INDEX} needs, with the module's reader and writer.
 */
@Configuration(proxyBeanMethods = false)
@Import(RemoteTestInfrastructure.class)
public class RemoteBackfillApplication {

    static final String WORKER_STEP = "backfillWorker";

    /** Starts the application in the role {@code test.role}. */
    public static void main(String[] args) throws Exception {
        RemoteTestInfrastructure.run(RemoteBackfillApplication.class, args);
    }

    @Bean
    Adapter<Map<String, Object>> facilities(DynamoDbClient client, Environment environment) {
        return Adapter.create(Facilities.declaration(environment.getRequiredProperty("test.table")), client);
    }

    @Bean
    @StepScope
    ScanSegmentItemReader segmentReader(Adapter<Map<String, Object>> facilities,
            @Value("#{stepExecution}") StepExecution stepExecution) {
        return ScanSegmentPartitioner.reader(facilities, stepExecution.getExecutionContext());
    }

    @Bean
    Step backfillWorker(RemotePartitioning remotePartitioning, ScanSegmentItemReader segmentReader,
            Adapter<Map<String, Object>> facilities, JdbcTransactionManager transactionManager,
            Environment environment) {
        long pause = environment.getProperty("test.pause-millis", Long.class, 0L);
        BackfillItemWriter writer = new BackfillItemWriter(facilities, Facilities.INDEX);
        return remotePartitioning.workerStep(WORKER_STEP)
                .<Map<String, AttributeValue>, Map<String, AttributeValue>>chunk(RemoteTestInfrastructure.CHUNK)
                .reader(segmentReader)
                .writer(chunk -> {
                    writer.write(chunk);
                    Thread.sleep(pause);
                })
                .transactionManager(transactionManager)
                .listener(RemoteTestInfrastructure.announcingPartitions())
                .build();
    }

    @Bean
    JobParameters jobParameters(Environment environment) {
        return RemoteTestInfrastructure.tableParameter(environment);
    }

    @Bean
    Job remoteBackfill(JobRepository jobRepository, RemotePartitioning remotePartitioning, Environment environment) {
        int partitions = environment.getRequiredProperty("test.partitions", Integer.class);
        return new JobBuilder("remoteBackfill", jobRepository)
                .start(remotePartitioning.managerStep("backfillManager", WORKER_STEP, new ScanSegmentPartitioner(),
                        partitions))
                .build();
    }
}
