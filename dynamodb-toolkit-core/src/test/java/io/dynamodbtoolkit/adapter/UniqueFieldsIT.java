package io.dynamodbtoolkit.adapter;

import static io.dynamodbtoolkit.adapter.Rentals.item;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.dynamodbtoolkit.expression.Update;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.key.SubtreeQuery;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.RequestLog;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * Unique fields: every write that sets, changes or removes a unique value keeps one guard item per value in the same
 * transaction as the row; a taken value is refused with nothing written; guards never show in reads of the data.
 * Runs on every backend (the races are in {@link UniqueFieldsRaceIT}, on the embedded engine only).
 */
@DynamoDbTest
class UniqueFieldsIT {

    static final KeyValues DALLAS = KeyValues.of("state", "TX", "facility", "Dallas");

    private DynamoDbClient client;
    private String table;
    private Adapter<Map<String, Object>> rentals;

    @BeforeEach
    void seed(DynamoDbClient client, TestTables tables) {
        this.client = client;
        this.table = tables.create(Rentals.TABLE);
        this.rentals = adapter(client, table);
        rentals.post(item("state", "TX", "name", "Texas"));
        rentals.post(item("state", "TX", "facility", "Dallas", "city", "Dallas"));
        rentals.post(item("state", "OK", "name", "Oklahoma"));
        rentals.post(item("state", "OK", "facility", "Tulsa", "city", "Tulsa"));
    }

    /** Plates are unique in the whole table, fleet codes within a state. */
    static Adapter<Map<String, Object>> adapter(DynamoDbClient client, String table) {
        return Adapter.create(AdapterDeclaration.builder(ItemMapper.documents()).table(table).keys(Rentals.KEYS)
                .cascades(true).unique(UniqueField.of("plate"), UniqueField.within("code", "state")).build(), client);
    }

    static Map<String, Object> vehicle(String facility, String vin, Object... more) {
        Map<String, Object> vehicle = item("state", facility.equals("Tulsa") ? "OK" : "TX", "facility", facility,
                "vin", vin);
        for (int i = 0; i < more.length; i += 2) {
            vehicle.put((String) more[i], more[i + 1]);
        }
        return vehicle;
    }

    static KeyValues vin(String vin) {
        return KeyValues.of("state", "TX", "facility", "Dallas", "vin", vin);
    }

    /** @return every item of the table, read raw (strongly consistent Scan, guards included) */
    static List<Map<String, AttributeValue>> rawItems(DynamoDbClient client, String table) {
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        Map<String, AttributeValue> start = null;
        do {
            ScanResponse page = client.scan(ScanRequest.builder().tableName(table).consistentRead(true)
                    .exclusiveStartKey(start).build());
            items.addAll(page.items());
            start = page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty() ? page.lastEvaluatedKey() : null;
        } while (start != null);
        return items;
    }

    /** @return the guards of a field, as "value part of the guard's key -> owner's sort key" (one scope only) */
    static Map<String, String> guards(DynamoDbClient client, String table, String field) {
        Map<String, String> guards = new HashMap<>();
        for (Map<String, AttributeValue> item : rawItems(client, table)) {
            if (item.containsKey("_uniqueOwner") && field.equals(item.get("_uniqueField").s())) {
                String key = item.get("state").s();
                guards.put(key.substring(key.lastIndexOf('|') + 1), item.get("_uniqueOwner").m().get("_sk").s());
            }
        }
        return guards;
    }

    private Map<String, String> plateGuards() {
        return guards(client, table, "plate");
    }

    @Test
    void anInsertTakesTheGuardOfEachValueInTheRowsTransaction() {
        rentals.post(vehicle("Dallas", "V1", "plate", "ABC-1", "code", "C7"));

        assertThat(plateGuards()).containsExactly(Map.entry("S5:ABC-1", "TX|Dallas|V1"));
        assertThat(guards(client, table, "code")).containsExactly(Map.entry("S2:C7", "TX|Dallas|V1"));
        Map<String, AttributeValue> guard = rawItems(client, table).stream()
                .filter(item -> item.containsKey("_uniqueOwner") && item.get("_uniqueField").s().equals("plate"))
                .findFirst().orElseThrow();
        assertThat(guard.get("state").s()).isEqualTo("_unique|S5:plate|S5:ABC-1");
        assertThat(guard.get("_sk").s()).isEqualTo("_unique");
        assertThat(guard).doesNotContainKeys("plate", "kind", "facility", "vin");
    }

