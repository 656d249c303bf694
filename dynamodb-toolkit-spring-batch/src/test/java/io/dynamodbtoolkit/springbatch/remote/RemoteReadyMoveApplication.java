package io.dynamodbtoolkit.springbatch.remote;

import java.util.Map;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.springbatch.Sites;
import io.dynamodbtoolkit.springbatch.job.DynamoDbToolkitJobs;
import io.dynamodbtoolkit.springbatch.job.MassJobDefaults;
import io.dynamodbtoolkit.springbatch.job.MassJobKind;
import io.dynamodbtoolkit.springdata.core.DynamoDbToolkitTemplate;
import io.dynamodbtoolkit.springdata.mapping.DynamoDbMappingContext;
import io.dynamodbtoolkit.springdata.mapping.MappingDynamoDbConverter;
import org.springframework.batch.core.job.Job;
import org.springframework.batch.core.job.parameters.JobParameters;
import org.springframework.batch.core.job.parameters.JobParametersBuilder;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.core.env.Environment;
import org.springframework.jdbc.support.JdbcTransactionManager;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The toolkit's ready {@code sites.moveAllUnder} job with its partitions in worker processes (see
 * {@link RemoteTestInfrastructure} for the roles): the subtree {@code tenant=acme,state=S0} of the table
 * {@code test.table} moved to {@code state=OK}, at most 3,000 items per second for the whole job (the shared rate,
 * divided among the 2 workers).
 */
@Configuration(proxyBeanMethods = false)
@Import(RemoteTestInfrastructure.class)
public class RemoteReadyMoveApplication {

    static final String WORKER_STEP = DynamoDbToolkitJobs.workerStepName(MassJobKind.MOVE_ALL_UNDER, Sites.ADAPTER);
    static final int WORKERS = 2;

    /** Starts the application in the role {@code test.role}. */
    public static void main(String[] args) throws Exception {
        RemoteTestInfrastructure.run(RemoteReadyMoveApplication.class, args);
    }

    @Bean
    DynamoDbToolkitTemplate sites(DynamoDbClient client, Environment environment) {
        Adapter<Map<String, Object>> adapter = Adapter.create(
                Sites.declaration(environment.getRequiredProperty("test.table")), client);
        return DynamoDbToolkitTemplate.builder(adapter, new MappingDynamoDbConverter(new DynamoDbMappingContext()))
                .build();
    }

    @Bean
    DynamoDbToolkitJobs readyJobs(JobRepository jobRepository, JdbcTransactionManager transactionManager,
            DynamoDbToolkitTemplate sites, RemotePartitioning remotePartitioning, ListableBeanFactory beans) {
        return DynamoDbToolkitJobs.builder(jobRepository, transactionManager, adapter -> sites,
                remotePartitioning.massJobPartitioning(WORKERS)).beans(beans)
                .defaults(new MassJobDefaults(10, RemoteTestInfrastructure.CHUNK))
                .partitionListener(RemoteTestInfrastructure.announcingPartitions()).build();
    }

    @Bean
    Job moveAllUnder(DynamoDbToolkitJobs readyJobs) {
        return readyJobs.moveAllUnder(Sites.ADAPTER);
    }

    @Bean
    JobParameters jobParameters() {
        return new JobParametersBuilder().addString("key", "tenant=acme,state=S0")
                .addString("target", "tenant=acme,state=OK").addString("rate", "3000", false).toJobParameters();
    }
}
