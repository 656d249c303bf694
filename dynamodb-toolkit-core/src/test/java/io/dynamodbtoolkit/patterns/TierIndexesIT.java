package io.dynamodbtoolkit.patterns;

import static io.dynamodbtoolkit.patterns.Provisioned.item;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.AsyncAdapter;
import io.dynamodbtoolkit.adapter.ItemPage;
import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.index.IndexDeclaration;
import io.dynamodbtoolkit.index.IndexProjection;
import io.dynamodbtoolkit.index.IndexQuery;
import io.dynamodbtoolkit.index.MarkerKeyPart;
import io.dynamodbtoolkit.index.Membership;
import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.test.DynamoDbEndpoint;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.RequestLog;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/**
 * Listing one tier across partitions: pattern 1 (a GSI on the type field), per-tier sparse markers with their
 * own projections, and a sharded marker over 16 shards merged under one cursor.
 */
@DynamoDbTest
class TierIndexesIT {

    private static final int STATES = 3;
    private static final int FACILITIES_PER_STATE = 4;
    private static final int VEHICLES_PER_FACILITY = 25;

    private static DynamoDbClient client;
    private static Adapter<Map<String, Object>> rentals;
    private static final List<String> VINS = new ArrayList<>();

    @BeforeAll
    static void loadFleet(DynamoDbClient dynamo, TestTables tables) {
        client = dynamo;
        rentals = Provisioned.documents(dynamo, tables, "fleet", declaration -> declaration
                .keys(KeyModel.builder().keyFields("state", "facility", "vin").structuralKey("_sk").technicalPrefix("_")
                        .typeLabels("state", "facility", "vehicle").typeField("kind").build())
                .indexes(
                        IndexDeclaration.global("by-kind").partitionKey("kind").sortKey("_sk").build(),
                        IndexDeclaration.global("all-states").partition(MarkerKeyPart.of("_stateMarker", "Y"))
                                .sortKey("state").membership(Membership.types("state")).build(),
                        IndexDeclaration.global("all-facilities").partition(MarkerKeyPart.of("_facilityMarker", "Y"))
                                .sortKey("_sk").projection(IndexProjection.KEYS_ONLY)
                                .membership(Membership.types("facility")).build(),
                        IndexDeclaration.global("all-vehicles")
                                .partition(MarkerKeyPart.sharded("_vehicleMarker", "Y", 16, List.of("vin")))
                                .sortKey("vin").projection(IndexProjection.include("make"))
                                .membership(Membership.types("vehicle")).build()));
        List<Map<String, Object>> items = new ArrayList<>();
        for (int s = 0; s < STATES; s++) {
            String state = "S" + s;
            items.add(item("state", state));
            for (int f = 0; f < FACILITIES_PER_STATE; f++) {
                String facility = "F" + f;
                items.add(item("state", state, "facility", facility));
                for (int v = 0; v < VEHICLES_PER_FACILITY; v++) {
                    String vin = String.format("VIN%02d%02d%03d", s, f, v);
                    VINS.add(vin);
                    items.add(item("state", state, "facility", facility, "vin", vin, "make", "M" + (v % 5)));
                }
            }
        }
        rentals.putAll(items);
        VINS.sort(null);
    }

    @Test
    void pattern1ListsOneTypeAcrossPartitionsOnTheTypeField(RequestLog log) {
        ItemPage<Map<String, Object>> facilities = rentals.query(IndexQuery.on("by-kind").eq("kind", "facility"),
                ListOptions.defaults());

        assertThat(facilities.items()).hasSize(STATES * FACILITIES_PER_STATE)
                .allSatisfy(item -> assertThat(item).containsEntry("kind", "facility"));
        log.assertNoReadAmplification();
    }

    @Test
    void perTierMarkersHoldOnlyTheirTier(RequestLog log) {
        ItemPage<Map<String, Object>> states = rentals.query(IndexQuery.on("all-states"), ListOptions.defaults());
        ItemPage<Map<String, Object>> facilities = rentals.queryIndirect(IndexQuery.on("all-facilities"),
                ListOptions.defaults());

        assertThat(states.items()).extracting(item -> item.get("state")).containsExactly("S0", "S1", "S2");
        assertThat(facilities.items()).hasSize(STATES * FACILITIES_PER_STATE)
                .allSatisfy(item -> assertThat(item).containsEntry("kind", "facility"));
        log.assertNoReadAmplification();
    }

