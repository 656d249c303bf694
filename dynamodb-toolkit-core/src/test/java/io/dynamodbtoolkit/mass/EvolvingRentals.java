package io.dynamodbtoolkit.mass;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.adapter.ItemMapper;
import io.dynamodbtoolkit.index.IndexDeclaration;
import io.dynamodbtoolkit.index.IndexProjection;
import io.dynamodbtoolkit.index.MarkerKeyPart;
import io.dynamodbtoolkit.index.Membership;
import io.dynamodbtoolkit.key.KeyField;
import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.provision.TableProvisioner;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * A rentals hierarchy (state > facility > vehicle) whose declaration evolves: the tables start without the indexes
 * (or with an older declaration of them) and gain them, the way an application's {@code application.yml} does.
 */
final class EvolvingRentals {

    static final KeyModel KEYS = KeyModel.builder().keyFields("state", "facility", "vin").structuralKey("_sk")
            .technicalPrefix("_").typeLabels("state", "facility", "vehicle").typeField("kind")
            .versionField("_version").build();

    /** A per-tier marker: facilities only. */
    static final IndexDeclaration ALL_FACILITIES = IndexDeclaration.global("all-facilities")
            .partition(MarkerKeyPart.of("_facilityMarker", "Y")).sortKey("_sk").projection(IndexProjection.KEYS_ONLY)
            .membership(Membership.types("facility")).build();

    /** A composite sort key the toolkit composes from two fields (facilities carry them). */
    static final IndexDeclaration BY_CITY = IndexDeclaration.global("by-city").partitionKey("city")
            .sortComposite("_cityOpened", KeyField.string("city"), KeyField.number("opened", 4)).build();

    private EvolvingRentals() {
    }

    /** A sharded marker on vehicles. */
    static IndexDeclaration allVehicles(int shards) {
        return IndexDeclaration.global("all-vehicles")
                .partition(MarkerKeyPart.sharded("_vehicleMarker", "V", shards, List.of("vin"))).sortKey("vin")
                .membership(Membership.types("vehicle")).build();
    }

    static AdapterDeclaration<Map<String, Object>> declaration(String table, IndexDeclaration... indexes) {
        return AdapterDeclaration.builder(ItemMapper.documents()).name("rentals").table(table).keys(KEYS)
                .indexes(indexes).build();
    }

    /** Creates the table of a declaration and writes the items through it. */
    static Adapter<Map<String, Object>> written(DynamoDbClient client, AdapterDeclaration<Map<String, Object>> declared,
            List<Map<String, Object>> items) {
        TableProvisioner.of(client).create(declared);
        Adapter<Map<String, Object>> adapter = Adapter.create(declared, client);
        adapter.putAll(items);
        return adapter;
    }

    /** @return states, their facilities (with a city and an opening year) and their vehicles */
    static List<Map<String, Object>> fleet(int states, int facilitiesPerState, int vehiclesPerFacility) {
        List<Map<String, Object>> items = new ArrayList<>();
        for (int s = 0; s < states; s++) {
            String state = "S" + s;
            items.add(CascadeIT.item("state", state, "name", "State " + s));
            for (int f = 0; f < facilitiesPerState; f++) {
                String facility = "F" + f;
                items.add(CascadeIT.item("state", state, "facility", facility, "city", "C" + (f % 3),
                        "opened", 1990 + f));
                for (int v = 0; v < vehiclesPerFacility; v++) {
                    items.add(CascadeIT.item("state", state, "facility", facility, "vin",
                            String.format("VIN%02d%02d%04d", s, f, v), "make", "M" + (v % 7)));
                }
            }
        }
        return items;
    }

    /** @return every item of a table as stored, by primary key */
    static Map<Map<String, AttributeValue>, Map<String, AttributeValue>> scanAll(DynamoDbClient client, String table) {
        Map<Map<String, AttributeValue>, Map<String, AttributeValue>> items = new LinkedHashMap<>();
        Map<String, AttributeValue> start = null;
        do {
            Map<String, AttributeValue> from = start;
            ScanResponse page = client.scan(request -> request.tableName(table).exclusiveStartKey(from)
                    .consistentRead(true));
            page.items().forEach(item -> items.put(Map.of("state", item.get("state"), "_sk", item.get("_sk")), item));
            start = page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty() ? page.lastEvaluatedKey() : null;
        } while (start != null);
        return items;
    }

    /** @return the attributes of an item the toolkit computes (under the technical prefix), the version aside */
    static Map<String, AttributeValue> computed(Map<String, AttributeValue> item) {
        Map<String, AttributeValue> computed = new HashMap<>();
        item.forEach((name, value) -> {
            if (name.startsWith("_") && !Set.of("_version", "_sk").contains(name)) {
                computed.put(name, value);
            }
        });
        return computed;
    }

    /**
     * Asserts that every item of a table carries exactly the computed attributes a fresh write of the same items
     * gives them: the items are written again, through the current declaration, to a table of their own.
     */
    static void assertComputedLikeFreshWrites(DynamoDbClient client, AdapterDeclaration<Map<String, Object>> current,
            String freshTable, List<Map<String, Object>> items) {
        AdapterDeclaration<Map<String, Object>> fresh = declaration(freshTable,
                current.indexes().all().toArray(IndexDeclaration[]::new));
        written(client, fresh, items);
        Map<Map<String, AttributeValue>, Map<String, AttributeValue>> expected = scanAll(client, freshTable);
        Map<Map<String, AttributeValue>, Map<String, AttributeValue>> actual = scanAll(client, current.table());
        assertThat(actual.keySet()).isEqualTo(expected.keySet());
        List<String> differing = new ArrayList<>();
        expected.forEach((key, item) -> {
            if (!computed(item).equals(computed(actual.get(key)))) {
                differing.add(key + ": " + computed(actual.get(key)) + " instead of " + computed(item));
            }
        });
        assertThat(differing).as("items whose computed attributes differ from a fresh write's").isEmpty();
    }
}
