package io.dynamodbtoolkit.embedded.persistence;

import io.dynamodbtoolkit.embedded.EmbeddedDynamoDbServer;
import io.dynamodbtoolkit.embedded.support.Clients;
import io.dynamodbtoolkit.embedded.support.Tables;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import static io.dynamodbtoolkit.embedded.support.Tables.s;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Recovery after {@code kill -9}: the standalone server runs in a child JVM with a data directory, writers hammer it
 * with puts and transactions, the process is killed with SIGKILL in the middle of their work, and a new server on
 * the same directory has every write that was answered, and each transaction whole or not at all.
 */
class CrashRecoveryIT {

    private static final int WRITERS = 4;

    @TempDir
    Path directory;

    /** The standalone server in a child JVM. */
    private static final class ChildServer implements AutoCloseable {
        private final Process process;
        private final URI endpoint;

        private ChildServer(Process process, URI endpoint) {
            this.process = process;
            this.endpoint = endpoint;
        }

        static ChildServer start(Path directory, String durability) throws IOException {
            String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
            Process process = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                    EmbeddedDynamoDbServer.class.getName(), "--port", "0", "--data-dir", directory.toString(),
                    "--durability", durability).redirectErrorStream(true).start();
            BufferedReader output = new BufferedReader(new InputStreamReader(process.getInputStream(),
                    StandardCharsets.UTF_8));
            CompletableFuture<URI> endpoint = new CompletableFuture<>();
            Thread drain = new Thread(() -> {
                try {
                    for (String line = output.readLine(); line != null; line = output.readLine()) {
                        int at = line.indexOf("listening on ");
                        if (at >= 0) {
                            endpoint.complete(URI.create(line.substring(at + "listening on ".length()).split(" ")[0]));
                        }
                    }
                    endpoint.completeExceptionally(new IllegalStateException("The server ended without starting"));
                } catch (IOException e) {
                    endpoint.completeExceptionally(e);
                }
            }, "child-server-output");
            drain.setDaemon(true);
            drain.start();
            try {
                return new ChildServer(process, endpoint.get(60, TimeUnit.SECONDS));
            } catch (Exception e) {
                process.destroyForcibly();
                throw new IllegalStateException("The child server did not start", e);
            }
        }

        URI endpoint() {
            return endpoint;
        }

        /** kill -9: SIGKILL, no shutdown hook, no final snapshot. */
        int kill() throws InterruptedException {
            process.destroyForcibly();
            return process.waitFor();
        }

        /** SIGTERM: the shutdown hook closes the engine (final snapshot). */
        int stop() throws InterruptedException {
            process.destroy();
            return process.waitFor();
        }

        @Override
        public void close() {
            process.destroyForcibly();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"sync-every-second", "no-sync"})
    void everyAnsweredWriteSurvivesAKillMinusNineAndTransactionsAreWholeOrAbsent(String durability) throws Exception {
        Set<String> answeredPuts = ConcurrentHashMap.newKeySet();
        Set<Integer> answeredTransactions = ConcurrentHashMap.newKeySet();
        try (ChildServer server = ChildServer.start(directory, durability);
             DynamoDbClient client = Clients.noRetries(server.endpoint())) {
            Tables.create(client, "crash", "pk", ScalarAttributeType.S, null, null);
            AtomicBoolean running = new AtomicBoolean(true);
            List<CompletableFuture<Void>> writers = new ArrayList<>();
            for (int w = 0; w < WRITERS; w++) {
                int writer = w;
                writers.add(CompletableFuture.runAsync(() -> write(client, writer, running, answeredPuts,
                        answeredTransactions)));
            }
            while (answeredPuts.size() < 200) {
                Thread.sleep(20);
            }

            int exit = server.kill();
            running.set(false);
            writers.forEach(CompletableFuture::join);

            assertThat(exit).as("killed by SIGKILL").isEqualTo(128 + 9);
        }

        try (ChildServer server = ChildServer.start(directory, durability);
             DynamoDbClient client = Clients.noRetries(server.endpoint())) {
            Set<String> recovered = new HashSet<>();
            client.scanPaginator(b -> b.tableName("crash")).items().forEach(item -> recovered.add(item.get("pk").s()));

            assertThat(recovered).containsAll(answeredPuts);
            for (int writer = 0; writer < WRITERS; writer++) {
                for (int i = 0; i < 100_000; i++) {
                    int id = writer * 100_000 + i;
                    boolean first = recovered.contains("tx-a-" + id);
                    assertThat(recovered.contains("tx-b-" + id)).as("transaction %d is whole or absent", id)
                            .isEqualTo(first);
                    if (answeredTransactions.contains(id)) {
                        assertThat(first).as("answered transaction %d", id).isTrue();
                    }
                }
            }
            client.putItem(b -> b.tableName("crash").item(Map.of("pk", s("after-recovery"))));
            assertThat(server.stop()).as("stopped by SIGTERM").isEqualTo(128 + 15);
        }

        try (ChildServer server = ChildServer.start(directory, durability);
             DynamoDbClient client = Clients.noRetries(server.endpoint())) {
            assertThat(client.getItem(b -> b.tableName("crash").key(Map.of("pk", s("after-recovery")))).hasItem())
                    .isTrue();
            assertThat(client.scan(b -> b.tableName("crash").select("COUNT")).count())
                    .isGreaterThanOrEqualTo(answeredPuts.size() + 2 * answeredTransactions.size() + 1);
        }
    }

    private static void write(DynamoDbClient client, int writer, AtomicBoolean running, Set<String> answeredPuts,
                              Set<Integer> answeredTransactions) {
        try {
            for (int i = 0; running.get(); i++) {
                int id = writer * 100_000 + i;
                String key = "put-" + id;
                client.putItem(b -> b.tableName("crash").item(Map.of("pk", s(key), "payload", s("x".repeat(100)))));
                answeredPuts.add(key);
                Map<String, AttributeValue> first = Map.of("pk", s("tx-a-" + id));
                Map<String, AttributeValue> second = Map.of("pk", s("tx-b-" + id));
                client.transactWriteItems(b -> b.transactItems(
                        TransactWriteItem.builder().put(p -> p.tableName("crash").item(first)).build(),
                        TransactWriteItem.builder().put(p -> p.tableName("crash").item(second)).build()));
                answeredTransactions.add(id);
            }
        } catch (RuntimeException killed) {
            // the server died under this writer: what it answered before is what must survive
        }
    }
}
