package io.dynamodbtoolkit.mass;

import static io.dynamodbtoolkit.mass.CascadeIT.item;
import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicInteger;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.adapter.AdapterOptions;
import io.dynamodbtoolkit.adapter.ItemMapper;
import io.dynamodbtoolkit.batch.RetryPolicy;
import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.key.SubtreeQuery;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.FaultInjectingDynamoDbClient;
import io.dynamodbtoolkit.test.ClientFaultInjection;
import io.dynamodbtoolkit.test.FaultKind;
import io.dynamodbtoolkit.test.TableSpec;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * 20,000 items moved through a client that leaves 30% of batch calls partly unprocessed and throttles 10% of all
 * calls, the run stopped at random points (by item bounds, and by simulated crashes mid-run) and resumed from the
 * last cursor a run returned: the target holds exactly the 20,000 items, the source none.
 */
@DynamoDbTest
class MassFaultInjectionIT {

    /** @return the mass operations of an adapter, as this class runs them (the async variant overrides it) */
    MassRuns<Map<String, Object>, MassResult> massOf(Adapter<Map<String, Object>> adapter) {
        return MassOperations.of(adapter);
    }

    private static final Logger LOG = LoggerFactory.getLogger(MassFaultInjectionIT.class);
    private static final int ITEMS = Integer.getInteger("dynamodb.toolkit.test.mass.items", 20_000);
    private static final KeyModel KEYS = KeyModel.builder().keyFields("fleet", "vin").structuralKey("_sk")
            .technicalPrefix("_").versionField("_version").build();
    private static final TableSpec TABLE = TableSpec.named("moves").partitionKey("fleet", ScalarAttributeType.S)
            .sortKey("_sk", ScalarAttributeType.S);

    @Test
    void movesEveryItemExactlyOnceThroughFaultsAndCrashes(DynamoDbClient client, TestTables tables) {
        AdapterDeclaration<Map<String, Object>> declaration = AdapterDeclaration.builder(ItemMapper.documents())
                .table(tables.create(TABLE)).keys(KEYS).build();
        List<Map<String, Object>> items = new ArrayList<>(ITEMS);
        for (int i = 0; i < ITEMS; i++) {
            items.add(item("fleet", "source", "vin", String.format("VIN%07d", i), "payload", "x".repeat(i % 50)));
        }
        Adapter.create(declaration, client).putAll(items);

        FaultInjectingDynamoDbClient faulty = ClientFaultInjection.builder().seed(20_000).unprocessedItemsRate(0.3)
                .unprocessedKeysRate(0.3).throttlingRate(0.1).wrap(client);
        Crashes crashes = new Crashes(faulty, new Random(7));
        // 15 attempts without progress rather than 8: at 8, one of the thousands of calls this run makes gives up
        // by bad luck now and then (40% of calls fault, and a fully unprocessed batch is no progress)
        RetryPolicy retries = RetryPolicy.DEFAULT.withMaxAttempts(15).withDelays(Duration.ofMillis(1),
                Duration.ofMillis(20));
        Adapter<Map<String, Object>> moving = Adapter.create(declaration, crashes.client(),
                AdapterOptions.defaults().withRetryPolicy(retries));
        MassRuns<Map<String, Object>, MassResult> mass = massOf(moving);
        KeyValues source = KeyValues.of("fleet", "source");
        MassScope scope = MassScope.of(moving.plan(SubtreeQuery.children(source)));
        PrefixSwap toTarget = PrefixSwap.of(KEYS, source, KeyValues.of("fleet", "target"));
        Random random = new Random(11);
        String cursor = null;
        int runs = 0;
        do {
            runs++;
            crashes.arm(random.nextInt(3) == 0 ? 5 + random.nextInt(150) : -1);
            MassOptions options = MassOptions.defaults().withMaxItems(500 + random.nextInt(4_000)).withPageSize(250)
                    .withCursor(cursor);
            try {
                MassResult result = mass.move(scope, toTarget, options);
                assertThat(result.failed()).isEmpty();
                assertThat(result.conflicts()).isEmpty();
                cursor = result.cursor();
            } catch (SimulatedCrash | CompletionException crash) {
                assertThat(crashes.crashedLastRun()).as("only simulated crashes end a run: %s", crash).isTrue();
                LOG.info("Run {} crashed; resuming from the last cursor", runs);
            }
        } while (cursor != null || crashes.crashedLastRun());
        LOG.info("Moved {} items in {} runs with {} crashes and faults {}", ITEMS, runs, crashes.count(),
                faulty.injectedFaults());

        assertThat(keysIn(client, declaration.table(), "source")).isEmpty();
        Set<String> target = keysIn(client, declaration.table(), "target");
        assertThat(target).hasSize(ITEMS);
        assertThat(crashes.count()).isPositive();
        assertThat(faulty.injectedFaults(FaultKind.UNPROCESSED_ITEMS)).isPositive();
        assertThat(faulty.injectedFaults(FaultKind.UNPROCESSED_KEYS)).isPositive();
        assertThat(faulty.injectedFaults(FaultKind.THROTTLING)).isPositive();
    }

