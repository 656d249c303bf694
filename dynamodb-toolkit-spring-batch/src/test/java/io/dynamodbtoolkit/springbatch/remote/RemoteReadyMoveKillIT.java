package io.dynamodbtoolkit.springbatch.remote;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.dynamodbtoolkit.springbatch.Sites;
import io.dynamodbtoolkit.springbatch.remote.JobRepositoryDatabases.JobDatabase;
import io.dynamodbtoolkit.springbatch.remote.WorkerKillScenario.Outcome;
import io.dynamodbtoolkit.springbatch.remote.WorkerKillScenario.Partition;
import io.dynamodbtoolkit.springdata.core.DynamoDbToolkitTemplate;
import io.dynamodbtoolkit.test.DynamoDbEndpoint;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Issue 32's check across processes with the toolkit's ready {@code moveAllUnder} job ({@link WorkerKillScenario}):
 * 50,000 sites under one state, at least 8 partitions (the state's row, its cities, large cities split by range),
 * PostgreSQL as the job repository. Every row must be moved exactly once (raw scan) and the partitions that had
 * completed must not run again.
 */
@DynamoDbTest
class RemoteReadyMoveKillIT {

    @Test
    void aReadyMoveAllUnderSurvivesAKilledWorker(DynamoDbClient client, TestTables tables, DynamoDbEndpoint endpoint)
            throws Exception {
        DynamoDbToolkitTemplate sites = Sites.template(client, tables, Optional::empty);
        String table = sites.getAdapter().table();
        int planted = Sites.plant(sites, "acme", 1, 10, 5_000);
        List<String> before = sitesOf(client, table, "S0");
        assertThat(before).hasSize(50_000);
        JobDatabase database = JobRepositoryDatabases.create("remote_ready_move_kill");
        JdbcTemplate jobRepository = new JdbcTemplate(database.dataSource());

        Outcome outcome = new WorkerKillScenario(RemoteReadyMoveApplication.class,
                RemoteReadyMoveApplication.WORKER_STEP, 8, jobRepository, List.of("--test.jdbc-url=" + database.url(),
                        "--test.dynamodb-endpoint=" + endpoint.uri(), "--test.table=" + table)).run();

        Partition killed = outcome.killed();
        assertThat(killed.status()).isEqualTo("STARTED");
        assertThat(outcome.secondRun()).as("only the killed worker's partition runs again")
                .extracting(Partition::name).containsExactly(killed.name());
        assertThat(outcome.secondRun().get(0).status()).isEqualTo("COMPLETED");
        assertThat(outcome.secondRunStatus()).isEqualTo("COMPLETED");
        List<Map<String, AttributeValue>> rows = Sites.rows(client, table);
        assertThat(rows).as("rows in the table, none lost or duplicated").hasSize(planted);
        assertThat(sitesOf(client, table, "S0")).as("rows left at the source").isEmpty();
        assertThat(sitesOf(client, table, "OK")).as("sites at the target, each once, as they were")
                .containsExactlyInAnyOrderElementsOf(before);
    }

    /** The sites of a state, each as its city, name, number and status. */
    private static List<String> sitesOf(DynamoDbClient client, String table, String state) {
        return Sites.rows(client, table).stream()
                .filter(row -> row.containsKey("site") && state.equals(row.get("state").s()))
                .map(row -> row.get("city").s() + "/" + row.get("site").s() + "/" + row.get("n").n() + "/"
                        + row.get("status").s())
                .toList();
    }
}
