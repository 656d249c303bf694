package io.dynamodbtoolkit.sample.batch;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.KeySeek;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.key.SubtreeQuery;

/**
 * Rentals in volume for the batch mode: a state with 10 facilities ({@code F00} to {@code F09}) and vehicles spread
 * over them, written with batched puts; and the count of a state's rows, read key by key.
 */
final class BulkRentals {

    /** The facilities a seeded state has: the move's partitions are the state's row and one per facility. */
    static final int FACILITIES = 10;

    private static final int ROWS_PER_PUT = 1_000;
    private static final int KEYS_PER_READ = 1_000;

    private final Adapter<Map<String, Object>> rentals;

    /** @param rentals the rentals adapter */
    BulkRentals(Adapter<Map<String, Object>> rentals) {
        this.rentals = rentals;
    }

    /** @return whether the state's own row exists */
    boolean hasState(String state) {
        return rentals.get(KeyValues.of("state", state)).isPresent();
    }

    /**
     * Writes a state's row, its 10 facilities and {@code vehicles} vehicles spread over them.
     *
     * @return the rows written
     */
    int seed(String state, int vehicles) {
        List<Map<String, Object>> rows = new ArrayList<>();
        rows.add(Map.of("state", state, "name", "Seeded " + state));
        for (int f = 0; f < FACILITIES; f++) {
            rows.add(Map.of("state", state, "facility", facility(f), "city", "City " + f, "vehicles",
                    vehicles / FACILITIES + (f < vehicles % FACILITIES ? 1 : 0)));
        }
        for (int v = 0; v < vehicles; v++) {
            rows.add(Map.of("state", state, "facility", facility(v % FACILITIES), "vin", String.format("VIN%08d", v),
                    "make", "Make " + v % 7, "model", "Model " + v % 13, "dailyRate", BigDecimal.valueOf(40 + v % 60)));
        }
        for (int from = 0; from < rows.size(); from += ROWS_PER_PUT) {
            rentals.putAll(rows.subList(from, Math.min(rows.size(), from + ROWS_PER_PUT)));
        }
        return rows.size();
    }

    /** @return the rows of a state's subtree (its own row included), counted key by key, strongly consistent */
    long count(String state) {
        KeySeek keys = rentals.stored().seekKeys(rentals.plan(SubtreeQuery.selfAndDescendants(
                KeyValues.of("state", state))), true);
        long rows = 0;
        for (KeySeek.Position at = KeySeek.Position.START; at != null; ) {
            KeySeek.Page page = keys.read(at, KEYS_PER_READ);
            rows += page.items().size();
            at = page.next();
        }
        return rows;
    }

    private static String facility(int index) {
        return String.format("F%02d", index);
    }
}