    @Test
    void failedItemsTravelInTheCursorSoResumingUntilCompleteLosesNothing(DynamoDbClient client, TestTables tables) {
        AdapterDeclaration<Map<String, Object>> declaration = AdapterDeclaration.builder(ItemMapper.documents())
                .table(tables.create(TABLE)).keys(KEYS).build();
        int items = 5_000;
        List<Map<String, Object>> rows = new ArrayList<>(items);
        for (int i = 0; i < items; i++) {
            rows.add(item("fleet", "source", "vin", String.format("VIN%07d", i)));
        }
        Adapter.create(declaration, client).putAll(rows);
        FaultInjectingDynamoDbClient faulty = ClientFaultInjection.builder().seed(2).unprocessedItemsRate(0.3)
                .unprocessedKeysRate(0.3).throttlingRate(0.1).wrap(client);
        // two attempts: many batches give up, and their items fail instead of being retried in the run
        Adapter<Map<String, Object>> moving = Adapter.create(declaration, faulty, AdapterOptions.defaults()
                .withRetryPolicy(RetryPolicy.DEFAULT.withMaxAttempts(2).withDelays(Duration.ZERO, Duration.ZERO)));
        MassRuns<Map<String, Object>, MassResult> mass = massOf(moving);
        MassScope scope = MassScope.of(moving.plan(SubtreeQuery.children(KeyValues.of("fleet", "source"))));
        PrefixSwap toTarget = PrefixSwap.of(KEYS, KeyValues.of("fleet", "source"), KeyValues.of("fleet", "target"));

        int runs = 0;
        long failed = 0;
        int stoppedByReads = 0;
        MassResult result = null;
        do {
            runs++;
            result = mass.move(scope, toTarget, MassOptions.defaults().withPageSize(250)
                    .withCursor(result == null ? null : result.cursor()));
            failed += result.failed().size();
            assertThat(result.failed()).allSatisfy(failure -> assertThat(failure.retryable()).isTrue());
            if (!result.failed().isEmpty()) {
                assertThat(result.isComplete()).as("a run with failed items is not complete").isFalse();
            }
            stoppedByReads += result.stoppedBy() == null ? 0 : 1;
            assertThat(runs).as("resuming ends").isLessThan(500);
        } while (!result.isComplete());
        LOG.info("Moved {} items in {} runs; {} item failures carried over, {} runs stopped by a failed page read",
                items, runs, failed, stoppedByReads);

        assertThat(failed).as("items failed and were carried to the next run").isPositive();
        assertThat(keysIn(client, declaration.table(), "source")).isEmpty();
        assertThat(keysIn(client, declaration.table(), "target")).hasSize(items);
    }