    @Test
    void aTakenValueIsRefusedNamingTheFieldAndTheValueAndNothingIsWritten() {
        rentals.post(vehicle("Dallas", "V1", "plate", "ABC-1"));

        assertThatThrownBy(() -> rentals.post(vehicle("Dallas", "V2", "plate", "ABC-1", "code", "C1")))
                .isInstanceOfSatisfying(UniqueValueTakenException.class, e -> {
                    assertThat(e.field()).isEqualTo("plate");
                    assertThat(e.value()).contains("ABC-1");
                }).hasMessageContaining("plate").hasMessageContaining("ABC-1").hasMessageContaining("nothing");
        assertThatThrownBy(() -> rentals.putForce(vehicle("Tulsa", "V3", "plate", "ABC-1")))
                .isInstanceOf(UniqueValueTakenException.class);

        assertThat(rentals.get(vin("V2"))).isEmpty();
        assertThat(guards(client, table, "code")).isEmpty();
        assertThat(plateGuards()).containsExactly(Map.entry("S5:ABC-1", "TX|Dallas|V1"));
    }

    @Test
    void aValueIsUniqueWithinItsScopeWhenDeclaredSo() {
        rentals.post(vehicle("Dallas", "V1", "code", "C1"));
        rentals.post(vehicle("Tulsa", "V2", "code", "C1"));

        assertThatThrownBy(() -> rentals.post(vehicle("Dallas", "V3", "code", "C1")))
                .isInstanceOf(UniqueValueTakenException.class).hasMessageContaining("within [state]");
        assertThat(rawItems(client, table).stream().map(item -> item.get("state").s())
                .filter(key -> key.startsWith("_unique|S4:code"))).containsExactlyInAnyOrder(
                        "_unique|S4:code|S2:TX|S2:C1", "_unique|S4:code|S2:OK|S2:C1");
    }

    @Test
    void aReplacementOrAPatchSwapsTheGuardsAndARemovalReleasesThem() {
        rentals.post(vehicle("Dallas", "V1", "plate", "ABC-1"));

        rentals.put(vehicle("Dallas", "V1", "plate", "ABC-2"));
        assertThat(plateGuards()).containsExactly(Map.entry("S5:ABC-2", "TX|Dallas|V1"));
        rentals.post(vehicle("Dallas", "V2", "plate", "ABC-1"));

        rentals.patch(vin("V1"), Map.of("plate", "ABC-3"));
        assertThat(plateGuards()).containsOnly(Map.entry("S5:ABC-3", "TX|Dallas|V1"),
                Map.entry("S5:ABC-1", "TX|Dallas|V2"));
        assertThatThrownBy(() -> rentals.patch(vin("V1"), Map.of("plate", "ABC-1")))
                .isInstanceOf(UniqueValueTakenException.class);
        assertThat(rentals.get(vin("V1")).orElseThrow()).containsEntry("plate", "ABC-3");

        Map<String, Object> removal = new HashMap<>();
        removal.put("plate", null);
        rentals.patch(vin("V1"), removal);
        rentals.putForce(vehicle("Dallas", "V2", "color", "red"));
        assertThat(plateGuards()).isEmpty();
    }

    @Test
    void anEditChangingTheValueSwapsTheGuards() {
        rentals.post(vehicle("Dallas", "V1", "plate", "ABC-1"));

        rentals.edit(vin("V1"), vehicle -> {
            vehicle.put("plate", "XYZ-9");
            return vehicle;
        });

        assertThat(plateGuards()).containsExactly(Map.entry("S5:XYZ-9", "TX|Dallas|V1"));
    }

    @Test
    void aMoveRepointsTheGuardsToTheNewKey() {
        rentals.post(vehicle("Dallas", "V1", "plate", "ABC-1", "code", "C1"));

        rentals.move(vin("V1"), vehicle -> {
            vehicle.put("vin", "V9");
            return vehicle;
        });

        assertThat(plateGuards()).containsExactly(Map.entry("S5:ABC-1", "TX|Dallas|V9"));
        assertThat(guards(client, table, "code")).containsExactly(Map.entry("S2:C1", "TX|Dallas|V9"));
    }