    @Test
    void vehiclesCarryOnlyTheirShardedMarker() {
        Map<String, AttributeValue> vehicle = client.getItem(b -> b.tableName(rentals.table())
                .key(rentals.keys().codec().primaryKeyFromKeyValues(KeyValues.of("state", "S1", "facility", "F2", "vin", "VIN0102003"))))
                .item();
        Map<String, AttributeValue> state = client.getItem(b -> b.tableName(rentals.table())
                .key(rentals.keys().codec().primaryKeyFromKeyValues(KeyValues.of("state", "S1")))).item();

        assertThat(vehicle).doesNotContainKeys("_stateMarker", "_facilityMarker");
        assertThat(vehicle.get("_vehicleMarker").s()).matches("Y#(1[0-5]|[0-9])");
        assertThat(state).containsEntry("_stateMarker", AttributeValue.fromS("Y"))
                .doesNotContainKeys("_facilityMarker", "_vehicleMarker");
    }

    @Test
    void theShardedTierListsEveryVehicleOnceInOrderAcrossCursorPages(RequestLog log) {
        for (boolean descending : new boolean[] {false, true}) {
            List<Object> seen = new ArrayList<>();
            String cursor = null;
            int pages = 0;
            do {
                ListOptions options = ListOptions.defaults().withLimit(13).withCursor(cursor);
                ItemPage<Map<String, Object>> page = rentals.query(IndexQuery.on("all-vehicles"),
                        descending ? options.inDescendingOrder() : options);
                assertThat(page.items().size()).isLessThanOrEqualTo(13);
                page.items().forEach(item -> seen.add(item.get("vin")));
                cursor = page.nextCursor();
                pages++;
            } while (cursor != null);
            List<String> expected = new ArrayList<>(VINS);
            if (descending) {
                Collections.reverse(expected);
            }
            assertThat(seen).containsExactlyElementsOf(expected);
            assertThat(pages).isBetween(VINS.size() / 13, VINS.size() / 13 + 2);
        }
        assertThat(log.calls("Query")).extracting(call -> call.request(QueryRequest.class).expressionAttributeValues()
                .get(":v0").s()).containsAll(List.of("Y#0", "Y#15"));
        log.assertNoReadAmplification();
    }

    @Test
    void theShardedMarkerMergesTheSameOnTheAsynchronousClient(DynamoDbEndpoint endpoint) throws Exception {
        try (DynamoDbAsyncClient asyncClient = endpoint.asyncClientBuilder().build()) {
            AsyncAdapter<Map<String, Object>> async = rentals.async(asyncClient);
            for (boolean descending : new boolean[] {false, true}) {
                List<Object> seen = new ArrayList<>();
                String cursor = null;
                do {
                    ListOptions options = ListOptions.defaults().withLimit(17).withCursor(cursor);
                    options = descending ? options.inDescendingOrder() : options;
                    ItemPage<Map<String, Object>> page = async.query(IndexQuery.on("all-vehicles"), options)
                            .get(30, TimeUnit.SECONDS);
                    assertThat(page.items()).as("the blocking adapter's page")
                            .isEqualTo(rentals.query(IndexQuery.on("all-vehicles"), options).items());
                    page.items().forEach(item -> seen.add(item.get("vin")));
                    cursor = page.nextCursor();
                } while (cursor != null);
                List<String> expected = new ArrayList<>(VINS);
                if (descending) {
                    Collections.reverse(expected);
                }
                assertThat(seen).containsExactlyElementsOf(expected);
            }
        }
    }

    @Test
    void aNewStateJoinsItsTierIndexAndLeavesWhenDeleted() {
        rentals.post(item("state", "S9"));
        assertThat(rentals.query(IndexQuery.on("all-states"), ListOptions.defaults()).items())
                .extracting(item -> item.get("state")).contains("S9");

        rentals.delete(KeyValues.of("state", "S9"));
        assertThat(rentals.query(IndexQuery.on("all-states"), ListOptions.defaults()).items())
                .extracting(item -> item.get("state")).doesNotContain("S9");
    }
}
