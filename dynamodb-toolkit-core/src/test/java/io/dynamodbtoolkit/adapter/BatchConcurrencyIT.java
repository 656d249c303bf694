package io.dynamodbtoolkit.adapter;

import static io.dynamodbtoolkit.adapter.Readings.keys;
import static io.dynamodbtoolkit.adapter.Readings.readings;
import static io.dynamodbtoolkit.adapter.Readings.storedNumbers;
import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Bulk calls keep up to the adapter's batch concurrency of BatchWriteItem / BatchGetItem calls in flight, never
 * more, and lose nothing. Every batch call takes 5 ms here, as on DynamoDB in the same region, so calls overlap; and
 * until as many calls as the concurrency allows have been in flight together, each call waits (up to a second) for
 * the others, so that a loaded machine, scheduling the senders late, cannot keep the calls from overlapping (a CI run
 * on a shared machine saw 3 of 4).
 */
@DynamoDbTest
class BatchConcurrencyIT {

    private DynamoDbClient client;
    private String table;

    @BeforeEach
    void createTable(DynamoDbClient client, TestTables tables) {
        this.client = client;
        this.table = tables.create(Readings.TABLE);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4})
    void putAllGetAllAndDeleteAllKeepTheConfiguredCallsInFlight(int concurrency) {
        SlowBatches slow = new SlowBatches(client, concurrency);
        Adapter<Map<String, Object>> adapter = Adapter.create(Readings.declaration(table), slow.client(),
                AdapterOptions.defaults().withBatchConcurrency(concurrency));

        adapter.putAll(readings(500));
        assertThat(slow.mostInFlight("batchWriteItem")).isEqualTo(concurrency);
        assertThat(storedNumbers(client, table)).hasSize(500);

        List<Map<String, Object>> read = adapter.getAll(keys(IntStream.range(0, 500)), ReadOptions.defaults());
        assertThat(read).extracting(Readings::mappedNumber).containsExactlyElementsOf(IntStream.range(0, 500).boxed()
                .toList());
        assertThat(slow.mostInFlight("batchGetItem")).isEqualTo(concurrency);

        adapter.deleteAll(keys(IntStream.range(0, 500).filter(i -> i % 2 == 0)));
        Set<Integer> odd = IntStream.range(0, 500).filter(i -> i % 2 == 1).boxed().collect(Collectors.toSet());
        assertThat(storedNumbers(client, table)).isEqualTo(odd);
    }

    /** A client whose batch calls take 5 ms each, recording the most calls of each kind in flight at once. */
    private static final class SlowBatches {
        private final DynamoDbClient client;
        private final Map<String, AtomicInteger> inFlight = Map.of("batchWriteItem", new AtomicInteger(),
                "batchGetItem", new AtomicInteger());
        private final Map<String, AtomicInteger> most = Map.of("batchWriteItem", new AtomicInteger(),
                "batchGetItem", new AtomicInteger());

        SlowBatches(DynamoDbClient delegate, int concurrency) {
            this.client = (DynamoDbClient) Proxy.newProxyInstance(DynamoDbClient.class.getClassLoader(),
                    new Class<?>[] {DynamoDbClient.class}, (proxy, method, args) -> {
                        AtomicInteger calls = inFlight.get(method.getName());
                        if (calls != null) {
                            AtomicInteger mostOfKind = most.get(method.getName());
                            mostOfKind.accumulateAndGet(calls.incrementAndGet(), Math::max);
                            awaitOverlap(mostOfKind, concurrency);
                            Thread.sleep(5);
                        }
                        try {
                            return method.invoke(delegate, args);
                        } catch (InvocationTargetException e) {
                            throw e.getCause();
                        } finally {
                            if (calls != null) {
                                calls.decrementAndGet();
                            }
                        }
                    });
        }

        /** Waits, at most a second, until {@code concurrency} calls of a kind have been in flight together. */
        private synchronized void awaitOverlap(AtomicInteger mostOfKind, int concurrency) throws InterruptedException {
            notifyAll();
            long deadline = System.nanoTime() + 1_000_000_000L;
            while (mostOfKind.get() < concurrency && System.nanoTime() < deadline) {
                wait(10);
            }
        }

        DynamoDbClient client() {
            return client;
        }

        int mostInFlight(String operation) {
            return most.get(operation).get();
        }
    }
}
