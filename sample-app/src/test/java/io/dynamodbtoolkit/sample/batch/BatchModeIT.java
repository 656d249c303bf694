package io.dynamodbtoolkit.sample.batch;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.UUID;

import javax.sql.DataSource;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.sample.SampleTables;
import io.dynamodbtoolkit.springbatch.remote.RemotePartitioning;
import io.dynamodbtoolkit.test.DynamoDbEndpoint;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.integration.dsl.IntegrationFlow;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.context.aot.DisabledInAotMode;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The profile "batch" in one JVM: the manager (role {@code manager}) creates the job repository's tables in the
 * database of {@code spring.datasource.url} (H2 here, PostgreSQL in the README), seeds 300 vehicles under TX and runs
 * {@code rentals.moveAllUnder} to CA at start-up; its partitions go through the queue in that database and are run
 * by this same JVM polling it as a worker would. Afterwards every row is under CA once and none under TX, and each
 * of the 11 partitions (the state's row and its 10 facilities) ran once, after the job's first step had written the
 * target copies of the parent rows (the adapter keeps its parent guard). The README runs the same with separate
 * worker processes and a {@code kill -9}.
 *
 * <p>Not in AOT mode: Spring Integration's default {@code taskScheduler} bean, which remote partitioning's polling
 * brings, holds a {@code ThreadPoolExecutor.CallerRunsPolicy} that AOT processing cannot write as code, so the AOT
 * build could not process this test's context. The sample's batch mode is a profile chosen at run time, which AOT
 * fixes at build time anyway (README, "AOT and native images").
 */
@DisabledInAotMode
@SpringBootTest(properties = {"dynamodb.toolkit.batch.remote.role=manager", "sample.batch.seed=300",
        "sample.batch.rate=100000", "dynamodb.toolkit.batch.remote.poll-interval=50ms",
        "dynamodb.toolkit.batch.remote.workers=1"})
@ActiveProfiles("batch")
class BatchModeIT {

    private static final String PREFIX = "batch-mode-" + UUID.randomUUID().toString().substring(0, 8) + "-";
    private static final int VEHICLES = 300;

    @DynamicPropertySource
    static void endpointAndDatabase(DynamicPropertyRegistry registry) {
        DynamoDbEndpoint endpoint = DynamoDbEndpoint.shared();
        registry.add("spring.cloud.aws.dynamodb.endpoint", () -> endpoint.uri().toString());
        registry.add("dynamodb.toolkit.table-prefix", () -> PREFIX);
        registry.add("spring.datasource.url", () -> "jdbc:h2:mem:" + PREFIX + ";DB_CLOSE_DELAY=-1");
    }

    @AfterAll
    static void dropTheTables() {
        SampleTables.drop(PREFIX);
    }

    @Autowired
    private MoveJobRun run;

    @Autowired
    private Map<String, Adapter<Map<String, Object>>> adapters;

    @Autowired
    private DynamoDbClient client;

    @Autowired
    private DataSource dataSource;

    @Test
    void theManagerSeedsAndMovesTheStateThroughTheQueue() {
        assertThat(run.getExitCode()).as("the job completed").isZero();

        List<Map<String, Object>> rows = client.scanPaginator(scan -> scan.tableName(PREFIX + "rentals")).items()
                .stream().map(item -> Map.<String, Object>of("state", item.get("state").s(),
                        "key", item.get("_sk").s().replaceFirst("^[^|]*", "")))
                .toList();
        assertThat(rows).as("raw: every row once, all under CA").hasSize(1 + BulkRentals.FACILITIES + VEHICLES)
                .allSatisfy(row -> assertThat(row.get("state")).isEqualTo("CA"))
                .extracting(row -> row.get("key")).doesNotHaveDuplicates();
        BulkRentals rentals = new BulkRentals(adapters.get("rentals"));
        assertThat(rentals.count("TX")).isZero();
        assertThat(rentals.count("CA")).isEqualTo(1 + BulkRentals.FACILITIES + VEHICLES);

        JdbcTemplate jdbc = new JdbcTemplate(dataSource);
        assertThat(jdbc.queryForList("SELECT STATUS FROM BATCH_STEP_EXECUTION WHERE STEP_NAME LIKE ?", String.class,
                MoveJobRun.JOB + ".worker:%")).as("partitions: the state's row and each facility, each run once")
                .hasSize(1 + BulkRentals.FACILITIES).containsOnly("COMPLETED");
        assertThat(jdbc.queryForList("SELECT STATUS FROM BATCH_STEP_EXECUTION WHERE STEP_NAME = ?", String.class,
                MoveJobRun.JOB + ".parents")).as("the parent guard is on: the parent rows were written first")
                .containsExactly("COMPLETED");
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM INT_CHANNEL_MESSAGE", Integer.class))
                .as("requests left in the queue").isZero();
    }

    /** Polls the partition requests in this JVM too, as a worker instance does. */
    @TestConfiguration(proxyBeanMethods = false)
    static class PollingHere {

        @Bean
        IntegrationFlow partitionRequestPolling(RemotePartitioning remotePartitioning) {
            return remotePartitioning.requestPolling();
        }
    }
}
