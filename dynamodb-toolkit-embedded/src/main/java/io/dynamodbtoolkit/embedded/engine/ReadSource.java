package io.dynamodbtoolkit.embedded.engine;

import io.dynamodbtoolkit.embedded.error.DynamoDbException;
import io.dynamodbtoolkit.embedded.expression.ParsedProjection;
import io.dynamodbtoolkit.embedded.model.AttributeValue;
import org.jspecify.annotations.Nullable;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a Query or Scan reads: the table itself or one of its indexes, how its entries become answered items
 * (projection, Select, fetching from the table for local indexes) and how positions map to keys.
 */
final class ReadSource {

    private final Table table;
    private final @Nullable IndexStore index;
    private final Select select;
    private final @Nullable ParsedProjection projection;
    private final boolean fetchFromTable;

    private ReadSource(Table table, @Nullable IndexStore index, Select select, @Nullable ParsedProjection projection,
            boolean fetchFromTable) {
        this.table = table;
        this.index = index;
        this.select = select;
        this.projection = projection;
        this.fetchFromTable = fetchFromTable;
    }

    static ReadSource resolve(Table table, @Nullable String indexName, @Nullable Select requested,
                              @Nullable ParsedProjection projection,
                              boolean consistentRead, List<String> extraAttributes) {
        IndexStore index = null;
        if (indexName != null) {
            index = table.index(indexName);
            if (index == null) {
                throw DynamoDbException.validation("The table does not have the specified index: " + indexName);
            }
            if (index.definition().global() && consistentRead) {
                throw DynamoDbException.validation("Consistent reads are not supported on global secondary indexes");
            }
        }
        Select select = requested;
        if (select == null) {
            select = projection != null ? Select.SPECIFIC_ATTRIBUTES
                    : index != null ? Select.ALL_PROJECTED_ATTRIBUTES : Select.ALL_ATTRIBUTES;
        }
        if (projection != null && select != Select.SPECIFIC_ATTRIBUTES) {
            throw DynamoDbException.validation("Cannot specify the " + projection.parameterName()
                    + " when choosing to get "
                    + (select == Select.COUNT ? "only the Count" : select.name()));
        }
        if (select == Select.ALL_PROJECTED_ATTRIBUTES && index == null) {
            throw DynamoDbException.invalidParameter(
                    "Select type ALL_PROJECTED_ATTRIBUTES is supported only when using an index");
        }
        boolean fetch = false;
        if (index != null && select == Select.ALL_ATTRIBUTES
                && index.definition().projectionType() != ProjectionType.ALL) {
            if (index.definition().global()) {
                throw DynamoDbException.invalidParameter("Select type ALL_ATTRIBUTES is not supported for global "
                        + "secondary index " + indexName + " because its projection type is not ALL");
            }
            fetch = true;
        }
        if (index != null && !index.definition().global() && !fetch) {
            List<String> needed = new java.util.ArrayList<>(extraAttributes);
            if (projection != null) {
                needed.addAll(projection.topLevelNames());
            }
            for (String attribute : needed) {
                fetch |= !index.projects(attribute);
            }
        }
        return new ReadSource(table, index, select, projection, fetch);
    }

    Table table() {
        return table;
    }

    @Nullable IndexStore index() {
        return index;
    }

    SortedStore store() {
        return index == null ? table.items() : index.store();
    }

    KeySchema keySchema() {
        return index == null ? table.definition().keySchema() : index.definition().keySchema();
    }

    boolean countOnly() {
        return select == Select.COUNT;
    }

    /** The attributes an entry shows to filters: the entry itself, or the table item for local-index fetches. */
    StoredItem visible(StoredItem entry) {
        if (!fetchFromTable) {
            return entry;
        }
        StoredItem item = table.get(table.positionOf(entry.attributes()));
        return item == null ? entry : item;
    }

    boolean fetchesFromTable() {
        return fetchFromTable;
    }

    /** The answered form of a (visible) item. */
    Map<String, AttributeValue> answer(StoredItem visible) {
        return projection == null ? visible.attributes() : projection.apply(visible.attributes());
    }

    /** The position of an ExclusiveStartKey in this source's store, validated. */
    ItemPosition startPosition(Map<String, AttributeValue> startKey) {
        Map<String, AttributeValue> tableKey = new LinkedHashMap<>();
        for (KeyAttributeDefinition attribute : table.definition().keySchema().all()) {
            AttributeValue value = startKey.get(attribute.name());
            if (value == null || value.type() != attribute.type()) {
                throw invalidStartKey();
            }
            tableKey.put(attribute.name(), value);
        }
        if (index == null) {
            if (startKey.size() != tableKey.size()) {
                throw invalidStartKey();
            }
            return table.positionOf(startKey);
        }
        ItemPosition position = index.positionOf(startKey);
        if (position == null) {
            throw invalidStartKey();
        }
        return position;
    }

    /** The LastEvaluatedKey for an entry: table key plus index key attributes. */
    Map<String, AttributeValue> keyOf(StoredItem entry) {
        Map<String, AttributeValue> key = new LinkedHashMap<>(table.keyOf(entry.attributes()));
        if (index != null) {
            for (KeyAttributeDefinition attribute : index.definition().keySchema().all()) {
                key.put(attribute.name(), entry.attributes().get(attribute.name()));
            }
        }
        return key;
    }

    /** The consumed capacity for reading this many bytes of entries plus table fetches. */
    ConsumedCapacity capacity(long entryBytes, double fetchUnits, boolean consistentRead) {
        double units = Capacity.readUnits(entryBytes, consistentRead);
        if (index == null) {
            return ConsumedCapacity.table(table.name(), false, units);
        }
        Map<String, Double> indexUnits = Map.of(index.definition().name(), units);
        return index.definition().global()
                ? new ConsumedCapacity(table.name(), false, fetchUnits, indexUnits, Map.of())
                : new ConsumedCapacity(table.name(), false, fetchUnits, Map.of(), indexUnits);
    }

    private static DynamoDbException invalidStartKey() {
        return DynamoDbException.validation(
                "The provided starting key is invalid: The provided key element does not match the schema");
    }
}
