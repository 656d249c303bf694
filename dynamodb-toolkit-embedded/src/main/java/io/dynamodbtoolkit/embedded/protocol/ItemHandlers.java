package io.dynamodbtoolkit.embedded.protocol;

import io.dynamodbtoolkit.embedded.error.DynamoDbException;
import io.dynamodbtoolkit.embedded.engine.DynamoDbEngine;
import io.dynamodbtoolkit.embedded.engine.ItemRequests;
import io.dynamodbtoolkit.embedded.engine.ReturnValues;
import io.dynamodbtoolkit.embedded.expression.ParsedCondition;
import io.dynamodbtoolkit.embedded.expression.ExpressionKind;
import io.dynamodbtoolkit.embedded.expression.ParsedProjection;
import io.dynamodbtoolkit.embedded.expression.UpdateExpression;
import io.dynamodbtoolkit.embedded.model.AttributeValue;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

import java.util.Map;

/** PutItem, GetItem, UpdateItem, DeleteItem. */
final class ItemHandlers {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final String[] LEGACY_WRITE = {"Expected", "ConditionalOperator", "AttributeUpdates"};

    private final DynamoDbEngine engine;

    ItemHandlers(DynamoDbEngine engine) {
        this.engine = engine;
    }

    void register(Map<String, Operation> operations) {
        operations.put("PutItem", this::putItem);
        operations.put("GetItem", this::getItem);
        operations.put("UpdateItem", this::updateItem);
        operations.put("DeleteItem", this::deleteItem);
    }

    private ObjectNode putItem(JsonRequest request) {
        request.rejectLegacy(LEGACY_WRITE);
        String table = request.tableName();
        Map<String, AttributeValue> item = request.requiredItem("Item", "item");
        ExpressionDecoder expressions = new ExpressionDecoder(request);
        ParsedCondition condition = expressions.condition("ConditionExpression", ExpressionKind.CONDITION);
        expressions.checkAllUsed();
        ReturnValues returnValues = returnValues(request, false);
        String capacity = CapacityEncoder.mode(request);
        ItemRequests.WriteResult result = engine.putItem(new ItemRequests.Put(table, item, condition, returnValues,
                returnOldOnFailure(request)));
        return written(result, capacity);
    }

    private ObjectNode getItem(JsonRequest request) {
        String table = request.tableName();
        Map<String, AttributeValue> key = request.requiredItem("Key", "key");
        ExpressionDecoder expressions = new ExpressionDecoder(request);
        ParsedProjection projection = expressions.projection();
        expressions.checkAllUsed();
        String capacity = CapacityEncoder.mode(request);
        ItemRequests.GetResult result = engine.getItem(new ItemRequests.Get(table, key, projection,
                request.bool("ConsistentRead", false)));
        ObjectNode response = NODES.objectNode();
        if (result.item() != null) {
            response.set("Item", AttributeValueCodec.encodeItem(result.item()));
        }
        CapacityEncoder.addSingle(response, capacity, result.capacity());
        return response;
    }

    private ObjectNode updateItem(JsonRequest request) {
        request.rejectLegacy(LEGACY_WRITE);
        String table = request.tableName();
        Map<String, AttributeValue> key = request.requiredItem("Key", "key");
        ExpressionDecoder expressions = new ExpressionDecoder(request);
        UpdateExpression update = expressions.update();
        ParsedCondition condition = expressions.condition("ConditionExpression", ExpressionKind.CONDITION);
        expressions.checkAllUsed();
        ReturnValues returnValues = returnValues(request, true);
        String capacity = CapacityEncoder.mode(request);
        ItemRequests.WriteResult result = engine.updateItem(new ItemRequests.Update(table, key, update, condition,
                returnValues, returnOldOnFailure(request)));
        return written(result, capacity);
    }

    private ObjectNode deleteItem(JsonRequest request) {
        request.rejectLegacy(LEGACY_WRITE);
        String table = request.tableName();
        Map<String, AttributeValue> key = request.requiredItem("Key", "key");
        ExpressionDecoder expressions = new ExpressionDecoder(request);
        ParsedCondition condition = expressions.condition("ConditionExpression", ExpressionKind.CONDITION);
        expressions.checkAllUsed();
        ReturnValues returnValues = returnValues(request, false);
        String capacity = CapacityEncoder.mode(request);
        ItemRequests.WriteResult result = engine.deleteItem(new ItemRequests.Delete(table, key, condition,
                returnValues, returnOldOnFailure(request)));
        return written(result, capacity);
    }

    private static ObjectNode written(ItemRequests.WriteResult result, String capacity) {
        ObjectNode response = NODES.objectNode();
        if (result.attributes() != null && !result.attributes().isEmpty()) {
            response.set("Attributes", AttributeValueCodec.encodeItem(result.attributes()));
        }
        CapacityEncoder.addSingle(response, capacity, result.capacity());
        return response;
    }

    private static ReturnValues returnValues(JsonRequest request, boolean update) {
        ReturnValues returnValues = request.enumValue("ReturnValues", "returnValues", ReturnValues.class,
                ReturnValues.NONE);
        if (!update && returnValues != ReturnValues.NONE && returnValues != ReturnValues.ALL_OLD) {
            throw DynamoDbException.validation("Return values set to invalid value");
        }
        return returnValues;
    }

    /** Whether ReturnValuesOnConditionCheckFailure is ALL_OLD. */
    static boolean returnOldOnFailure(JsonRequest request) {
        String value = request.string("ReturnValuesOnConditionCheckFailure");
        if (value == null || value.equals("NONE")) {
            return false;
        }
        if (value.equals("ALL_OLD")) {
            return true;
        }
        throw DynamoDbException.validation("1 validation error detected: Value '" + value + "' at"
                + " 'returnValuesOnConditionCheckFailure' failed to satisfy constraint: Member must satisfy enum value"
                + " set: [ALL_OLD, NONE]");
    }
}
