package io.dynamodbtoolkit.embedded.engine;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Capacity consumed on one table by a request: units on the table itself and on each index.
 *
 * @param tableName   the table
 * @param write       whether these are write units (else read units)
 * @param tableUnits  units on the table
 * @param globalUnits units per global secondary index
 * @param localUnits  units per local secondary index
 */
public record ConsumedCapacity(String tableName, boolean write, double tableUnits, Map<String, Double> globalUnits,
                               Map<String, Double> localUnits) {

    public ConsumedCapacity {
        globalUnits = Map.copyOf(globalUnits);
        localUnits = Map.copyOf(localUnits);
    }

    static ConsumedCapacity table(String tableName, boolean write, double units) {
        return new ConsumedCapacity(tableName, write, units, Map.of(), Map.of());
    }

    /** Table units plus every index's units. */
    public double total() {
        double total = tableUnits;
        for (double units : globalUnits.values()) {
            total += units;
        }
        for (double units : localUnits.values()) {
            total += units;
        }
        return total;
    }

    /** The sum of two consumptions on the same table. */
    public ConsumedCapacity plus(ConsumedCapacity other) {
        return new ConsumedCapacity(tableName, write, tableUnits + other.tableUnits,
                add(globalUnits, other.globalUnits),
                add(localUnits, other.localUnits));
    }

    /** This consumption multiplied (transactions cost twice). */
    public ConsumedCapacity times(double factor) {
        Map<String, Double> global = new LinkedHashMap<>();
        globalUnits.forEach((name, units) -> global.put(name, units * factor));
        Map<String, Double> local = new LinkedHashMap<>();
        localUnits.forEach((name, units) -> local.put(name, units * factor));
        return new ConsumedCapacity(tableName, write, tableUnits * factor, global, local);
    }

    private static Map<String, Double> add(Map<String, Double> a, Map<String, Double> b) {
        Map<String, Double> sum = new LinkedHashMap<>(a);
        b.forEach((name, units) -> sum.merge(name, units, Double::sum));
        return sum;
    }
}
