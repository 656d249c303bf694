package io.dynamodbtoolkit.benchmarks.remote;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.adapter.ItemMapper;
import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.key.KeyValues;

/** The benchmark's data: state > facility > vehicle; a subtree of vehicles moved between two states. */
final class BenchFleet {

    static final KeyValues TEXAS = KeyValues.of("state", "TX");
    static final KeyValues CALIFORNIA = KeyValues.of("state", "CA");
    static final int FACILITIES = 16;

    private BenchFleet() {
    }

    static AdapterDeclaration<Map<String, Object>> declaration(String table) {
        return AdapterDeclaration.builder(ItemMapper.documents()).table(table)
                .keys(KeyModel.builder().keyFields("state", "facility", "vin").structuralKey("_sk")
                        .technicalPrefix("_").typeLabels("state", "facility", "vehicle").typeField("kind").build())
                .cascades(true).parentGuard(false).build();
    }

    /** Writes {@code rows} vehicles (and their facilities) under Texas. */
    static void seed(Adapter<Map<String, Object>> fleet, int rows) {
        List<Map<String, Object>> items = new ArrayList<>();
        for (int f = 0; f < FACILITIES; f++) {
            items.add(item("state", "TX", "facility", "F" + f));
        }
        for (int v = 0; v < rows - FACILITIES; v++) {
            items.add(item("state", "TX", "facility", "F" + (v % FACILITIES), "vin", "V%07d".formatted(v),
                    "miles", v, "model", "model " + (v % 97)));
            if (items.size() == 5_000) {
                fleet.putAll(items);
                items.clear();
            }
        }
        fleet.putAll(items);
    }

    private static Map<String, Object> item(Object... pairs) {
        Map<String, Object> item = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            item.put((String) pairs[i], pairs[i + 1]);
        }
        return item;
    }
}
