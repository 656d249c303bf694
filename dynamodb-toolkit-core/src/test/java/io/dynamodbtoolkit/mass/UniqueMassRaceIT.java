package io.dynamodbtoolkit.mass;

import static io.dynamodbtoolkit.mass.CascadeIT.item;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.adapter.ItemMapper;
import io.dynamodbtoolkit.adapter.UniqueField;
import io.dynamodbtoolkit.adapter.UniqueValueTakenException;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.test.DynamoDbEndpoint;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * A mass move of rows with unique values raced by inserts of the same values: the move re-points each guard in the
 * row's own transaction, so no value is ever unguarded and every insert is refused. Runs on the embedded engine only:
 * moto 5.2.1 does not apply conditional and transactional writes atomically under concurrent requests.
 */
@DynamoDbTest
class UniqueMassRaceIT {

    private static final int VEHICLES = 40;
    private static final KeyValues DALLAS = KeyValues.of("state", "TX", "facility", "Dallas");
    private static final KeyValues AUSTIN = KeyValues.of("state", "TX", "facility", "Austin");

    @Test
    void insertsOfTheValuesAMoveRepointsAreAllRefusedAndEachValueEndsWithOneGuardAtItsTarget(DynamoDbClient client,
            TestTables tables, DynamoDbEndpoint endpoint) throws Exception {
        assumeTrue(endpoint.isolatesConcurrentWrites(), "moto 5.2.1 does not apply conditional and "
                + "transactional writes atomically under concurrent requests: this race runs on the embedded engine");
        String table = tables.create(CascadeIT.TABLE);
        Adapter<Map<String, Object>> rentals = Adapter.create(AdapterDeclaration.builder(ItemMapper.documents())
                .table(table).keys(CascadeIT.KEYS).cascades(true).unique(UniqueField.of("plate")).build(), client);
        rentals.post(item("state", "TX"));
        rentals.post(item("state", "TX", "facility", "Dallas", "city", "Dallas"));
        rentals.post(item("state", "TX", "facility", "Houston", "city", "Houston"));
        for (int v = 0; v < VEHICLES; v++) {
            rentals.post(item("state", "TX", "facility", "Dallas", "vin", "V" + v, "plate", "P" + v));
        }
        AtomicBoolean moving = new AtomicBoolean(true);
        AtomicInteger refused = new AtomicInteger();
        CountDownLatch started = new CountDownLatch(4);
        List<Throwable> unexpected = new ArrayList<>();
        ExecutorService inserters = Executors.newFixedThreadPool(4);
        try {
            List<CompletableFuture<Void>> inserts = new ArrayList<>();
            for (int thread = 0; thread < 4; thread++) {
                int first = thread;
                inserts.add(CompletableFuture.runAsync(() -> {
                    for (int attempt = 0; moving.get(); attempt++) {
                        int v = (first + 4 * attempt) % VEHICLES;
                        try {
                            rentals.post(item("state", "TX", "facility", "Houston", "vin", "H" + first + "-" + attempt,
                                    "plate", "P" + v));
                        } catch (UniqueValueTakenException e) {
                            refused.incrementAndGet();
                        } catch (RuntimeException e) {
                            synchronized (unexpected) {
                                unexpected.add(e);
                            }
                        }
                        started.countDown();
                    }
                }, inserters));
            }
            started.await();
            MassResult moved = MassOperations.of(rentals).moveAllUnder(DALLAS, AUSTIN, MassOptions.defaults());
            moving.set(false);
            CompletableFuture.allOf(inserts.toArray(CompletableFuture[]::new)).get();

            assertThat(moved.processed()).isEqualTo(VEHICLES + 1);
            assertThat(moved.conflicts()).isEmpty();
            assertThat(moved.failed()).isEmpty();
        } finally {
            moving.set(false);
            inserters.shutdown();
        }
        assertThat(unexpected).isEmpty();
        assertThat(refused.get()).as("inserts refused").isPositive();
        Map<String, String> owners = new HashMap<>();
        Map<String, AttributeValue> start = null;
        do {
            ScanResponse page = client.scan(ScanRequest.builder().tableName(table).consistentRead(true)
                    .exclusiveStartKey(start).build());
            for (Map<String, AttributeValue> raw : page.items()) {
                if (raw.containsKey("_uniqueOwner")) {
                    String value = raw.get("state").s().substring(raw.get("state").s().lastIndexOf(':') + 1);
                    owners.put(value, raw.get("_uniqueOwner").m().get("_sk").s());
                } else if (raw.containsKey("plate")) {
                    assertThat(raw.get("_sk").s()).as("no inserted row holds a plate").startsWith("TX|Austin|");
                }
            }
            start = page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty() ? page.lastEvaluatedKey() : null;
        } while (start != null);
        assertThat(owners).hasSize(VEHICLES).allSatisfy((value, owner) -> assertThat(owner).isEqualTo("TX|Austin|V" + value.substring(1)));
    }
}
