package io.dynamodbtoolkit.adapter;

import static io.dynamodbtoolkit.adapter.Readings.keys;
import static io.dynamodbtoolkit.adapter.Readings.readings;
import static io.dynamodbtoolkit.adapter.Readings.storedNumbers;
import static io.dynamodbtoolkit.adapter.Rentals.item;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import io.dynamodbtoolkit.batch.BatchRetriesExhaustedException;
import io.dynamodbtoolkit.batch.BatchStats;
import io.dynamodbtoolkit.batch.RetryPolicy;
import io.dynamodbtoolkit.index.IndexDeclaration;
import io.dynamodbtoolkit.index.IndexProjection;
import io.dynamodbtoolkit.index.IndexQuery;
import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.provision.TableProvisioner;
import io.dynamodbtoolkit.test.ClientFaultInjection;
import io.dynamodbtoolkit.test.DynamoDbEndpoint;
import io.dynamodbtoolkit.test.FaultInjectingDynamoDbClient;
import io.dynamodbtoolkit.test.FaultKind;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The asynchronous adapter's batches run the blocking adapter's plans: BatchWriteItem and BatchGetItem in the same
 * chunks, unprocessed items and throttled calls retried with the same policy (the pauses scheduled), no more calls
 * in flight than the batch concurrency, results in the order asked, the parent guard's refusal before writing and
 * its check after, and whole items read for the keys of a keys-only index.
 */
@DynamoDbTest
class AsyncBatchesIT {

    private static final int BULK = 600;
    private static final RetryPolicy QUICK = RetryPolicy.DEFAULT.withDelays(Duration.ofMillis(1), Duration.ofMillis(8))
            .withMaxAttempts(15);
    private static final KeyModel GUARDED = AsyncAdapterIT.VERSIONED;
    private static final KeyValues DALLAS = KeyValues.of("state", "TX", "facility", "Dallas");

    private DynamoDbClient client;
    private TestTables tables;
    private String table;
    private ExecutorService pool;

    @BeforeEach
    void createTable(DynamoDbClient client, TestTables tables) {
        this.client = client;
        this.tables = tables;
        this.table = tables.create(Readings.TABLE);
        this.pool = Executors.newCachedThreadPool();
    }

    @AfterEach
    void stopPool() {
        pool.shutdownNow();
    }

    private AsyncTransport transport(DynamoDbClient calls) {
        return new AsyncTransport(calls, pool);
    }

    private static FaultInjectingDynamoDbClient faulty(DynamoDbClient client) {
        return ClientFaultInjection.builder().seed(20261201).unprocessedItemsRate(0.3).unprocessedKeysRate(0.3)
                .throttlingRate(0.1).serverErrorRate(0.05).wrap(client);
    }

    private AsyncAdapter<Map<String, Object>> readingsOver(DynamoDbAsyncClient asyncClient, AdapterOptions options) {
        return Adapter.create(Readings.declaration(table), client, options).async(asyncClient);
    }

    @Test
    void putAllGetAllAndDeleteAllUnderFaultsLoseNothingAndKeepTheOrderAsked() {
        FaultInjectingDynamoDbClient faulty = faulty(client);
        AsyncAdapter<Map<String, Object>> adapter = readingsOver(transport(faulty),
                AdapterOptions.defaults().withRetryPolicy(QUICK));

        BatchStats written = await(adapter.putAll(readings(BULK)));

        assertThat(written.retries()).isEqualTo(written.calls() - BULK / 25);
        assertThat(faulty.injectedFaults(FaultKind.UNPROCESSED_ITEMS)).isPositive();
        assertThat(faulty.injectedFaults(FaultKind.THROTTLING) + faulty.injectedFaults(FaultKind.SERVER_ERROR))
                .isPositive();
        assertThat(storedNumbers(client, table)).isEqualTo(range(BULK));

        List<Integer> asked = new ArrayList<>(IntStream.range(0, BULK + 50).boxed().toList());
        asked.add(7);
        Collections.shuffle(asked, new Random(5));
        List<Map<String, Object>> found = await(adapter.getAll(keys(asked.stream().mapToInt(Integer::intValue)),
                ReadOptions.defaults().consistently()));
        assertThat(found).hasSize(asked.size());
        for (int i = 0; i < asked.size(); i++) {
            if (asked.get(i) >= BULK) {
                assertThat(found.get(i)).as("slot %d", i).isNull();
            } else {
                assertThat(Readings.mappedNumber(found.get(i))).as("slot %d", i).isEqualTo(asked.get(i));
            }
        }
        assertThat(faulty.injectedFaults(FaultKind.UNPROCESSED_KEYS)).isPositive();

        await(adapter.deleteAll(keys(IntStream.range(0, BULK).filter(i -> i % 2 == 0))));
        assertThat(storedNumbers(client, table)).isEqualTo(IntStream.range(0, BULK).filter(i -> i % 2 == 1).boxed()
                .collect(Collectors.toSet()));
    }

