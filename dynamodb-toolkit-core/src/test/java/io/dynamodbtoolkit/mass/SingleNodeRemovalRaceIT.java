package io.dynamodbtoolkit.mass;

import static io.dynamodbtoolkit.mass.CascadeIT.item;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.adapter.ItemMapper;
import io.dynamodbtoolkit.adapter.NodeHasChildrenException;
import io.dynamodbtoolkit.adapter.ParentNotFoundException;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.test.DynamoDbEndpoint;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/**
 * Vehicles inserted under a facility by several threads at the moment a single delete of that facility runs, round
 * after round: the delete either goes first (the inserts are refused: the facility is being deleted or gone) or
 * finds a vehicle and is refused; never does a vehicle outlive its facility. Runs on the embedded engine only
 * (moto's conditional and transactional writes are not atomic under concurrent requests).
 */
@DynamoDbTest
class SingleNodeRemovalRaceIT {

    private static final int ROUNDS = 150;
    private static final int INSERTERS = 3;

    @Test
    void noVehicleOutlivesItsFacilityWhenInsertsRaceASingleDelete(DynamoDbClient client, TestTables tables,
            DynamoDbEndpoint endpoint) throws Exception {
        assumeTrue(endpoint.isolatesConcurrentWrites(), "moto does not apply conditional and "
                + "transactional writes atomically under concurrent requests: this race runs on the embedded engine");
        String table = tables.create(CascadeIT.TABLE);
        Adapter<Map<String, Object>> rentals = Adapter.create(AdapterDeclaration.builder(ItemMapper.documents())
                .table(table).keys(CascadeIT.KEYS).cascades(true).build(), client);
        rentals.post(item("state", "TX"));
        int deleted = 0;
        int refused = 0;
        ExecutorService threads = Executors.newFixedThreadPool(INSERTERS + 1);
        try {
            for (int round = 0; round < ROUNDS; round++) {
                String facility = "F" + round;
                KeyValues node = KeyValues.of("state", "TX", "facility", facility);
                rentals.post(item("state", "TX", "facility", facility));
                CyclicBarrier start = new CyclicBarrier(INSERTERS + 1);
                List<Future<?>> inserters = new ArrayList<>();
                for (int t = 0; t < INSERTERS; t++) {
                    String vin = "V" + t;
                    inserters.add(threads.submit(() -> {
                        start.await();
                        spin();
                        try {
                            rentals.post(item("state", "TX", "facility", facility, "vin", vin));
                        } catch (ParentNotFoundException e) {
                            // the facility was marked or gone first: the insert is refused, as it must be
                        }
                        return null;
                    }));
                }
                Future<Boolean> delete = threads.submit(() -> {
                    start.await();
                    spin();
                    try {
                        return rentals.delete(node);
                    } catch (NodeHasChildrenException e) {
                        return false;
                    }
                });
                boolean gone = delete.get(1, TimeUnit.MINUTES);
                for (Future<?> inserter : inserters) {
                    inserter.get(1, TimeUnit.MINUTES);
                }
                int under = client.query(QueryRequest.builder().tableName(table).consistentRead(true)
                        .keyConditionExpression("#p = :p and begins_with(#s, :s)")
                        .expressionAttributeNames(Map.of("#p", "state", "#s", "_sk"))
                        .expressionAttributeValues(Map.of(":p", AttributeValue.fromS("TX"),
                                ":s", AttributeValue.fromS("TX|" + facility + "|"))).build()).count();
                boolean standing = rentals.get(node).isPresent();
                assertThat(standing || under == 0).as("round %d: %d vehicles under a deleted facility", round, under)
                        .isTrue();
                assertThat(standing).as("round %d: the facility stands exactly when its delete was refused", round)
                        .isEqualTo(!gone);
                if (gone) {
                    deleted++;
                } else {
                    refused++;
                }
            }
        } finally {
            threads.shutdownNow();
        }
        assertThat(deleted).as("rounds where the delete went first").isPositive();
        assertThat(refused).as("rounds where a vehicle went first and the delete was refused").isPositive();
    }

    /** Waits a random moment (0 to 2 ms), so that either side of the race goes first in some rounds. */
    private static void spin() {
        long until = System.nanoTime() + ThreadLocalRandom.current().nextLong(TimeUnit.MILLISECONDS.toNanos(2));
        while (System.nanoTime() < until) {
            Thread.onSpinWait();
        }
    }
}
