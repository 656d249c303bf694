package io.dynamodbtoolkit.mass;

import static io.dynamodbtoolkit.mass.CascadeIT.item;
import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.adapter.AdapterOptions;
import io.dynamodbtoolkit.adapter.ItemMapper;
import io.dynamodbtoolkit.adapter.ListOptions;
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
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * A mass run adapts its calls in flight to throttling: while half of its BatchWriteItem calls are throttled (the
 * test module's fault injection) it keeps fewer calls in flight than its concurrency, and once the throttling
 * stops it grows back to the full concurrency, losing no item either way. Every batch call takes 5 ms here (as on
 * DynamoDB in the same region), so that calls overlap as they would there.
 */
@DynamoDbTest
class MassThrottlingIT {

    private static final KeyModel KEYS = KeyModel.builder().keyFields("fleet", "vin").structuralKey("_sk")
            .technicalPrefix("_").build();
    private static final TableSpec TABLE = TableSpec.named("throttled").partitionKey("fleet", ScalarAttributeType.S)
            .sortKey("_sk", ScalarAttributeType.S);
    private static final int ITEMS = 2_000;
    private static final int THROTTLED_CALLS = 60;

    @Test
    void throttlingLowersTheCallsInFlightAndSuccessRaisesThemAgain(DynamoDbClient client, TestTables tables) {
        AdapterDeclaration<Map<String, Object>> declaration = AdapterDeclaration.builder(ItemMapper.documents())
                .table(tables.create(TABLE)).keys(KEYS).build();
        List<Map<String, Object>> items = new ArrayList<>(ITEMS);
        for (int i = 0; i < ITEMS; i++) {
            items.add(item("fleet", "F", "vin", String.format("V%05d", i)));
        }
        Adapter.create(declaration, client).putAll(items);
        FaultInjectingDynamoDbClient throttling = ClientFaultInjection.builder().seed(14).throttlingRate(0.5,
                "BatchWriteItem").wrap(client);
        CallsInFlight calls = new CallsInFlight(throttling, client, THROTTLED_CALLS);
        RetryPolicy quick = RetryPolicy.DEFAULT.withMaxAttempts(20).withDelays(Duration.ofMillis(1),
                Duration.ofMillis(4));
        Adapter<Map<String, Object>> adapter = Adapter.create(declaration, calls.client(),
                AdapterOptions.defaults().withRetryPolicy(quick));

        MassResult result = MassOperations.of(adapter).delete(MassScope.of(adapter.plan(SubtreeQuery.children(
                KeyValues.of("fleet", "F")))), MassOptions.defaults().withConcurrency(4).withPageSize(250));

        assertThat(result.processed()).isEqualTo(ITEMS);
        assertThat(result.failed()).isEmpty();
        assertThat(Adapter.create(declaration, client).list(SubtreeQuery.children(KeyValues.of("fleet", "F")),
                ListOptions.defaults()).items()).isEmpty();
        assertThat(throttling.injectedFaults(FaultKind.THROTTLING)).isGreaterThan(THROTTLED_CALLS / 4);
        List<Integer> whileThrottled = calls.inFlightAtStart(true);
        List<Integer> afterwards = calls.inFlightAtStart(false);
        assertThat(whileThrottled).hasSize(THROTTLED_CALLS);
        assertThat(mean(whileThrottled)).as("calls in flight while half the calls are throttled: %s", whileThrottled)
                .isLessThan(2.0);
        assertThat(afterwards).as("calls in flight once the throttling stopped").contains(4).allMatch(n -> n <= 4);
        assertThat(mean(afterwards.subList(afterwards.size() / 2, afterwards.size()))).isGreaterThan(3.0);
    }

    private static double mean(List<Integer> values) {
        return values.stream().mapToInt(Integer::intValue).average().orElse(0);
    }

    /**
     * Sends the first BatchWriteItem calls to a throttling client and the rest to a clean one, each taking 5 ms, and
     * records how many were in flight when each started (itself included).
     */
    private static final class CallsInFlight {
        private final DynamoDbClient client;
        private final AtomicInteger inFlight = new AtomicInteger();
        private final AtomicInteger batchCalls = new AtomicInteger();
        private final ConcurrentLinkedQueue<int[]> starts = new ConcurrentLinkedQueue<>();

        CallsInFlight(DynamoDbClient throttling, DynamoDbClient clean, int throttledCalls) {
            this.client = (DynamoDbClient) Proxy.newProxyInstance(DynamoDbClient.class.getClassLoader(),
                    new Class<?>[] {DynamoDbClient.class}, (proxy, method, args) -> {
                        if (!method.getName().equals("batchWriteItem")) {
                            return invoke(method, clean, args);
                        }
                        boolean throttled = batchCalls.incrementAndGet() <= throttledCalls;
                        starts.add(new int[] {inFlight.incrementAndGet(), throttled ? 1 : 0});
                        try {
                            Thread.sleep(5);
                            return invoke(method, throttled ? throttling : clean, args);
                        } finally {
                            inFlight.decrementAndGet();
                        }
                    });
        }

        private static Object invoke(java.lang.reflect.Method method, DynamoDbClient target, Object[] args)
                throws Throwable {
            try {
                return method.invoke(target, args);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
        }

        DynamoDbClient client() {
            return client;
        }

        List<Integer> inFlightAtStart(boolean throttled) {
            return starts.stream().filter(start -> (start[1] == 1) == throttled).map(start -> start[0]).toList();
        }
    }
}