    @Test
    void noMoreCallsAreInFlightThanTheBatchConcurrency() {
        AsyncTransport transport = transport(client);
        AsyncAdapter<Map<String, Object>> adapter = readingsOver(transport,
                AdapterOptions.defaults().withBatchConcurrency(3));

        await(adapter.putAll(readings(BULK)));

        assertThat(transport.batchCalls()).isEqualTo(BULK / 25);
        assertThat(transport.mostInFlight()).isBetween(2, 3);
        assertThat(storedNumbers(client, table)).isEqualTo(range(BULK));
    }

    @Test
    void whenThePolicyGivesUpTheFailureCarriesExactlyTheWorkNotDone() {
        FaultInjectingDynamoDbClient alwaysPartial = ClientFaultInjection.builder().seed(3).unprocessedItemsRate(1.0)
                .wrap(client);
        AsyncAdapter<Map<String, Object>> adapter = readingsOver(transport(alwaysPartial), AdapterOptions.defaults()
                .withRetryPolicy(QUICK.withMaxAttempts(2)).withBatchConcurrency(1));

        Throwable failure = failure(adapter.putAll(readings(100)));

        assertThat(failure).isInstanceOf(BatchRetriesExhaustedException.class);
        BatchRetriesExhaustedException exhausted = (BatchRetriesExhaustedException) failure;
        Set<Integer> notWritten = exhausted.unprocessedWrites().get(table).stream()
                .map(request -> Integer.valueOf(request.putRequest().item().get("reading").n()))
                .collect(Collectors.toSet());
        Set<Integer> stored = storedNumbers(client, table);
        assertThat(notWritten).doesNotContainAnyElementsOf(stored);
        assertThat(notWritten.size() + stored.size()).isEqualTo(100);
    }

