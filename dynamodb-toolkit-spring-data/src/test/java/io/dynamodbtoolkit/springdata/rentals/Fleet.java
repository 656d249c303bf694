package io.dynamodbtoolkit.springdata.rentals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.adapter.ItemMapper;
import io.dynamodbtoolkit.index.IndexDeclaration;
import io.dynamodbtoolkit.index.IndexProjection;
import io.dynamodbtoolkit.index.MarkerKeyPart;
import io.dynamodbtoolkit.index.Membership;

/**
 * The rentals hierarchy with a sharded marker index of vehicles: {@code all-vehicles} keys each vehicle by a
 * marker spread over 16 shards (a stable hash of its vin) and sorts by vin; it projects the make only, so whole
 * vehicles are read back from the table. Listing the tier fans out one Query per shard, merged in vin order under
 * one cursor.
 */
public final class Fleet {

    /** The adapter name repositories bind to. */
    public static final String ADAPTER = "fleet";
    /** How many shards the marker spreads over. */
    public static final int SHARDS = 16;

    private Fleet() {
    }

    /** @return the declaration of a fleet table */
    public static AdapterDeclaration<Map<String, Object>> declaration(String table) {
        return AdapterDeclaration.builder(ItemMapper.documents()).name(ADAPTER).table(table).keys(Rentals.KEYS)
                .indexes(IndexDeclaration.global("all-vehicles")
                        .partition(MarkerKeyPart.sharded("_vehicleMarker", "Y", SHARDS, List.of("vin")))
                        .sortKey("vin").projection(IndexProjection.include("make"))
                        .membership(Membership.types("vehicle")).build())
                .build();
    }

    /** @return 3 states, 2 facilities each, 10 vehicles each (vins {@code V<state><facility><nn>}, e.g. V1005) */
    public static List<RentalRow> rows() {
        List<RentalRow> rows = new ArrayList<>();
        for (int s = 0; s < 3; s++) {
            String state = "S" + s;
            rows.add(new State(state, "State " + s, null));
            for (int f = 0; f < 2; f++) {
                String facility = "F" + f;
                rows.add(new Facility(state, facility, "City " + s + f, null, null));
                for (int v = 0; v < 10; v++) {
                    rows.add(Vehicle.of(state, facility, String.format("V%d%d%02d", s, f, v), "M" + (v % 3),
                            Vehicle.Color.WHITE, "40.00"));
                }
            }
        }
        return rows;
    }
}
