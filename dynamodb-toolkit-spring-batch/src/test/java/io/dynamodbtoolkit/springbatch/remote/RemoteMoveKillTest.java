package io.dynamodbtoolkit.springbatch.remote;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import io.dynamodbtoolkit.springbatch.remote.JobRepositoryDatabases.JobDatabase;
import io.dynamodbtoolkit.springbatch.remote.WorkerKillScenario.Outcome;
import io.dynamodbtoolkit.springbatch.remote.WorkerKillScenario.Partition;
import io.dynamodbtoolkit.test.DynamoDbEndpoint;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.TableSpec;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * Issue 32's check across processes for a move ({@link WorkerKillScenario}): 50,000 rows in 10 subtree partitions,
 * PostgreSQL as the job repository. Every row must be moved exactly once and the partitions that had completed must
 * not run again.
 */
@DynamoDbTest
class RemoteMoveKillTest {

    private static final int ROWS = 50_000;
    private static final int PARTITIONS = 10;
    private static final int ROWS_PER_PARTITION = ROWS / PARTITIONS;

    @Test
    void aKilledWorkersPartitionResumesAndNothingCommittedRunsAgain(DynamoDbClient client, TestTables tables,
            DynamoDbEndpoint endpoint) throws Exception {
        String table = tables.create(TableSpec.named("remote-move")
                .partitionKey("pk", ScalarAttributeType.S).sortKey("sk", ScalarAttributeType.S));
        seed(client, table);
        JobDatabase database = JobRepositoryDatabases.create("remote_move_kill");
        JdbcTemplate jobRepository = new JdbcTemplate(database.dataSource());

        Outcome outcome = new WorkerKillScenario(RemoteMoveApplication.class, RemoteMoveApplication.WORKER_STEP,
                PARTITIONS, jobRepository, List.of("--test.jdbc-url=" + database.url(),
                        "--test.dynamodb-endpoint=" + endpoint.uri(), "--test.table=" + table,
                        "--test.partitions=" + PARTITIONS, "--test.pause-millis=20")).run();

        Partition killed = outcome.killed();
        assertThat(killed.status()).isEqualTo("STARTED");
        assertThat(killed.reads()).isBetween(2L * RemoteTestInfrastructure.CHUNK, ROWS_PER_PARTITION - 1L);
        assertThat(outcome.secondRun()).as("only the killed worker's partition runs again")
                .extracting(Partition::name).containsExactly(killed.name());
        Partition resumed = outcome.secondRun().get(0);
        assertThat(resumed.status()).isEqualTo("COMPLETED");
        assertThat(resumed.reads()).as("the restarted partition resumes after its last committed chunk")
                .isLessThanOrEqualTo(ROWS_PER_PARTITION - killed.reads());
        assertThat(outcome.secondRunStatus()).isEqualTo("COMPLETED");
        assertEveryRowMovedOnce(client, table);
    }

    private static void seed(DynamoDbClient client, String table) {
        List<WriteRequest> batch = new ArrayList<>();
        for (int partition = 0; partition < PARTITIONS; partition++) {
            for (int row = 0; row < ROWS_PER_PARTITION; row++) {
                batch.add(WriteRequest.builder().putRequest(PutRequest.builder().item(row(
                        SubtreePartitioner.source(partition), row)).build()).build());
                if (batch.size() == 25) {
                    List<WriteRequest> sent = List.copyOf(batch);
                    assertThat(client.batchWriteItem(b -> b.requestItems(Map.of(table, sent)))
                            .unprocessedItems()).isEmpty();
                    batch.clear();
                }
            }
        }
    }

    private static Map<String, AttributeValue> row(String source, int row) {
        String sortKey = "row#%05d".formatted(row);
        return Map.of("pk", AttributeValue.fromS(source), "sk", AttributeValue.fromS(sortKey),
                "payload", AttributeValue.fromS(payload(source, sortKey)));
    }

    private static String payload(String source, String sortKey) {
        return "payload of " + source + "/" + sortKey;
    }

    /** A raw scan: no row left at the source, every row at its target once, with its own payload. */
    private static void assertEveryRowMovedOnce(DynamoDbClient client, String table) {
        List<Map<String, AttributeValue>> items = client.scanPaginator(s -> s.tableName(table)).items().stream()
                .toList();
        assertThat(items.stream().filter(item -> item.get("pk").s().startsWith("src#")).count())
                .as("rows left at the source").isZero();
        Set<String> moved = items.stream().map(item -> item.get("pk").s() + "/" + item.get("sk").s())
                .collect(Collectors.toSet());
        assertThat(items).as("rows in the table").hasSize(ROWS);
        assertThat(moved).as("distinct moved rows").hasSize(ROWS);
        for (Map<String, AttributeValue> item : items) {
            String source = "src#" + item.get("pk").s().substring("dst#".length());
            assertThat(item.get("payload").s()).isEqualTo(payload(source, item.get("sk").s()));
        }
    }
}