    @Test
    void anAtomicUpdateOfAUniqueFieldIsRefusedBeforeAnythingIsWritten() {
        rentals.post(vehicle("Dallas", "V1", "plate", "ABC-1"));

        assertThatThrownBy(() -> rentals.patch(vin("V1"), Map.of(), Update.empty().set("plate",
                AttributeValue.fromS("ABC-2")), WriteOptions.defaults()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'plate' is unique");
        assertThat(plateGuards()).containsExactly(Map.entry("S5:ABC-1", "TX|Dallas|V1"));
    }

    @Test
    void aDeleteReleasesTheGuardsOnlyOfARowThatWasReallyDeleted() {
        rentals.post(vehicle("Dallas", "V1", "plate", "ABC-1"));

        assertThat(rentals.delete(vin("V2"))).isFalse();
        assertThat(plateGuards()).containsExactly(Map.entry("S5:ABC-1", "TX|Dallas|V1"));

        assertThat(rentals.delete(vin("V1"))).isTrue();
        assertThat(plateGuards()).isEmpty();
        rentals.post(vehicle("Dallas", "V2", "plate", "ABC-1"));
    }

    @Test
    void subtreeReadsScansAndTheirCountsNeverReturnAGuard() {
        rentals.post(vehicle("Dallas", "V1", "plate", "ABC-1", "code", "C1"));
        rentals.post(vehicle("Tulsa", "V2", "plate", "ABC-2", "code", "C1"));
        assertThat(rawItems(client, table)).hasSize(6 + 4);

        assertThat(rentals.list(SubtreeQuery.children(DALLAS), ListOptions.defaults()).items()).hasSize(1);
        assertThat(rentals.list(SubtreeQuery.selfAndDescendants(KeyValues.of("state", "TX")),
                ListOptions.defaults()).items()).hasSize(3);
        ItemPage<Map<String, Object>> scanned = rentals.scan(ListOptions.defaults().countingTotal());
        assertThat(scanned.items()).hasSize(6).allSatisfy(item -> assertThat(item).containsKey("state")
                .doesNotContainKey("_uniqueOwner"));
        assertThat(scanned.total()).hasValue(6);
    }

    @Test
    void aReadByAUniqueValueIsTwoKeyReadsTheGuardThenTheRow(RequestLog log) {
        rentals.post(vehicle("Dallas", "V1", "plate", "ABC-1", "code", "C1"));
        rentals.post(vehicle("Tulsa", "V2", "code", "C1"));
        log.clear();

        assertThat(rentals.getByUnique("plate", "ABC-1", KeyValues.empty(), ReadOptions.defaults()).orElseThrow())
                .containsEntry("vin", "V1");
        assertThat(log.calls().stream().map(call -> call.operation())).containsExactly("GetItem", "GetItem");
        assertThat(rentals.getByUnique("plate", "NONE", KeyValues.empty(), ReadOptions.defaults())).isEmpty();
        assertThat(rentals.getByUnique("code", "C1", KeyValues.of("state", "OK"), ReadOptions.defaults())
                .orElseThrow()).containsEntry("vin", "V2");
        assertThat(rentals.getByUnique("plate", "ABC-1", KeyValues.of("state", "OK"), ReadOptions.defaults()))
                .as("a row outside the scope named").isEmpty();
        assertThat(log.calls("Scan")).isEmpty();
        assertThat(log.calls("Query")).isEmpty();
        assertThatThrownBy(() -> rentals.getByUnique("code", "C1", KeyValues.empty(), ReadOptions.defaults()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("needs a value for 'state'");
        assertThatThrownBy(() -> rentals.getByUnique("make", "Honda", KeyValues.empty(), ReadOptions.defaults()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not a unique field");
    }

    @Test
    void batchWritesOfAnAdapterWithUniqueFieldsAreRefusedBeforeAnythingIsWritten() {
        assertThatThrownBy(() -> rentals.putAll(List.of(vehicle("Dallas", "V1", "plate", "ABC-1"))))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("[plate, code within [state]]")
                .hasMessageContaining("one by one");
        assertThatThrownBy(() -> rentals.deleteAll(List.of(vin("V1"))))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("unique fields");
        assertThat(rentals.get(vin("V1"))).isEmpty();
    }
}
