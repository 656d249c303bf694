package io.dynamodbtoolkit.adapter;

import static io.dynamodbtoolkit.adapter.UniqueFieldsIT.DALLAS;
import static io.dynamodbtoolkit.adapter.UniqueFieldsIT.rawItems;
import static io.dynamodbtoolkit.adapter.UniqueFieldsIT.vehicle;
import static io.dynamodbtoolkit.adapter.UniqueFieldsIT.vin;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import io.dynamodbtoolkit.mass.MassOperations;
import io.dynamodbtoolkit.mass.MassOptions;
import io.dynamodbtoolkit.test.DynamoDbEndpoint;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Unique values under concurrent writes: whatever the interleaving, every guard points at a row holding its value
 * and every value a row holds has its guard. Runs on the embedded engine only: moto 5.2.1 does not apply conditional
 * and transactional writes atomically under concurrent requests, so a race's outcome there says nothing of the
 * guards.
 */
@DynamoDbTest
class UniqueFieldsRaceIT {

    private static final int THREADS = 8;

    private DynamoDbClient client;
    private String table;
    private Adapter<Map<String, Object>> rentals;

    @BeforeEach
    void seed(DynamoDbClient client, TestTables tables, DynamoDbEndpoint endpoint) {
        assumeTrue(endpoint.isolatesConcurrentWrites(), "moto 5.2.1 does not apply conditional and "
                + "transactional writes atomically under concurrent requests: these races run on the embedded engine");
        this.client = client;
        this.table = tables.create(Rentals.TABLE);
        this.rentals = UniqueFieldsIT.adapter(client, table);
        rentals.post(Rentals.item("state", "TX", "name", "Texas"));
        rentals.post(Rentals.item("state", "TX", "facility", "Dallas", "city", "Dallas", "code", "DAL"));
    }

    @Test
    void ofEightThreadsInsertingTheSameValueExactlyOneWinsAndExactlyOneGuardExists() throws Exception {
        for (int round = 0; round < 5; round++) {
            String plate = "SAME-" + round;
            int fixedRound = round;
            AtomicInteger refused = new AtomicInteger();
            List<Callable<Boolean>> inserts = new ArrayList<>();
            for (int thread = 0; thread < THREADS; thread++) {
                String vin = "R" + fixedRound + "T" + thread;
                inserts.add(() -> {
                    try {
                        rentals.post(vehicle("Dallas", vin, "plate", plate));
                        return true;
                    } catch (UniqueValueTakenException e) {
                        refused.incrementAndGet();
                        return false;
                    }
                });
            }
            List<Boolean> outcomes = race(inserts);

            assertThat(outcomes.stream().filter(won -> won)).as("winners of round %d", round).hasSize(1);
            assertThat(refused).hasValue(THREADS - 1);
            List<Map<String, AttributeValue>> holders = rawItems(client, table).stream()
                    .filter(item -> AttributeValue.fromS(plate).equals(item.get("plate"))).toList();
            assertThat(holders).as("rows holding %s", plate).hasSize(1);
            assertThat(guardsOf("plate").values()).filteredOn(owner -> owner.equals(holders.get(0).get("_sk").s()))
                    .hasSize(1);
            assertGuardsMatchRows("plate");
        }
    }

    @Test
    void twoSwapsRacingForOneValueLeaveOneWinnerAndEveryGuardRight() throws Exception {
        for (int round = 0; round < 5; round++) {
            String first = "A" + round;
            String second = "B" + round;
            String wanted = "C" + round;
            rentals.post(vehicle("Dallas", first, "plate", first));
            rentals.post(vehicle("Dallas", second, "plate", second));
            List<Callable<Boolean>> swaps = List.of(
                    () -> taken(() -> rentals.patch(vin(first), Map.of("plate", wanted))),
                    () -> taken(() -> rentals.putForce(vehicle("Dallas", second, "plate", wanted))),
                    // and an exchange: each takes the other's value while the other gives it up
                    () -> taken(() -> rentals.patch(vin(first), Map.of("plate", second))),
                    () -> taken(() -> rentals.patch(vin(second), Map.of("plate", first))));
            race(swaps);

            long holdingWanted = rawItems(client, table).stream()
                    .filter(item -> AttributeValue.fromS(wanted).equals(item.get("plate"))).count();
            assertThat(holdingWanted).as("rows holding %s after round %d", wanted, round).isLessThanOrEqualTo(1);
            assertGuardsMatchRows("plate");
        }
    }

