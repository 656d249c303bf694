package io.dynamodbtoolkit.embedded.persistence;

import io.dynamodbtoolkit.embedded.engine.StateListener;
import io.dynamodbtoolkit.embedded.engine.TableMetadata;
import io.dynamodbtoolkit.embedded.model.AttributeValue;

import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Passes a saved state on to the engine, noting the tables it defines; once {@linkplain #skipLostTables() told to},
 * it skips and counts the item changes of tables it was never told of: after a damaged snapshot was cut short on
 * recovery, the log may change items of tables whose definitions were in the part dropped.
 */
final class LostTableFilter implements StateListener {

    private final StateListener target;
    private final Set<String> tables = new HashSet<>();
    private boolean skipping;
    private long skipped;

    LostTableFilter(StateListener target) {
        this.target = target;
    }

    /** From now on, skip the item changes of tables not defined so far. */
    void skipLostTables() {
        skipping = true;
    }

    /** How many item changes were skipped. */
    long skipped() {
        return skipped;
    }

    @Override
    public void tableSaved(TableMetadata table) {
        tables.add(table.definition().name());
        target.tableSaved(table);
    }

    @Override
    public void tableDropped(String tableName) {
        tables.remove(tableName);
        target.tableDropped(tableName);
    }

    @Override
    public void itemSaved(String tableName, Map<String, AttributeValue> item) {
        if (lost(tableName)) {
            skipped++;
        } else {
            target.itemSaved(tableName, item);
        }
    }

    @Override
    public void itemDropped(String tableName, Map<String, AttributeValue> key) {
        if (lost(tableName)) {
            skipped++;
        } else {
            target.itemDropped(tableName, key);
        }
    }

    private boolean lost(String tableName) {
        return skipping && !tables.contains(tableName);
    }

    @Override
    public void committed() {
        target.committed();
    }
}
