package io.dynamodbtoolkit.embedded.engine;

import io.dynamodbtoolkit.embedded.model.AttributeValue;
import org.jspecify.annotations.Nullable;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The entries of one secondary index, kept sorted by index key then table key. Items lacking an index key
 * attribute are not in the index (sparse indexes).
 */
final class IndexStore {

    private final IndexDefinition definition;
    private final KeySchema tableKey;
    private final SortedStore store = new SortedStore();

    IndexStore(IndexDefinition definition, KeySchema tableKey) {
        this.definition = definition;
        this.tableKey = tableKey;
    }

    IndexDefinition definition() {
        return definition;
    }

    SortedStore store() {
        return store;
    }

    /** The item's place in the index, or {@code null} when an index key attribute is missing or mistyped. */
    @Nullable ItemPosition positionOf(Map<String, AttributeValue> item) {
        List<AttributeValue> partition = new ArrayList<>();
        for (KeyAttributeDefinition attribute : definition.keySchema().hashKeys()) {
            AttributeValue value = item.get(attribute.name());
            if (value == null || value.type() != attribute.type()) {
                return null;
            }
            partition.add(value);
        }
        List<AttributeValue> sort = new ArrayList<>();
        for (KeyAttributeDefinition attribute : definition.keySchema().rangeKeys()) {
            AttributeValue value = item.get(attribute.name());
            if (value == null || value.type() != attribute.type()) {
                return null;
            }
            sort.add(value);
        }
        for (KeyAttributeDefinition attribute : tableKey.all()) {
            sort.add(item.get(attribute.name()));
        }
        return new ItemPosition(PartitionKey.of(partition), KeyTuple.of(sort));
    }

    /** The index entry for a table item: the projected attributes. */
    StoredItem project(StoredItem item) {
        if (definition.projectionType() == ProjectionType.ALL) {
            return item;
        }
        Map<String, AttributeValue> projected = new LinkedHashMap<>();
        for (Map.Entry<String, AttributeValue> attribute : item.attributes().entrySet()) {
            String name = attribute.getKey();
            if (tableKey.contains(name) || definition.keySchema().contains(name)
                    || (definition.projectionType() == ProjectionType.INCLUDE
                    && definition.nonKeyAttributes().contains(name))) {
                projected.put(name, attribute.getValue());
            }
        }
        return StoredItem.of(projected);
    }

    /** Whether the attribute is in this index's entries. */
    boolean projects(String attributeName) {
        return definition.projectionType() == ProjectionType.ALL || tableKey.contains(attributeName)
                || definition.keySchema().contains(attributeName)
                || definition.nonKeyAttributes().contains(attributeName);
    }

    /**
     * Replaces the entry of an item that changed from {@code before} to {@code after} (either may be null) and
     * returns the write units this cost the index.
     */
    double apply(@Nullable StoredItem before, @Nullable StoredItem after) {
        ItemPosition oldPosition = before == null ? null : positionOf(before.attributes());
        ItemPosition newPosition = after == null ? null : positionOf(after.attributes());
        StoredItem oldEntry = oldPosition == null ? null : store.remove(oldPosition.partition(), oldPosition.sort());
        StoredItem newEntry = null;
        if (after != null && newPosition != null) {
            newEntry = project(after);
            store.put(newPosition.partition(), newPosition.sort(), newEntry);
        }
        if (oldEntry == null) {
            return newEntry == null ? 0 : Capacity.writeUnits(newEntry.size());
        }
        if (newEntry == null) {
            return Capacity.writeUnits(oldEntry.size());
        }
        if (Objects.equals(oldPosition, newPosition)) {
            return oldEntry.attributes().equals(newEntry.attributes()) ? 0
                    : Capacity.writeUnits(Math.max(oldEntry.size(), newEntry.size()));
        }
        return Capacity.writeUnits(oldEntry.size()) + Capacity.writeUnits(newEntry.size());
    }
}