    @Test
    void aCascadeDeleteRacingUniqueInsertsLeavesNoGuardWithoutItsRow() throws Exception {
        for (int i = 0; i < 40; i++) {
            rentals.post(vehicle("Dallas", "OLD" + i, "plate", "OLD-" + i));
        }
        AtomicBoolean deleted = new AtomicBoolean();
        ExecutorService threads = Executors.newFixedThreadPool(4);
        try {
            List<Future<Integer>> inserters = new ArrayList<>();
            for (int thread = 0; thread < 3; thread++) {
                int fixedThread = thread;
                inserters.add(threads.submit(() -> {
                    int added = 0;
                    for (int n = 0; !deleted.get() || n < 5; n++) {
                        try {
                            rentals.post(vehicle("Dallas", "NEW" + fixedThread + "-" + n, "plate",
                                    "NEW-" + fixedThread + "-" + n));
                            added++;
                        } catch (ParentNotFoundException e) {
                            // the facility is being deleted: the insert and its guard were refused together
                        }
                        if (n > 1000) {
                            break;
                        }
                    }
                    return added;
                }));
            }
            threads.submit(() -> MassOperations.of(rentals).deleteAllUnder(DALLAS, MassOptions.defaults()
                    .withPageSize(10).withConcurrency(2))).get(2, TimeUnit.MINUTES);
            deleted.set(true);
            for (Future<Integer> inserter : inserters) {
                inserter.get(1, TimeUnit.MINUTES);
            }
        } finally {
            threads.shutdownNow();
        }

        assertGuardsMatchRows("plate");
        assertGuardsMatchRows("code");
        assertThat(guardsOf("code")).as("the facility's own guard, released with it").isEmpty();
    }

    /** @return true when the write went through, false when its value was taken */
    private static boolean taken(Runnable write) {
        try {
            write.run();
            return true;
        } catch (UniqueValueTakenException e) {
            return false;
        }
    }

    /** Runs the calls at once, from as many threads, and returns their outcomes in order. */
    private static <R> List<R> race(List<Callable<R>> calls) throws Exception {
        ExecutorService threads = Executors.newFixedThreadPool(calls.size());
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<R>> futures = new ArrayList<>();
            for (Callable<R> call : calls) {
                futures.add(threads.submit(() -> {
                    start.await();
                    return call.call();
                }));
            }
            start.countDown();
            List<R> outcomes = new ArrayList<>();
            for (Future<R> future : futures) {
                outcomes.add(future.get(1, TimeUnit.MINUTES));
            }
            return outcomes;
        } finally {
            threads.shutdownNow();
        }
    }

    /** @return the guards of a field, by their partition key, as their owner's sort key */
    private Map<String, String> guardsOf(String field) {
        Map<String, String> guards = new HashMap<>();
        for (Map<String, AttributeValue> item : rawItems(client, table)) {
            if (item.containsKey("_uniqueOwner") && field.equals(item.get("_uniqueField").s())) {
                guards.put(item.get("state").s(), item.get("_uniqueOwner").m().get("_sk").s());
            }
        }
        return guards;
    }

    /** Every guard of the field points at a row holding its value, and every row holding a value has its guard. */
    private void assertGuardsMatchRows(String field) {
        List<Map<String, AttributeValue>> items = rawItems(client, table);
        Map<String, Map<String, AttributeValue>> rows = new HashMap<>();
        items.stream().filter(item -> !item.containsKey("_uniqueOwner"))
                .forEach(row -> rows.put(row.get("_sk").s(), row));
        Map<String, String> guards = guardsOf(field);
        UniqueFields uniques = rentals.declaration().uniques();
        guards.forEach((guardKey, owner) -> {
            Map<String, AttributeValue> row = rows.get(owner);
            assertThat(row).as("the row %s the guard %s points at", owner, guardKey).isNotNull();
            assertThat(uniques.guardKey(field, row, Rentals.KEYS).orElseThrow().get("state").s())
                    .as("the guard of the value %s holds", owner).isEqualTo(guardKey);
        });
        rows.forEach((sortKey, row) -> uniques.guardKey(field, row, Rentals.KEYS).ifPresent(key -> assertThat(
                guards.get(key.get("state").s())).as("the owner of the guard of %s's %s", sortKey, field)
                .isEqualTo(sortKey)));
    }
}
