package io.dynamodbtoolkit.embedded.protocol;

import io.dynamodbtoolkit.embedded.engine.DynamoDbEngine;
import io.dynamodbtoolkit.embedded.engine.ItemRequests;
import io.dynamodbtoolkit.embedded.engine.ReturnValues;
import io.dynamodbtoolkit.embedded.engine.TransactionRequests;
import io.dynamodbtoolkit.embedded.error.DynamoDbException;
import io.dynamodbtoolkit.embedded.expression.ParsedCondition;
import io.dynamodbtoolkit.embedded.expression.ParsedProjection;
import io.dynamodbtoolkit.embedded.expression.UpdateExpression;
import io.dynamodbtoolkit.embedded.model.AttributeValue;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** TransactWriteItems and TransactGetItems. */
final class TransactionHandlers {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final int MAX_TOKEN_LENGTH = 36;

    private final DynamoDbEngine engine;

    TransactionHandlers(DynamoDbEngine engine) {
        this.engine = engine;
    }

    void register(Map<String, Operation> operations) {
        operations.put("TransactWriteItems", this::transactWriteItems);
        operations.put("TransactGetItems", this::transactGetItems);
    }

    private ObjectNode transactWriteItems(JsonRequest request) {
        List<TransactionRequests.WriteAction> actions = new ArrayList<>();
        for (JsonRequest item : request.objects("TransactItems")) {
            actions.add(action(item));
        }
        String token = request.string("ClientRequestToken");
        if (token != null && (token.isEmpty() || token.length() > MAX_TOKEN_LENGTH)) {
            throw DynamoDbException.validation("1 validation error detected: Value '" + token + "' at"
                    + " 'clientRequestToken' failed to satisfy constraint: Member must have length less than or equal"
                    + " to 36");
        }
        String capacity = CapacityEncoder.mode(request);
        TransactionRequests.WriteResult result = engine.transactWriteItems(new TransactionRequests.Write(actions,
                token, Fingerprints.of(request.node().get("TransactItems"))));
        ObjectNode response = NODES.objectNode();
        CapacityEncoder.addList(response, capacity, result.capacity());
        return response;
    }

    private static TransactionRequests.WriteAction action(JsonRequest item) {
        int kinds = (item.has("ConditionCheck") ? 1 : 0) + (item.has("Put") ? 1 : 0) + (item.has("Update") ? 1 : 0)
                + (item.has("Delete") ? 1 : 0);
        if (kinds != 1) {
            throw DynamoDbException.validation("TransactItems can only contain one of Check, Put, Update or Delete");
        }
        JsonRequest check = item.object("ConditionCheck");
        if (check != null) {
            String table = check.tableName();
            Map<String, AttributeValue> key = check.requiredItem("Key", "key");
            ExpressionDecoder expressions = new ExpressionDecoder(check, ExpressionParameters.TRANSACT_CONDITION);
            ParsedCondition condition = expressions.condition();
            if (condition == null) {
                throw DynamoDbException.validation("1 validation error detected: Value null at"
                        + " 'transactItems.1.member.conditionCheck.conditionExpression' failed to satisfy constraint:"
                        + " Member must not be null");
            }
            expressions.checkAllUsed();
            return new TransactionRequests.WriteAction(new ItemRequests.Check(table, key, condition,
                    ItemHandlers.returnOldOnFailure(check)), null, null, null);
        }
        JsonRequest put = item.object("Put");
        if (put != null) {
            String table = put.tableName();
            Map<String, AttributeValue> value = put.requiredItem("Item", "item");
            ExpressionDecoder expressions = new ExpressionDecoder(put, ExpressionParameters.TRANSACT_CONDITION);
            ParsedCondition condition = expressions.condition();
            expressions.checkAllUsed();
            return new TransactionRequests.WriteAction(null, new ItemRequests.Put(table, value, condition,
                    ReturnValues.NONE, ItemHandlers.returnOldOnFailure(put)), null, null);
        }
        JsonRequest update = item.object("Update");
        if (update != null) {
            String table = update.tableName();
            Map<String, AttributeValue> key = update.requiredItem("Key", "key");
            ExpressionDecoder expressions = new ExpressionDecoder(update, ExpressionParameters.TRANSACT_UPDATE);
            UpdateExpression expression = expressions.update();
            if (expression == null) {
                throw DynamoDbException.validation("1 validation error detected: Value null at"
                        + " 'transactItems.1.member.update.updateExpression' failed to satisfy constraint: Member must"
                        + " not be null");
            }
            ParsedCondition condition = expressions.condition();
            expressions.checkAllUsed();
            return new TransactionRequests.WriteAction(null, null, new ItemRequests.Update(table, key, expression,
                    condition, ReturnValues.NONE, ItemHandlers.returnOldOnFailure(update)), null);
        }
        JsonRequest delete = Objects.requireNonNull(item.object("Delete"), "the one action left is a Delete");
        String table = delete.tableName();
        Map<String, AttributeValue> key = delete.requiredItem("Key", "key");
        ExpressionDecoder expressions = new ExpressionDecoder(delete, ExpressionParameters.TRANSACT_CONDITION);
        ParsedCondition condition = expressions.condition();
        expressions.checkAllUsed();
        return new TransactionRequests.WriteAction(null, null, null, new ItemRequests.Delete(table, key, condition,
                ReturnValues.NONE, ItemHandlers.returnOldOnFailure(delete)));
    }

    private ObjectNode transactGetItems(JsonRequest request) {
        List<TransactionRequests.Get> gets = new ArrayList<>();
        for (JsonRequest item : request.objects("TransactItems")) {
            JsonRequest get = item.object("Get");
            if (get == null) {
                throw DynamoDbException.validation("1 validation error detected: Value null at"
                        + " 'transactItems.1.member.get' failed to satisfy constraint: Member must not be null");
            }
            String table = get.tableName();
            Map<String, AttributeValue> key = get.requiredItem("Key", "key");
            ExpressionDecoder expressions = new ExpressionDecoder(get, ExpressionParameters.TRANSACT_GET);
            ParsedProjection projection = expressions.projection();
            expressions.checkAllUsed();
            gets.add(new TransactionRequests.Get(table, key, projection));
        }
        String capacity = CapacityEncoder.mode(request);
        TransactionRequests.GetResult result = engine.transactGetItems(gets);
        ObjectNode response = NODES.objectNode();
        addResponses(response, result.items());
        CapacityEncoder.addList(response, capacity, result.capacity());
        return response;
    }

    /** {@code "Responses": [{"Item": ...}, {}, ...]}: one entry per read of a transaction, empty for no item. */
    static void addResponses(ObjectNode response, List<@Nullable Map<String, AttributeValue>> items) {
        ArrayNode responses = response.putArray("Responses");
        for (Map<String, AttributeValue> item : items) {
            ObjectNode entry = responses.addObject();
            if (item != null) {
                entry.set("Item", AttributeValueCodec.encodeItem(item));
            }
        }
    }
}