    @Test
    void aPageThatCannotBeReadStopsTheRunWhereItWas(DynamoDbClient client, TestTables tables) {
        AdapterDeclaration<Map<String, Object>> declaration = AdapterDeclaration.builder(ItemMapper.documents())
                .table(tables.create(TABLE)).keys(KEYS).build();
        List<Map<String, Object>> rows = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            rows.add(item("fleet", "source", "vin", String.format("VIN%07d", i)));
        }
        Adapter.create(declaration, client).putAll(rows);
        AtomicInteger queries = new AtomicInteger();
        DynamoDbClient secondQueryThrottled = (DynamoDbClient) Proxy.newProxyInstance(
                DynamoDbClient.class.getClassLoader(), new Class<?>[] {DynamoDbClient.class}, (proxy, method, args) -> {
                    if (method.getName().equals("query") && args[0] instanceof QueryRequest
                            && queries.incrementAndGet() == 2) {
                        throw ProvisionedThroughputExceededException.builder().message("throttled").build();
                    }
                    try {
                        return method.invoke(client, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
        KeyValues source = KeyValues.of("fleet", "source");
        PrefixSwap toTarget = PrefixSwap.of(KEYS, source, KeyValues.of("fleet", "target"));
        AdapterOptions options = AdapterOptions.defaults(); // one cursor key for both adapters, as one application
        Adapter<Map<String, Object>> throttled = Adapter.create(declaration, secondQueryThrottled, options);

        MassResult stopped = massOf(throttled).move(MassScope.of(throttled.plan(
                SubtreeQuery.children(source))), toTarget, MassOptions.defaults().withPageSize(30));

        assertThat(stopped.stoppedBy()).isInstanceOf(ProvisionedThroughputExceededException.class);
        assertThat(stopped.processed()).isEqualTo(30);
        assertThat(stopped.isComplete()).isFalse();
        assertThat(stopped.failed()).isEmpty();

        Adapter<Map<String, Object>> healthy = Adapter.create(declaration, client, options);
        MassResult rest = massOf(healthy).move(MassScope.of(healthy.plan(SubtreeQuery.children(source))),
                toTarget, MassOptions.defaults().withPageSize(30).withCursor(stopped.cursor()));
        assertThat(rest.isComplete()).isTrue();
        assertThat(rest.processed()).isEqualTo(70);
        assertThat(keysIn(client, declaration.table(), "target")).hasSize(100);
    }

    private static Set<String> keysIn(DynamoDbClient client, String table, String fleet) {
        Set<String> vins = new HashSet<>();
        Map<String, AttributeValue> start = null;
        int rows = 0;
        do {
            QueryResponse page = client.query(QueryRequest.builder().tableName(table)
                    .keyConditionExpression("fleet = :f").expressionAttributeValues(Map.of(":f",
                            AttributeValue.fromS(fleet))).exclusiveStartKey(start).build());
            page.items().forEach(row -> vins.add(row.get("vin").s()));
            rows += page.count();
            start = page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty() ? page.lastEvaluatedKey() : null;
        } while (start != null);
        assertThat(rows).as("no row twice").isEqualTo(vins.size());
        return vins;
    }

    /** A crash: an Error, so nothing records it as an item failure and goes on, as after a real crash. */
    static final class SimulatedCrash extends Error {
        SimulatedCrash() {
            super("simulated crash", null, false, false);
        }
    }

    /** Wraps a client so that, when armed, the n-th call from now dies like a crashed process. */
    static final class Crashes {
        private final DynamoDbClient client;
        private final AtomicInteger remaining = new AtomicInteger(-1);
        private final AtomicInteger count = new AtomicInteger();
        private volatile boolean crashedLastRun;

        Crashes(DynamoDbClient delegate, Random random) {
            this.client = (DynamoDbClient) Proxy.newProxyInstance(DynamoDbClient.class.getClassLoader(),
                    new Class<?>[] {DynamoDbClient.class}, (proxy, method, args) -> {
                        if (method.getDeclaringClass() != Object.class && remaining.get() >= 0
                                && remaining.getAndDecrement() == 0) {
                            count.incrementAndGet();
                            crashedLastRun = true;
                            throw new SimulatedCrash();
                        }
                        try {
                            return method.invoke(delegate, args);
                        } catch (InvocationTargetException e) {
                            throw e.getCause();
                        }
                    });
        }

        DynamoDbClient client() {
            return client;
        }

        void arm(int calls) {
            crashedLastRun = false;
            remaining.set(calls);
        }

        boolean crashedLastRun() {
            return crashedLastRun;
        }

        int count() {
            return count.get();
        }
    }
}
