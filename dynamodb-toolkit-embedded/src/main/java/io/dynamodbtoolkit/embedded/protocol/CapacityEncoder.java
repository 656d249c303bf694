package io.dynamodbtoolkit.embedded.protocol;

import io.dynamodbtoolkit.embedded.engine.ConsumedCapacity;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

import java.util.List;
import java.util.Map;

/** Writes ConsumedCapacity as ReturnConsumedCapacity asks: nothing, TOTAL, or INDEXES (with the breakdown). */
final class CapacityEncoder {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private CapacityEncoder() {
    }

    /** The mode requested: NONE, TOTAL or INDEXES. */
    static String mode(JsonRequest request) {
        String mode = request.string("ReturnConsumedCapacity");
        if (mode == null) {
            return "NONE";
        }
        if (!mode.equals("NONE") && !mode.equals("TOTAL") && !mode.equals("INDEXES")) {
            throw io.dynamodbtoolkit.embedded.error.DynamoDbException.validation("1 validation error detected: Value '"
                    + mode + "' at 'returnConsumedCapacity' failed to satisfy constraint: Member must satisfy enum "
                    + "value"
                    + " set: [INDEXES, TOTAL, NONE]");
        }
        return mode;
    }

    /** Adds {@code "ConsumedCapacity": {...}} for a single-table operation. */
    static void addSingle(ObjectNode response, String mode, @Nullable ConsumedCapacity capacity) {
        if (!mode.equals("NONE") && capacity != null) {
            response.set("ConsumedCapacity", encode(mode, capacity));
        }
    }

    /** Adds {@code "ConsumedCapacity": [...]} for a multi-table operation. */
    static void addList(ObjectNode response, String mode, List<ConsumedCapacity> capacities) {
        if (mode.equals("NONE")) {
            return;
        }
        ArrayNode array = response.putArray("ConsumedCapacity");
        for (ConsumedCapacity capacity : capacities) {
            array.add(encode(mode, capacity));
        }
    }

    private static ObjectNode encode(String mode, ConsumedCapacity capacity) {
        ObjectNode node = NODES.objectNode();
        node.put("TableName", capacity.tableName());
        units(node, capacity.write(), capacity.total());
        if (mode.equals("INDEXES")) {
            units(node.putObject("Table"), capacity.write(), capacity.tableUnits());
            indexes(node, "GlobalSecondaryIndexes", capacity.write(), capacity.globalUnits());
            indexes(node, "LocalSecondaryIndexes", capacity.write(), capacity.localUnits());
        }
        return node;
    }

    private static void indexes(ObjectNode node, String field, boolean write, Map<String, Double> units) {
        if (units.isEmpty()) {
            return;
        }
        ObjectNode indexes = node.putObject(field);
        units.forEach((name, value) -> units(indexes.putObject(name), write, value));
    }

    private static void units(ObjectNode node, boolean write, double units) {
        node.put("CapacityUnits", units);
        node.put(write ? "WriteCapacityUnits" : "ReadCapacityUnits", units);
    }
}
