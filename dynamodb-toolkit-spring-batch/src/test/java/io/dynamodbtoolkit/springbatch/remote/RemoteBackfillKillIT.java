package io.dynamodbtoolkit.springbatch.remote;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.dynamodbtoolkit.provision.TableProvisioner;
import io.dynamodbtoolkit.springbatch.remote.JobRepositoryDatabases.JobDatabase;
import io.dynamodbtoolkit.springbatch.remote.WorkerKillScenario.Outcome;
import io.dynamodbtoolkit.springbatch.remote.WorkerKillScenario.Partition;
import io.dynamodbtoolkit.test.DynamoDbEndpoint;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * Issue 32's check across processes for an index backfill of a whole table by Scan segments
 * ({@link WorkerKillScenario}), with the module's {@code ScanSegmentItemReader} and {@code BackfillItemWriter}:
 * 50,000 facilities written before their index existed, 10 segments. Every item must carry the index's marker
 * afterwards, the completed segments must not run again, and the killed segment must resume exactly after its last
 * committed chunk.
 */
@DynamoDbTest
class RemoteBackfillKillIT {

    private static final int ROWS = 50_000;
    private static final int SEGMENTS = 10;

    @Test
    void aKilledWorkersSegmentResumesAndEveryItemIsBackfilled(DynamoDbClient client, TestTables tables,
            DynamoDbEndpoint endpoint) throws Exception {
        String table = tables.uniqueName("remote-backfill");
        TableProvisioner.of(client).create(Facilities.declaration(table));
        seedWithoutMarkers(client, table);
        JobDatabase database = JobRepositoryDatabases.create("remote_backfill_kill");
        JdbcTemplate jobRepository = new JdbcTemplate(database.dataSource());

        Outcome outcome = new WorkerKillScenario(RemoteBackfillApplication.class,
                RemoteBackfillApplication.WORKER_STEP, SEGMENTS, jobRepository, List.of(
                        "--test.jdbc-url=" + database.url(), "--test.dynamodb-endpoint=" + endpoint.uri(),
                        "--test.table=" + table, "--test.partitions=" + SEGMENTS, "--test.pause-millis=20")).run();

        Partition killed = outcome.killed();
        assertThat(killed.status()).isEqualTo("STARTED");
        assertThat(outcome.secondRun()).as("only the killed worker's segment runs again")
                .extracting(Partition::name).containsExactly(killed.name());
        Partition resumed = outcome.secondRun().get(0);
        assertThat(resumed.status()).isEqualTo("COMPLETED");
        int segment = Integer.parseInt(killed.name().replaceAll("\\D+", ""));
        assertThat(killed.reads() + resumed.reads()).as("the killed segment resumes exactly after its last chunk")
                .isEqualTo(segmentSize(client, table, segment));
        assertThat(outcome.secondRunStatus()).isEqualTo("COMPLETED");

        List<Map<String, AttributeValue>> items = client.scanPaginator(s -> s.tableName(table)).items().stream()
                .toList();
        assertThat(items).hasSize(ROWS);
        assertThat(items).as("items without the index's marker")
                .filteredOn(item -> !item.containsKey(Facilities.MARKER)).isEmpty();
        assertThat(client.queryPaginator(q -> q.tableName(table).indexName(Facilities.INDEX)
                .keyConditionExpression("#m = :y").expressionAttributeNames(Map.of("#m", Facilities.MARKER))
                .expressionAttributeValues(Map.of(":y", AttributeValue.fromS("Y")))).items().stream().count())
                .as("items in the index").isEqualTo(ROWS);
    }

    private static long segmentSize(DynamoDbClient client, String table, int segment) {
        return client.scanPaginator(s -> s.tableName(table).segment(segment).totalSegments(SEGMENTS)).items()
                .stream().count();
    }

    /** Facilities as an older version of the application wrote them: keys, type, no index marker. */
    private static void seedWithoutMarkers(DynamoDbClient client, String table) {
        List<WriteRequest> batch = new ArrayList<>();
        for (int row = 0; row < ROWS; row++) {
            String state = "S%02d".formatted(row % 50);
            String facility = "F%05d".formatted(row);
            batch.add(WriteRequest.builder().putRequest(PutRequest.builder().item(Map.of(
                    "state", AttributeValue.fromS(state), "_sk", AttributeValue.fromS(state + "|" + facility),
                    "facility", AttributeValue.fromS(facility), "kind", AttributeValue.fromS("facility")))
                    .build()).build());
            if (batch.size() == 25) {
                List<WriteRequest> sent = List.copyOf(batch);
                assertThat(client.batchWriteItem(b -> b.requestItems(Map.of(table, sent))).unprocessedItems())
                        .isEmpty();
                batch.clear();
            }
        }
    }
}
