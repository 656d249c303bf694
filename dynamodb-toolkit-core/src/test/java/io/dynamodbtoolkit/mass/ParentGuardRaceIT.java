package io.dynamodbtoolkit.mass;

import static io.dynamodbtoolkit.mass.CascadeIT.item;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.adapter.ItemMapper;
import io.dynamodbtoolkit.adapter.ParentNotFoundException;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.test.DynamoDbEndpoint;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * Vehicles added under a facility by several threads while {@code deleteAllUnder} deletes that facility, as a web
 * application's users would (each add checks that the facility exists, then inserts): with the parent guard, no
 * vehicle outlives its facility; without it, vehicles are left with no facility row (orphans). The guarded race runs
 * on the embedded engine only (moto's writes are not atomic under concurrency); the unguarded one on both.
 */
@DynamoDbTest
class ParentGuardRaceIT {

    /** @return the mass operations of an adapter, as this class runs them (the async variant overrides it) */
    MassRuns<Map<String, Object>, MassResult> massOf(Adapter<Map<String, Object>> adapter) {
        return MassOperations.of(adapter);
    }

    private static final Logger LOG = LoggerFactory.getLogger(ParentGuardRaceIT.class);
    private static final KeyValues DALLAS = KeyValues.of("state", "TX", "facility", "Dallas");
    private static final int VEHICLES = 180;
    private static final int INSERTERS = 6;
    /** Each inserter goes on this many times after the delete ended, so that inserts meet the facility gone. */
    private static final int ATTEMPTS_AFTER_THE_DELETE = 20;

    private DynamoDbClient client;
    private String table;

    @BeforeEach
    void createTable(DynamoDbClient dynamo, TestTables tables) {
        client = dynamo;
        table = tables.create(CascadeIT.TABLE);
    }

    @Test
    void noVehicleOutlivesItsFacilityWhenInsertsRaceACascadeDelete(DynamoDbEndpoint endpoint) throws Exception {
        assumeTrue(endpoint.isolatesConcurrentWrites(), "moto 5.2.1 does not apply conditional and "
                + "transactional writes atomically under concurrent requests (nor page Queries exactly while items "
                + "change), so a race's outcome there says nothing of the guard: this race runs on the embedded engine");
        Adapter<Map<String, Object>> guarded = rentals(true);
        int refusedInAll = 0;
        for (int round = 0; round < 3; round++) {
            Race race = race(guarded, round);
            Set<String> orphans = orphans();
            assertThat(orphans).as("rows whose parent row is missing after round %d", round).isEmpty();
            assertThat(race.result().isComplete()).isTrue();
            refusedInAll += race.refused();
        }
        assertThat(refusedInAll).as("inserts refused because the facility was being deleted or gone").isPositive();
    }

    @Test
    void withoutTheGuardTheSameRaceLeavesOrphans() throws Exception {
        Adapter<Map<String, Object>> unguarded = rentals(false);
        int orphans = 0;
        for (int round = 0; round < 10 && orphans == 0; round++) {
            race(unguarded, round);
            orphans = orphans().size();
        }
        assertThat(orphans).as("the race this guard exists for really happens here").isPositive();
    }

    private Adapter<Map<String, Object>> rentals(boolean guard) {
        return Adapter.create(AdapterDeclaration.builder(ItemMapper.documents()).table(table).keys(CascadeIT.KEYS)
                .cascades(true).parentGuard(guard).build(), client);
    }

    /** Loads Dallas, then deletes it while inserters add vehicles under it until a little after the delete ends. */
    private Race race(Adapter<Map<String, Object>> rentals, int round) throws Exception {
        List<Map<String, Object>> rows = new ArrayList<>();
        rows.add(item("state", "TX"));
        rows.add(item("state", "TX", "facility", "Dallas"));
        for (int v = 0; v < VEHICLES; v++) {
            rows.add(item("state", "TX", "facility", "Dallas", "vin", String.format("R%d-V%03d", round, v)));
        }
        rentals.putAll(rows);

        ExecutorService threads = Executors.newFixedThreadPool(INSERTERS + 1);
        AtomicBoolean deleted = new AtomicBoolean();
        AtomicInteger added = new AtomicInteger();
        AtomicInteger refused = new AtomicInteger();
        CountDownLatch firstInserts = new CountDownLatch(INSERTERS);
        try {
            List<Future<?>> inserters = new ArrayList<>();
            for (int t = 0; t < INSERTERS; t++) {
                int thread = t;
                inserters.add(threads.submit(() -> {
                    int attemptsAfterTheDelete = 0;
                    for (int n = 0; attemptsAfterTheDelete < ATTEMPTS_AFTER_THE_DELETE; n++) {
                        if (deleted.get()) {
                            attemptsAfterTheDelete++;
                        }
                        if (rentals.get(DALLAS).isEmpty()) {
                            continue; // the application's own check: add only under an existing facility
                        }
                        try {
                            rentals.post(item("state", "TX", "facility", "Dallas", "vin",
                                    String.format("R%d-T%d-N%05d", round, thread, n)));
                            added.incrementAndGet();
                            if (n == 0) {
                                firstInserts.countDown();
                            }
                        } catch (ParentNotFoundException e) {
                            refused.incrementAndGet();
                        }
                    }
                    return null;
                }));
            }
            // every inserter has added a vehicle before the delete begins: its reads must find them
            assertThat(firstInserts.await(1, TimeUnit.MINUTES)).as("every inserter's first vehicle").isTrue();
            MassResult result = threads.submit(() -> massOf(rentals).deleteAllUnder(DALLAS,
                    MassOptions.defaults().withPageSize(20).withConcurrency(2))).get(2, TimeUnit.MINUTES);
            deleted.set(true);
            for (Future<?> inserter : inserters) {
                inserter.get(1, TimeUnit.MINUTES);
            }
            LOG.info("Round {}: {} added during the delete, {} refused, delete {}", round, added.get(),
                    refused.get(), result);
            return new Race(result, added.get(), refused.get());
        } finally {
            threads.shutdownNow();
        }
    }

    /** @return the keys of rows at depth 2 or more whose parent row does not exist */
    private Set<String> orphans() {
        Set<String> keys = new HashSet<>();
        List<Map<String, AttributeValue>> rows = new ArrayList<>();
        Map<String, AttributeValue> start = null;
        do {
            ScanResponse page = client.scan(ScanRequest.builder().tableName(table).consistentRead(true)
                    .exclusiveStartKey(start).build());
            rows.addAll(page.items());
            start = page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty() ? page.lastEvaluatedKey() : null;
        } while (start != null);
        rows.forEach(row -> keys.add(row.get("_sk").s()));
        Set<String> orphans = new HashSet<>();
        for (String key : keys) {
            int last = key.lastIndexOf('|');
            if (last > 0 && !keys.contains(key.substring(0, last))) {
                orphans.add(key);
            }
        }
        return orphans;
    }

    private record Race(MassResult result, int added, int refused) {
    }
}
