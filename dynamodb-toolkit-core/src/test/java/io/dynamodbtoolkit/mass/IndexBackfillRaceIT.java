package io.dynamodbtoolkit.mass;

import static io.dynamodbtoolkit.mass.EvolvingRentals.allVehicles;
import static io.dynamodbtoolkit.mass.EvolvingRentals.assertComputedLikeFreshWrites;
import static io.dynamodbtoolkit.mass.EvolvingRentals.declaration;
import static io.dynamodbtoolkit.mass.EvolvingRentals.fleet;
import static io.dynamodbtoolkit.mass.EvolvingRentals.scanAll;
import static io.dynamodbtoolkit.mass.EvolvingRentals.written;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.adapter.ConditionalWriteException;
import io.dynamodbtoolkit.index.IndexDeclaration;
import io.dynamodbtoolkit.index.MarkerKeyPart;
import io.dynamodbtoolkit.index.Membership;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.provision.TableProvisioner;
import io.dynamodbtoolkit.test.DynamoDbEndpoint;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;

/**
 * Application writes racing a backfill, as in production while an index is added: writers put, patch (the
 * attribute a membership reads, and others) and delete vehicles of a table whose items predate two new indexes,
 * while the backfill runs. In the end every item's computed attributes equal what a fresh write of it computes.
 * The race runs on the embedded engine only: moto 5.2.1 does not apply conditional writes atomically under
 * concurrent requests, so a race's outcome there says nothing of the backfill's conditions. The interleaving that
 * once lost a patch (the backfill writing between a patch's read and its write) is also forced, on both backends.
 */
@DynamoDbTest
class IndexBackfillRaceIT {

    private static final Logger LOG = LoggerFactory.getLogger(IndexBackfillRaceIT.class);
    private static final int WRITERS = 4;
    private static final IndexDeclaration OPEN_VEHICLES = IndexDeclaration.global("open-vehicles")
            .partition(MarkerKeyPart.of("_openMarker", "Y")).sortKey("vin")
            .membership(Membership.onlyWhen(Set.of("status"),
                    item -> item.get("status") != null && "open".equals(item.get("status").s())))
            .build();

    @Test
    void writersRacingABackfillLeaveEveryItemAsAFreshWriteWould(DynamoDbClient client, TestTables tables,
            DynamoDbEndpoint endpoint) throws Exception {
        assumeTrue(endpoint.isolatesConcurrentWrites(), "moto 5.2.1 does not apply conditional "
                + "writes atomically under concurrent requests, so a race's outcome there says nothing of the "
                + "backfill's conditions: this race runs on the embedded engine");
        List<Map<String, Object>> items = fleet(2, 4, 100);
        items.forEach(item -> {
            if (item.containsKey("vin")) {
                item.put("status", item.hashCode() % 2 == 0 ? "open" : "rented");
            }
        });
        String table = tables.uniqueName("rentals");
        written(client, declaration(table), items);
        AdapterDeclaration<Map<String, Object>> evolved = declaration(table, allVehicles(8), OPEN_VEHICLES);
        TableProvisioner.of(client).create(evolved);
        Adapter<Map<String, Object>> application = Adapter.create(evolved, client);
        List<Map<String, Object>> vehicles = items.stream().filter(item -> item.containsKey("vin")).toList();
        AtomicInteger refusedRewrites = new AtomicInteger();
        IndexBackfill backfill = IndexBackfill.of(Adapter.create(evolved, countingRefusals(client, refusedRewrites)));

        AtomicBoolean running = new AtomicBoolean(true);
        AtomicInteger writes = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(WRITERS);
        List<Future<?>> writers = new ArrayList<>();
        for (int w = 0; w < WRITERS; w++) {
            Random random = new Random(w);
            writers.add(pool.submit(() -> {
                while (running.get()) {
                    write(application, vehicles.get(random.nextInt(vehicles.size())), random);
                    writes.incrementAndGet();
                    Thread.sleep(1); // an application's pace, leaving the machine to the backfill too
                }
                return null;
            }));
        }
        long conflicts = 0;
        try {
            for (String index : List.of("all-vehicles", "open-vehicles")) {
                MassResult run = backfill.backfill(index, MassOptions.defaults().withPageSize(40).withConcurrency(8));
                assertThat(run.failed()).isEmpty();
                assertThat(run.isComplete()).isTrue();
                conflicts += run.conflicts().size();
            }
        } finally {
            running.set(false);
            pool.shutdown();
            assertThat(pool.awaitTermination(30, TimeUnit.SECONDS)).isTrue();
        }
        for (Future<?> writer : writers) {
            writer.get();
        }
        LOG.info("{} application writes raced two backfill runs; {} rewrites refused by their condition and redone, "
                + "{} left as conflicts", writes.get(), refusedRewrites.get(), conflicts);

        assertThat(refusedRewrites.get()).as("rewrites that met a concurrent write").isPositive();
        Map<Map<String, AttributeValue>, Map<String, AttributeValue>> raced = scanAll(client, table);
        raced.values().forEach(item -> {
            boolean open = item.get("status") != null && "open".equals(item.get("status").s());
            assertThat(item.containsKey("_openMarker")).as("marker of %s", item).isEqualTo(open);
        });
        List<Map<String, Object>> asNow = new ArrayList<>();
        raced.values().forEach(stored -> {
            Map<String, Object> item = new HashMap<>(application.toItem(stored));
            item.remove("_version");
            asNow.add(item);
        });
        assertComputedLikeFreshWrites(client, evolved, tables.uniqueName("fresh"), asNow);
    }