    @Test
    void theParentGuardRefusesBeforeWritingAndRemovesRowsWhoseParentFellWhileTheyWereWritten() {
        String rentalsTable = tables.create(Rentals.TABLE);
        Adapter<Map<String, Object>> blocking = Adapter.create(AdapterDeclaration.builder(ItemMapper.documents())
                .table(rentalsTable).keys(GUARDED).cascades(true).build(), client);
        blocking.putAll(List.of(item("state", "TX"), item("state", "TX", "facility", "Dallas")));
        AsyncTransport transport = transport(client);
        AsyncAdapter<Map<String, Object>> guarded = blocking.async(transport);

        Throwable refused = failure(guarded.putAll(List.of(item("state", "TX", "facility", "Dallas", "vin", "OK1"),
                item("state", "TX", "facility", "Austin", "vin", "A1"))));
        assertThat(refused).isInstanceOf(ParentNotFoundException.class)
                .hasMessageContaining("1 of the batch's items").hasMessageContaining("nothing was written");
        assertThat(blocking.get(DALLAS.and("vin", "OK1"))).isEmpty();

        List<Map<String, Object>> written = await(guarded.putAllReturningItems(List.of(
                item("state", "TX", "facility", "Austin", "vin", "A1"), item("state", "TX", "facility", "Austin"))));
        assertThat(written).extracting(row -> row.get("vin")).containsExactly("A1", null);
        assertThat(written.get(0)).containsKey("_createdAt");
        assertThat(blocking.get(KeyValues.of("state", "TX", "facility", "Austin", "vin", "A1"))).isPresent();

        transport.beforeNextWrite(() -> client.updateItem(b -> b.tableName(rentalsTable)
                .key(GUARDED.codec().primaryKeyFromKeyValues(DALLAS))
                .updateExpression("SET #mark = :token").expressionAttributeNames(Map.of("#mark",
                        ParentGuard.markFieldOf(GUARDED))).expressionAttributeValues(Map.of(":token",
                                AttributeValue.fromS("a cascade began")))));
        Throwable fell = failure(guarded.putAll(List.of(item("state", "TX", "facility", "Dallas", "vin", "D1"),
                item("state", "TX", "facility", "Austin", "vin", "A2"))));

        assertThat(fell).isInstanceOf(ParentNotFoundException.class).hasMessageContaining("removed again")
                .hasMessageContaining("the other 1 items are written");
        assertThat(blocking.get(DALLAS.and("vin", "D1"), ReadOptions.defaults().consistently())).isEmpty();
        assertThat(blocking.get(KeyValues.of("state", "TX", "facility", "Austin", "vin", "A2"))).isPresent();
    }

    @Test
    void aKeysOnlyIndexIsReadWithWholeItemsInTheIndexOrder(DynamoDbEndpoint endpoint) {
        AdapterDeclaration<Map<String, Object>> declaration = AdapterDeclaration.builder(ItemMapper.documents())
                .table(tables.uniqueName("documents")).keys(KeyModel.builder().keyFields("docId").build())
                .indexes(IndexDeclaration.global("needs-review").partitionKey("reviewFlag").sortKey("submittedAt")
                        .projection(IndexProjection.KEYS_ONLY).build()).build();
        TableProvisioner.of(client).create(declaration);
        Adapter<Map<String, Object>> documents = Adapter.create(declaration, client);
        for (int i = 1; i <= 9; i++) {
            documents.post(item("docId", "d" + i, "title", "Document " + i, "submittedAt", "2026-07-" + (20 - i),
                    "reviewFlag", i % 3 == 0 ? "done" : "pending"));
        }
        IndexQuery pending = IndexQuery.on("needs-review").eq("reviewFlag", "pending");
        try (DynamoDbAsyncClient asyncClient = endpoint.asyncClientBuilder().build()) {
            AsyncAdapter<Map<String, Object>> async = documents.async(asyncClient);

            ItemPage<Map<String, Object>> first = await(async.queryIndirect(pending, ListOptions.defaults()
                    .withLimit(4)));
            ItemPage<Map<String, Object>> rest = await(async.queryIndirect(pending, ListOptions.defaults()
                    .withLimit(4).withCursor(first.nextCursor())));

            assertThat(first.items()).extracting(doc -> doc.get("title")).containsExactly("Document 8",
                    "Document 7", "Document 5", "Document 4");
            assertThat(rest.items()).extracting(doc -> doc.get("docId")).containsExactly("d2", "d1");
            assertThat(first.items()).isEqualTo(documents.queryIndirect(pending, ListOptions.defaults()
                    .withLimit(4)).items());
        }
    }

    private static Set<Integer> range(int count) {
        return IntStream.range(0, count).boxed().collect(Collectors.toSet());
    }

    private static <T> T await(CompletableFuture<T> future) {
        try {
            return future.get(60, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError("the future failed or timed out", e);
        }
    }

    private static Throwable failure(CompletableFuture<?> future) {
        try {
            future.get(60, TimeUnit.SECONDS);
        } catch (java.util.concurrent.ExecutionException e) {
            return e.getCause();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
        throw new AssertionError("the future succeeded");
    }
}
