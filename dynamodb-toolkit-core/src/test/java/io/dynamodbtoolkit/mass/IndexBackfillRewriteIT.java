package io.dynamodbtoolkit.mass;

import static io.dynamodbtoolkit.mass.EvolvingRentals.declaration;
import static io.dynamodbtoolkit.mass.EvolvingRentals.scanAll;
import static io.dynamodbtoolkit.mass.EvolvingRentals.written;
import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntPredicate;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.index.IndexDeclaration;
import io.dynamodbtoolkit.index.MarkerKeyPart;
import io.dynamodbtoolkit.index.Membership;
import io.dynamodbtoolkit.provision.TableProvisioner;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The backfill's rewrite of one item that another writer changes between the backfill's read and its write, forced
 * in order (no race): the rewrite's condition fails, the item is read again and rewritten as it is now, skipped when
 * it needs nothing any more or is gone, and left as a conflict once it changed before each of the
 * {@value AttributeRewrite#ATTEMPTS} attempts. The other writer is an application instance that does not know the
 * index yet (it writes the status, not the marker).
 */
@DynamoDbTest
class IndexBackfillRewriteIT {

    private static final Set<String> AVAILABLE = Set.of("open", "reserved");
    private static final IndexDeclaration AVAILABLE_VEHICLES = IndexDeclaration.global("available-vehicles")
            .partition(MarkerKeyPart.of("_availableMarker", "Y")).sortKey("vin")
            .membership(Membership.onlyWhen(Set.of("status"),
                    item -> item.get("status") != null && AVAILABLE.contains(item.get("status").s())))
            .build();

    private DynamoDbClient client;
    private String table;
    private AdapterDeclaration<Map<String, Object>> evolved;

    @BeforeEach
    void writeAVehicleBeforeTheIndex(DynamoDbClient dynamo, TestTables tables) {
        client = dynamo;
        table = tables.uniqueName("rentals");
        written(dynamo, declaration(table), List.of(CascadeIT.item("state", "TX", "facility", "Dallas", "vin", "V1",
                "status", "open")));
        evolved = declaration(table, AVAILABLE_VEHICLES);
        TableProvisioner.of(dynamo).create(evolved);
    }

    @Test
    void aVehicleChangedBeforeTheRewriteIsReadAgainAndRewrittenAsItIsNow() {
        MassResult result = backfillChangingTheVehicle(attempt -> attempt == 1, "reserved");

        assertThat(result.processed()).isEqualTo(1);
        assertThat(result.conflicts()).isEmpty();
        assertThat(vehicle()).containsEntry("status", AttributeValue.fromS("reserved"))
                .containsEntry("_availableMarker", AttributeValue.fromS("Y"));
    }

    @Test
    void aVehicleThatLeftTheIndexMeanwhileIsSkipped() {
        MassResult result = backfillChangingTheVehicle(attempt -> attempt == 1, "rented");

        assertThat(result.processed()).isZero();
        assertThat(result.skipped()).isEqualTo(1);
        assertThat(result.conflicts()).isEmpty();
        assertThat(vehicle()).containsEntry("status", AttributeValue.fromS("rented"))
                .doesNotContainKey("_availableMarker");
    }

    @Test
    void aVehicleChangedBeforeEveryAttemptIsLeftAsAConflict() {
        MassResult result = backfillChangingTheVehicle(attempt -> true, null);

        assertThat(result.processed()).isZero();
        assertThat(result.conflicts()).singleElement().satisfies(conflict -> assertThat(conflict.reason())
                .contains("changed while it was rewritten, " + AttributeRewrite.ATTEMPTS + " times"));
        assertThat(result.isComplete()).as("a conflict is not retried").isTrue();
        assertThat(vehicle()).doesNotContainKey("_availableMarker");
    }

    @Test
    void aVehicleDeletedBeforeTheRewriteIsSkipped() {
        AtomicInteger updates = new AtomicInteger();
        Adapter<Map<String, Object>> backfilling = Adapter.create(evolved, before("updateItem", () -> {
            if (updates.incrementAndGet() == 1) {
                client.deleteItem(delete -> delete.tableName(table).key(key()));
            }
        }));

        MassResult result = IndexBackfill.of(backfilling).backfill("available-vehicles", MassOptions.defaults());

        assertThat(result.processed()).isZero();
        assertThat(result.skipped()).isEqualTo(1);
        assertThat(result.conflicts()).isEmpty();
        assertThat(scanAll(client, table)).isEmpty();
    }

    /**
     * @param changeBefore which of the backfill's UpdateItem calls (1 the first) the other writer writes before
     * @param status       the status it writes, or null to switch between the two available ones
     * @return the backfill's run
     */
    private MassResult backfillChangingTheVehicle(IntPredicate changeBefore, String status) {
        AtomicInteger updates = new AtomicInteger();
        Adapter<Map<String, Object>> backfilling = Adapter.create(evolved, before("updateItem", () -> {
            int update = updates.incrementAndGet();
            if (changeBefore.test(update)) {
                String written = status != null ? status : update % 2 == 1 ? "reserved" : "open";
                client.updateItem(write -> write.tableName(table).key(key()).updateExpression("SET #s = :s")
                        .expressionAttributeNames(Map.of("#s", "status"))
                        .expressionAttributeValues(Map.of(":s", AttributeValue.fromS(written))));
            }
        }));
        return IndexBackfill.of(backfilling).backfill("available-vehicles", MassOptions.defaults());
    }

    private static Map<String, AttributeValue> key() {
        return Map.of("state", AttributeValue.fromS("TX"), "_sk", AttributeValue.fromS("TX|Dallas|V1"));
    }

    private Map<String, AttributeValue> vehicle() {
        return scanAll(client, table).get(key());
    }

    /** @return the test server's client, running {@code other} before each call of {@code operation} */
    private DynamoDbClient before(String operation, Runnable other) {
        return (DynamoDbClient) Proxy.newProxyInstance(DynamoDbClient.class.getClassLoader(),
                new Class<?>[] {DynamoDbClient.class}, (proxy, method, args) -> {
                    if (method.getName().equals(operation) && args != null) {
                        other.run();
                    }
                    try {
                        return method.invoke(client, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }
}
