package io.dynamodbtoolkit.embedded.engine;

import org.jspecify.annotations.Nullable;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * A write whose condition passed and whose new item is computed, ready to commit.
 *
 * @param table    the table
 * @param position the item's position
 * @param before   the item before, or {@code null}
 * @param after    the item after, or {@code null} for a delete; {@code before} for a condition check
 * @param writes   false for a condition check (nothing to write)
 */
record PreparedWrite(Table table, ItemPosition position, @Nullable StoredItem before, @Nullable StoredItem after,
                     boolean writes) {

    /** Writes the item and its index entries, and returns the capacity this consumed. */
    ConsumedCapacity commit() {
        int size = Math.max(before == null ? 0 : before.size(), after == null ? 0 : after.size());
        if (!writes) {
            return ConsumedCapacity.table(table.name(), false, Capacity.readUnits(size, true));
        }
        Map<String, Double> indexUnits = table.write(position, before, after, false);
        Map<String, Double> global = new LinkedHashMap<>();
        Map<String, Double> local = new LinkedHashMap<>();
        indexUnits.forEach((name, units) -> {
            IndexStore index = Objects.requireNonNull(table.index(name), "units are counted per index of the table");
            if (index.definition().global()) {
                global.put(name, units);
            } else {
                local.put(name, units);
            }
        });
        return new ConsumedCapacity(table.name(), true, Capacity.writeUnits(size), global, local);
    }
}
