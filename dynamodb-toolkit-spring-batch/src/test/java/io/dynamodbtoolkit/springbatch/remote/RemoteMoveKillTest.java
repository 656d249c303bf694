package io.dynamodbtoolkit.springbatch.remote;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.stream.Collectors;

import io.dynamodbtoolkit.springbatch.remote.JobRepositoryDatabases.JobDatabase;
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
 * Issue 32's check across processes: a manager and two worker JVMs, PostgreSQL as the job repository, a move of
 * 50,000 rows in 10 partitions; one worker is killed with SIGKILL in the middle of a partition, the stuck manager
 * too, and a new manager process recovers and restarts the job. Every row must be moved exactly once and the
 * partitions that had completed must not run again.
 */
@DynamoDbTest
class RemoteMoveKillTest {

    private static final int ROWS = 50_000;
    private static final int PARTITIONS = 10;
    private static final int ROWS_PER_PARTITION = ROWS / PARTITIONS;
    private static final Duration PATIENCE = Duration.ofMinutes(3);

    @Test
    void aKilledWorkersPartitionResumesAndNothingCommittedRunsAgain(DynamoDbClient client, TestTables tables,
            DynamoDbEndpoint endpoint) throws Exception {
        String table = tables.create(TableSpec.named("remote-move")
                .partitionKey("pk", ScalarAttributeType.S).sortKey("sk", ScalarAttributeType.S));
        seed(client, table);
        JobDatabase database = JobRepositoryDatabases.create("remote_move_kill");
        JdbcTemplate jdbc = new JdbcTemplate(database.dataSource());
        List<String> settings = List.of("--test.jdbc-url=" + database.url(),
                "--test.dynamodb-endpoint=" + endpoint.uri(), "--test.table=" + table,
                "--test.partitions=" + PARTITIONS, "--test.pause-millis=20");
        long started = System.nanoTime();
        try (JvmProcesses processes = new JvmProcesses(Path.of("target", "remote-move-kill"))) {
            Map<String, Process> workers = new HashMap<>();
            for (String name : List.of("worker-1", "worker-2")) {
                workers.put(name, processes.start(name, RemoteMoveApplication.class,
                        with(settings, "--spring.profiles.active=worker", "--test.role=worker")));
            }
            Process manager = processes.start("manager", RemoteMoveApplication.class,
                    with(settings, "--test.role=manager"));

            // Kill the worker running a partition that has committed some chunks, once another partition completed.
            List<Partition> running = await(() -> partitions(jdbc), now -> now.stream()
                    .anyMatch(p -> p.status().equals("COMPLETED"))
                    && now.stream().anyMatch(p -> p.status().equals("STARTED") && p.commits() >= 2
                            && p.commits() <= 30), "a completed partition and one in mid-run", processes);
            Partition victim = running.stream()
                    .filter(p -> p.status().equals("STARTED") && p.commits() >= 2 && p.commits() <= 30)
                    .findFirst().orElseThrow();
            String victimWorker = workers.keySet().stream()
                    .filter(name -> lastStarted(processes.read(name)).equals(victim.name()))
                    .findFirst().orElseThrow();
            processes.kill(workers.get(victimWorker));
            long killedAt = System.nanoTime();
            System.out.println("Killed " + victimWorker + " running " + victim + "; partitions then: " + running
                    + "; now: " + partitions(jdbc));

            // The other worker finishes every other partition; the manager waits for the dead one: kill it too.
            List<Partition> firstRun = await(() -> partitions(jdbc), now -> now.stream()
                    .filter(p -> p.status().equals("COMPLETED")).count() == PARTITIONS - 1,
                    "every partition but the killed worker's completed", processes);
            processes.kill(manager);
            Partition killed = only(firstRun, p -> !p.status().equals("COMPLETED"));
            assertThat(killed.name()).isEqualTo(victim.name());
            assertThat(killed.status()).isEqualTo("STARTED");
            assertThat(killed.reads()).isBetween(2L * RemoteMoveApplication.CHUNK, ROWS_PER_PARTITION - 1L);

            Process restart = processes.start("restart", RemoteMoveApplication.class,
                    with(settings, "--test.role=restart"));
            assertThat(restart.waitFor(PATIENCE.toSeconds(), TimeUnit.SECONDS)).as("restart ends").isTrue();
            assertThat(restart.exitValue()).as(processes.read("restart")).isZero();
            long finished = System.nanoTime();
            System.out.printf("Remote move of %,d rows: killed at %.1f s, restarted job completed at %.1f s%n",
                    ROWS, (killedAt - started) / 1e9, (finished - started) / 1e9);

            List<Partition> all = partitions(jdbc);
            long firstExecution = killed.jobExecution();
            List<Partition> rerun = all.stream().filter(p -> p.jobExecution() != firstExecution).toList();
            assertThat(rerun).as("only the killed worker's partition runs again")
                    .extracting(Partition::name).containsExactly(victim.name());
            Partition resumed = rerun.get(0);
            assertThat(resumed.status()).isEqualTo("COMPLETED");
            assertThat(resumed.reads()).as("the restarted partition resumes after its last committed chunk")
                    .isLessThanOrEqualTo(ROWS_PER_PARTITION - killed.reads());
            assertThat(jdbc.queryForObject("SELECT STATUS FROM BATCH_JOB_EXECUTION WHERE JOB_EXECUTION_ID = ?",
                    String.class, resumed.jobExecution())).isEqualTo("COMPLETED");
        }
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

    record Partition(String name, String status, long commits, long reads, long jobExecution) {
    }

    private static List<Partition> partitions(JdbcTemplate jdbc) {
        return jdbc.query("SELECT STEP_NAME, STATUS, COMMIT_COUNT, READ_COUNT, JOB_EXECUTION_ID"
                + " FROM BATCH_STEP_EXECUTION WHERE STEP_NAME LIKE ? ORDER BY STEP_EXECUTION_ID",
                (row, index) -> new Partition(row.getString(1), row.getString(2), row.getLong(3), row.getLong(4),
                        row.getLong(5)), RemoteMoveApplication.WORKER_STEP + ":%");
    }

    private static String lastStarted(String log) {
        int at = log.lastIndexOf("PARTITION ");
        return at < 0 ? "" : log.substring(at + "PARTITION ".length(), log.indexOf(" START", at));
    }

    private static <T> T await(Supplier<T> probe, Predicate<T> done, String what, JvmProcesses processes)
            throws InterruptedException {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        while (System.nanoTime() < deadline) {
            if (!processes.allAlive()) {
                throw new AssertionError("A process ended while waiting for " + what + "; manager log:\n"
                        + processes.read("manager"));
            }
            T now = probe.get();
            if (done.test(now)) {
                return now;
            }
            Thread.sleep(50);
        }
        throw new AssertionError("Timed out waiting for " + what + "; state: " + probe.get() + "\nmanager log:\n"
                + processes.read("manager"));
    }

    private static Partition only(List<Partition> partitions, Predicate<Partition> filter) {
        List<Partition> matching = partitions.stream().filter(filter).toList();
        assertThat(matching).hasSize(1);
        return matching.get(0);
    }

    private static List<String> with(List<String> settings, String... more) {
        List<String> all = new ArrayList<>(settings);
        all.addAll(List.of(more));
        return all;
    }
}
