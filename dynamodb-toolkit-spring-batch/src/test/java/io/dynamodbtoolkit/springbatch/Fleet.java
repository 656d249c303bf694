package io.dynamodbtoolkit.springbatch;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.adapter.Hooks;
import io.dynamodbtoolkit.adapter.ItemMapper;
import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.index.IndexDeclaration;
import io.dynamodbtoolkit.index.IndexProjection;
import io.dynamodbtoolkit.index.MarkerKeyPart;
import io.dynamodbtoolkit.index.Membership;
import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.key.SubtreeQuery;
import io.dynamodbtoolkit.provision.TableProvisioner;
import io.dynamodbtoolkit.test.TestTables;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The batch tests' rentals: state > facility > vehicle with the Dallas / Dallasville trap, a sparse marker of the
 * facilities and a sharded marker of the vehicles, cascades on (so the parent guard too).
 */
public final class Fleet {

    public static final KeyValues TEXAS = KeyValues.of("state", "TX");
    public static final KeyValues DALLAS = KeyValues.of("state", "TX", "facility", "Dallas");
    public static final KeyValues AUSTIN = KeyValues.of("state", "TX", "facility", "Austin");
    public static final int VEHICLE_SHARDS = 4;

    private Fleet() {
    }

    /** @return the adapter of a new table, its indexes provisioned */
    public static Adapter<Map<String, Object>> create(DynamoDbClient client, TestTables tables, String base) {
        AdapterDeclaration<Map<String, Object>> declared = declaration(tables.uniqueName(base), Hooks.NONE);
        TableProvisioner.of(client).create(declared);
        return Adapter.create(declared, client);
    }

    /** @return another adapter of the same table, with hooks (e.g. a validator that refuses some writes) */
    public static Adapter<Map<String, Object>> withHooks(Adapter<Map<String, Object>> rentals, Hooks hooks,
            DynamoDbClient client) {
        return Adapter.create(declaration(rentals.table(), hooks), client);
    }

    private static AdapterDeclaration<Map<String, Object>> declaration(String table, Hooks hooks) {
        return AdapterDeclaration.builder(ItemMapper.documents()).table(table).hooks(hooks)
                .keys(KeyModel.builder().keyFields("state", "facility", "vin").structuralKey("_sk")
                        .technicalPrefix("_").typeLabels("state", "facility", "vehicle").typeField("kind")
                        .versionField("_version").build())
                .indexes(IndexDeclaration.global("all-facilities").partition(MarkerKeyPart.of("_facilityMarker", "Y"))
                                .sortKey("_sk").projection(IndexProjection.KEYS_ONLY)
                                .membership(Membership.types("facility")).build(),
                        IndexDeclaration.global("all-vehicles")
                                .partition(MarkerKeyPart.sharded("_vehicleMarker", "Y", VEHICLE_SHARDS, List.of("vin")))
                                .sortKey("vin").projection(IndexProjection.KEYS_ONLY)
                                .membership(Membership.types("vehicle")).build())
                .cascades(true).build();
    }

    /** Loads TX, Austin (no vehicles), and the vehicles of each facility named, with a row per facility. */
    public static void load(Adapter<Map<String, Object>> rentals, Map<String, Integer> vehiclesPerFacility) {
        List<Map<String, Object>> items = new ArrayList<>();
        items.add(item("state", "TX"));
        items.add(item("state", "TX", "facility", "Austin"));
        vehiclesPerFacility.forEach((facility, vehicles) -> {
            items.add(item("state", "TX", "facility", facility, "city", facility));
            for (int v = 0; v < vehicles; v++) {
                items.add(item("state", "TX", "facility", facility, "vin", String.format("%s%04d",
                        facility.substring(0, 2).toUpperCase(), v), "miles", v));
            }
        });
        rentals.putAll(items);
    }

    /** @return the structural keys of a subtree as stored, in key order */
    public static List<String> keysUnder(Adapter<Map<String, Object>> rentals, KeyValues node) {
        List<String> keys = new ArrayList<>();
        String cursor = null;
        do {
            var page = rentals.stored().page(rentals.plan(SubtreeQuery.selfAndDescendants(node)),
                    ListOptions.defaults().withLimit(500).withCursor(cursor));
            page.items().forEach(item -> keys.add(item.get("_sk").s()));
            cursor = page.nextCursor();
        } while (cursor != null);
        return keys;
    }

    /** @return a structural key of the items read */
    public static String sortKey(Map<String, AttributeValue> item) {
        return item.get("_sk").s();
    }

    public static Map<String, Object> item(Object... pairs) {
        Map<String, Object> item = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            item.put((String) pairs[i], pairs[i + 1]);
        }
        return item;
    }
}
