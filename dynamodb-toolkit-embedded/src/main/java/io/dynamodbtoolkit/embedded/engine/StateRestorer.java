package io.dynamodbtoolkit.embedded.engine;

import io.dynamodbtoolkit.embedded.model.AttributeValue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Applies a saved state (a snapshot, then a log) to the catalog, quietly: no capacity, no validation beyond the
 * key, no stream records and no listener told. Used before the engine serves any request.
 */
final class StateRestorer implements StateListener {

    private final Catalog catalog;

    StateRestorer(Catalog catalog) {
        this.catalog = catalog;
    }

    @Override
    public void tableSaved(TableMetadata metadata) {
        catalog.write(() -> {
            EngineTableDefinition definition = metadata.definition();
            Table table = catalog.find(definition.name());
            if (table == null) {
                table = new Table(definition, catalog.changes());
                catalog.tables().put(definition.name(), table);
            } else {
                reconcileGlobalIndexes(table, definition);
            }
            table.redefine(definition);
            table.timeToLive(metadata.timeToLive());
            table.tags().clear();
            table.tags().putAll(metadata.tags());
            restoreStream(table, metadata.stream());
            return null;
        });
    }

    private static void reconcileGlobalIndexes(Table table, EngineTableDefinition definition) {
        List<String> removed = new ArrayList<>();
        for (IndexDefinition index : table.definition().globalIndexes()) {
            if (definition.index(index.name()) == null) {
                removed.add(index.name());
            }
        }
        for (String name : removed) {
            table.removeGlobalIndex(name, table.definition());
        }
        for (IndexDefinition index : definition.globalIndexes()) {
            if (table.index(index.name()) == null) {
                table.addGlobalIndex(index, table.definition());
            }
        }
    }

    private void restoreStream(Table table, StreamSpecification stream) {
        TableStream current = table.latestStream();
        boolean enabled = current != null && current.enabled();
        if (stream.enabled() && (current == null || !enabled || current.viewType() != stream.viewType())) {
            catalog.streams().disable(table);
            catalog.streams().enable(table, stream.requiredViewType());
        } else if (!stream.enabled() && enabled) {
            catalog.streams().disable(table);
        }
    }

    @Override
    public void tableDropped(String tableName) {
        catalog.write(() -> {
            Table table = catalog.tables().remove(tableName);
            if (table != null) {
                catalog.streams().disable(table);
            }
            return null;
        });
    }

    @Override
    public void itemSaved(String tableName, Map<String, AttributeValue> item) {
        catalog.write(() -> {
            Table table = catalog.require(tableName);
            ItemPosition position = table.positionOf(item);
            table.apply(position, table.get(position), StoredItem.of(item));
            return null;
        });
    }

    @Override
    public void itemDropped(String tableName, Map<String, AttributeValue> key) {
        catalog.write(() -> {
            Table table = catalog.require(tableName);
            ItemPosition position = table.positionOf(key);
            StoredItem before = table.get(position);
            if (before != null) {
                table.apply(position, before, null);
            }
            return null;
        });
    }

    @Override
    public void committed() {
        // each event is applied as it comes
    }
}
