package io.dynamodbtoolkit.boot.autoconfigure.metrics;

import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which adapters work on which table, so that a DynamoDB call seen by the client can be attributed to its adapter.
 * Filled as adapter beans are created; thread-safe.
 */
public final class AdapterTables {

    private final Map<String, Set<String>> adaptersByTable = new ConcurrentHashMap<>();

    /**
     * @param adapter the adapter's name
     * @param table   its table
     */
    public void register(String adapter, String table) {
        adaptersByTable.compute(table, (key, names) -> {
            Set<String> updated = names == null ? new TreeSet<>() : new TreeSet<>(names);
            updated.add(adapter);
            return Set.copyOf(updated);
        });
    }

    /**
     * @param table a table
     * @return the adapters of a table, joined with commas in name order, or empty when no adapter uses it
     */
    public Optional<String> adaptersOf(String table) {
        Set<String> names = adaptersByTable.get(table);
        return names == null ? Optional.empty() : Optional.of(String.join(",", new TreeSet<>(names)));
    }
}
