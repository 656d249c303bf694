package io.dynamodbtoolkit.embedded.protocol;

import io.dynamodbtoolkit.embedded.error.DynamoDbException;
import io.dynamodbtoolkit.embedded.engine.DynamoDbEngine;
import io.dynamodbtoolkit.embedded.engine.ReadRequests;
import io.dynamodbtoolkit.embedded.engine.Select;
import io.dynamodbtoolkit.embedded.expression.ParsedCondition;
import io.dynamodbtoolkit.embedded.expression.ConditionAttributes;
import io.dynamodbtoolkit.embedded.expression.ExpressionKind;
import io.dynamodbtoolkit.embedded.expression.KeyTerm;
import io.dynamodbtoolkit.embedded.expression.ParsedProjection;
import io.dynamodbtoolkit.embedded.model.AttributeValue;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

import java.util.List;
import java.util.Map;

/** Query and Scan. */
final class ReadHandlers {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final DynamoDbEngine engine;

    ReadHandlers(DynamoDbEngine engine) {
        this.engine = engine;
    }

    void register(Map<String, Operation> operations) {
        operations.put("Query", this::query);
        operations.put("Scan", this::scan);
    }

    private ObjectNode query(JsonRequest request) {
        request.rejectLegacy("KeyConditions", "QueryFilter", "ConditionalOperator");
        String table = request.tableName();
        String index = request.indexName();
        if (!request.has("KeyConditionExpression")) {
            throw DynamoDbException.validation(
                    "Either the KeyConditions or KeyConditionExpression parameter must be specified in the request.");
        }
        ExpressionDecoder expressions = new ExpressionDecoder(request);
        ParsedCondition keyCondition = expressions.condition("KeyConditionExpression", ExpressionKind.KEY_CONDITION);
        ParsedCondition filter = expressions.condition("FilterExpression", ExpressionKind.FILTER);
        ParsedProjection projection = expressions.projection();
        expressions.checkAllUsed();
        List<KeyTerm> terms = KeyTerm.decompose(keyCondition);
        Select select = request.enumValue("Select", "select", Select.class, null);
        String capacity = CapacityEncoder.mode(request);
        ReadRequests.Page page = engine.query(new ReadRequests.Query(table, index, terms, filter,
                ConditionAttributes.topLevelNames(filter), projection, select, request.integer("Limit"),
                request.item("ExclusiveStartKey"), request.bool("ScanIndexForward", true),
                request.bool("ConsistentRead", false)));
        return page(page, select, capacity);
    }

    private ObjectNode scan(JsonRequest request) {
        request.rejectLegacy("ScanFilter", "ConditionalOperator");
        String table = request.tableName();
        String index = request.indexName();
        ExpressionDecoder expressions = new ExpressionDecoder(request);
        ParsedCondition filter = expressions.condition("FilterExpression", ExpressionKind.FILTER);
        ParsedProjection projection = expressions.projection();
        expressions.checkAllUsed();
        Select select = request.enumValue("Select", "select", Select.class, null);
        String capacity = CapacityEncoder.mode(request);
        ReadRequests.Page page = engine.scan(new ReadRequests.Scan(table, index, filter, projection, select,
                request.integer("Limit"), request.item("ExclusiveStartKey"), request.bool("ConsistentRead", false),
                request.integer("Segment"), request.integer("TotalSegments")));
        return page(page, select, capacity);
    }

    private static ObjectNode page(ReadRequests.Page page, Select select, String capacity) {
        ObjectNode response = NODES.objectNode();
        if (select != Select.COUNT) {
            ArrayNode items = response.putArray("Items");
            for (Map<String, AttributeValue> item : page.items()) {
                items.add(AttributeValueCodec.encodeItem(item));
            }
        }
        response.put("Count", page.count());
        response.put("ScannedCount", page.scannedCount());
        if (page.lastEvaluatedKey() != null) {
            response.set("LastEvaluatedKey", AttributeValueCodec.encodeItem(page.lastEvaluatedKey()));
        }
        CapacityEncoder.addSingle(response, capacity, page.capacity());
        return response;
    }
}
