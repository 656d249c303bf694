package io.dynamodbtoolkit.boot.autoconfigure.batch.remote;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import javax.sql.DataSource;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.boot.autoconfigure.ToolkitRunners;
import io.dynamodbtoolkit.boot.autoconfigure.batch.DynamoDbToolkitBatchAutoConfiguration;
import io.dynamodbtoolkit.springbatch.job.MassJobPartitioning;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.Test;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.configuration.JobRegistry;
import org.springframework.batch.core.configuration.annotation.EnableBatchProcessing;
import org.springframework.batch.core.configuration.annotation.EnableJdbcJobRepository;
import org.springframework.batch.core.configuration.support.MapJobRegistry;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.parameters.JobParametersBuilder;
import org.springframework.batch.core.launch.JobOperator;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.embedded.EmbeddedDatabaseBuilder;
import org.springframework.jdbc.datasource.embedded.EmbeddedDatabaseType;
import org.springframework.jdbc.support.JdbcTransactionManager;
import org.springframework.transaction.PlatformTransactionManager;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The ready jobs with remote partitioning: their partitions go through the queue in the job repository's database
 * and are run by a worker (here the same context, role {@code worker}, which also launches the job), and the manager
 * learns of their end from the job repository.
 */
@DynamoDbTest
class ReadyJobsInRemoteWorkersIT {

    @Test
    void aReadyMoveAllUnderRunsItsPartitionsThroughTheQueue(TestTables tables) {
        ToolkitRunners.toolkit()
                .withConfiguration(AutoConfigurations.of(DynamoDbToolkitBatchAutoConfiguration.class,
                        DynamoDbToolkitRemotePartitioningAutoConfiguration.class))
                .withUserConfiguration(JobRepositoryConfiguration.class)
                .withPropertyValues(ToolkitRunners.rentalsAdapter(tables.uniqueName("remote-rentals")))
                .withPropertyValues("dynamodb.toolkit.batch.remote.role=worker",
                        "dynamodb.toolkit.batch.remote.poll-interval=20ms", "dynamodb.toolkit.batch.remote.workers=2")
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    assertThat(context.getBean(MassJobPartitioning.class).partitionsAtOnce()).isEqualTo(2);
                    @SuppressWarnings("unchecked")
                    Adapter<Object> rentals = context.getBean("rentals", Adapter.class);
                    List<Object> rows = new ArrayList<>();
                    rows.add(Map.of("state", "TX"));
                    for (int f = 0; f < 3; f++) {
                        rows.add(Map.of("state", "TX", "facility", "F" + f));
                        for (int v = 0; v < 40; v++) {
                            rows.add(Map.of("state", "TX", "facility", "F" + f, "vin", "V" + f + "-" + v));
                        }
                    }
                    rentals.putAll(rows);

                    JobExecution execution = context.getBean(JobOperator.class).start(
                            context.getBean(JobRegistry.class).getJob("rentals.moveAllUnder"),
                            new JobParametersBuilder().addString("key", "state=TX").addString("target", "state=CA")
                                    .toJobParameters());

                    assertThat(execution.getStatus()).isEqualTo(BatchStatus.COMPLETED);
                    JdbcTemplate jdbc = new JdbcTemplate(context.getBean(DataSource.class));
                    assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM BATCH_STEP_EXECUTION WHERE STEP_NAME LIKE"
                            + " 'rentals.moveAllUnder.worker:%' AND STATUS = 'COMPLETED'", Integer.class))
                            .as("partitions run by the worker").isGreaterThanOrEqualTo(4);
                    assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM INT_CHANNEL_MESSAGE", Integer.class))
                            .as("requests left in the queue").isZero();
                    List<String> states = context.getBean(DynamoDbClient.class)
                            .scanPaginator(scan -> scan.tableName(rentals.table())).items().stream()
                            .map(item -> item.get("state").s()).toList();
                    assertThat(states).as("every row moved once, raw").hasSize(rows.size()).containsOnly("CA");
                });
    }

    @Configuration(proxyBeanMethods = false)
    @EnableBatchProcessing
    @EnableJdbcJobRepository
    static class JobRepositoryConfiguration {

        @Bean
        DataSource dataSource() {
            return new EmbeddedDatabaseBuilder().setType(EmbeddedDatabaseType.H2).setName("remote-" + UUID.randomUUID())
                    .addScript("/org/springframework/batch/core/schema-h2.sql")
                    .addScript("/org/springframework/integration/jdbc/schema-h2.sql").build();
        }

        @Bean
        PlatformTransactionManager transactionManager(DataSource dataSource) {
            return new JdbcTransactionManager(dataSource);
        }

        @Bean
        MapJobRegistry jobRegistry() {
            return new MapJobRegistry();
        }
    }
}