    @Test
    void aPatchOfTheMembershipsAttributeOutlivesABackfillWriteBetweenItsReadAndItsWrite(DynamoDbClient client,
            TestTables tables) {
        String table = tables.uniqueName("rentals");
        Map<String, Object> vehicle = CascadeIT.item("state", "TX", "facility", "Dallas", "vin", "V1",
                "status", "open");
        written(client, declaration(table), List.of(vehicle));
        AdapterDeclaration<Map<String, Object>> evolved = declaration(table, OPEN_VEHICLES);
        TableProvisioner.of(client).create(evolved);
        IndexBackfill backfill = IndexBackfill.of(Adapter.create(evolved, client));
        AtomicBoolean backfilled = new AtomicBoolean();
        Adapter<Map<String, Object>> application = Adapter.create(evolved, (DynamoDbClient) Proxy.newProxyInstance(
                DynamoDbClient.class.getClassLoader(), new Class<?>[] {DynamoDbClient.class}, (proxy, method, args) -> {
                    Object result = invoke(client, method, args);
                    if (method.getName().equals("getItem") && !backfilled.getAndSet(true)) {
                        assertThat(backfill.backfill("open-vehicles", MassOptions.defaults()).processed())
                                .as("the backfill writes the marker after the patch read the item").isEqualTo(1);
                    }
                    return result;
                }));

        application.patch(KeyValues.of("state", "TX", "facility", "Dallas", "vin", "V1"), Map.of("status", "rented"));

        assertThat(backfilled).isTrue();
        assertThat(scanAll(client, table).values()).singleElement().satisfies(item -> {
            assertThat(item.get("status").s()).isEqualTo("rented");
            assertThat(item).as("a rented vehicle is not in open-vehicles").doesNotContainKey("_openMarker");
        });
    }

    /**
     * One application write: a put (a create where the vehicle was deleted), a patch of the membership's attribute
     * or of another, a delete. A write refused by its condition (the vehicle exists, is gone, changed meanwhile) is
     * what the application would report; the race goes on.
     */
    private static void write(Adapter<Map<String, Object>> application, Map<String, Object> vehicle, Random random) {
        KeyValues key = KeyValues.of("state", vehicle.get("state"), "facility", vehicle.get("facility"), "vin",
                vehicle.get("vin"));
        String status = random.nextBoolean() ? "open" : "rented";
        try {
            switch (random.nextInt(4)) {
                case 0 -> {
                    Map<String, Object> fresh = new HashMap<>(vehicle);
                    fresh.put("status", status);
                    application.putForce(fresh);
                }
                case 1 -> application.patch(key, Map.of("status", status));
                case 2 -> application.patch(key, Map.of("mileage", random.nextInt(100_000)));
                default -> application.delete(key);
            }
        } catch (ConditionalWriteException refused) {
            // reported to the user in an application
        }
    }

    /** Wraps a client to count the UpdateItem calls refused by their condition. */
    private static DynamoDbClient countingRefusals(DynamoDbClient client, AtomicInteger refused) {
        return (DynamoDbClient) Proxy.newProxyInstance(DynamoDbClient.class.getClassLoader(),
                new Class<?>[] {DynamoDbClient.class}, (proxy, method, args) -> {
                    try {
                        return invoke(client, method, args);
                    } catch (ConditionalCheckFailedException e) {
                        if (method.getName().equals("updateItem")) {
                            refused.incrementAndGet();
                        }
                        throw e;
                    }
                });
    }

    private static Object invoke(DynamoDbClient client, Method method, Object[] args) throws Throwable {
        try {
            return method.invoke(client, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }
}
