package io.dynamodbtoolkit.sample.rentals;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.dynamodbtoolkit.expression.AttributeValues;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * The one TransactWriteItems a transaction sent, as the page shows it: each action's kind, item key and expressions.
 *
 * @param actions the actions, in the order sent
 */
public record SentTransaction(List<Action> actions) {

    /**
     * One action.
     *
     * @param kind      Put, Update, Delete or ConditionCheck
     * @param key       the item's key, as people read it
     * @param update    the update expression, for an Update
     * @param condition the condition expression, when there is one
     */
    public record Action(String kind, String key, String update, String condition) {
    }

    /** @return the actions described */
    public static SentTransaction of(List<TransactWriteItem> items) {
        return new SentTransaction(items.stream().map(SentTransaction::describe).toList());
    }

    private static Action describe(TransactWriteItem item) {
        if (item.put() != null) {
            Map<String, AttributeValue> key = new LinkedHashMap<>();
            key.put("state", item.put().item().get("state"));
            key.put("_sk", item.put().item().get("_sk"));
            return new Action("Put", AttributeValues.showKey(key), null, item.put().conditionExpression());
        }
        if (item.update() != null) {
            return new Action("Update", AttributeValues.showKey(item.update().key()), item.update().updateExpression(),
                    item.update().conditionExpression());
        }
        if (item.delete() != null) {
            return new Action("Delete", AttributeValues.showKey(item.delete().key()), null,
                    item.delete().conditionExpression());
        }
        return new Action("ConditionCheck", AttributeValues.showKey(item.conditionCheck().key()), null,
                item.conditionCheck().conditionExpression());
    }
}
