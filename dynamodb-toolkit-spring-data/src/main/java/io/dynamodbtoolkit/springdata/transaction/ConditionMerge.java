package io.dynamodbtoolkit.springdata.transaction;

import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionCheck;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.Update;

/**
 * ANDs a condition check into another action on the same item, so that a transaction touches the item once: two
 * checks become one, a check of an item the transaction updates joins the update's condition. The check's
 * placeholders are renamed so that they cannot clash with the other action's.
 */
final class ConditionMerge {

    private static final Pattern PLACEHOLDER = Pattern.compile("([#:])([A-Za-z0-9_]+)");

    private ConditionMerge() {
    }

    /** @return whether a check can be merged into this action (another check or an update) */
    static boolean accepts(TransactWriteItem action) {
        return action.conditionCheck() != null || action.update() != null;
    }

    /**
     * @param into  a check or an update
     * @param check the check to AND into it
     * @param round a number distinct per merge into the same action, for the renamed placeholders
     * @return the action with both conditions
     */
    static TransactWriteItem merge(TransactWriteItem into, ConditionCheck check, int round) {
        String prefix = "m" + round + "_";
        Map<String, String> names = new HashMap<>();
        check.expressionAttributeNames().forEach((name, value) -> names.put("#" + prefix + name.substring(1), value));
        Map<String, AttributeValue> values = new HashMap<>();
        check.expressionAttributeValues().forEach((name, value) -> values.put(":" + prefix + name.substring(1), value));
        Matcher matcher = PLACEHOLDER.matcher(check.conditionExpression());
        String renamed = matcher.replaceAll(match -> Matcher.quoteReplacement(match.group(1) + prefix
                + match.group(2)));
        if (into.conditionCheck() != null) {
            ConditionCheck other = into.conditionCheck();
            return TransactWriteItem.builder().conditionCheck(other.toBuilder()
                    .conditionExpression(and(other.conditionExpression(), renamed))
                    .expressionAttributeNames(union(other.expressionAttributeNames(), names))
                    .expressionAttributeValues(union(other.expressionAttributeValues(), values)).build()).build();
        }
        Update update = into.update();
        return TransactWriteItem.builder().update(update.toBuilder()
                .conditionExpression(and(update.conditionExpression(), renamed))
                .expressionAttributeNames(union(update.expressionAttributeNames(), names))
                .expressionAttributeValues(union(update.expressionAttributeValues(), values)).build()).build();
    }

    private static String and(String one, String other) {
        return one == null || one.isEmpty() ? other : "(" + one + ") AND (" + other + ")";
    }

    private static <V> @Nullable Map<String, V> union(Map<String, V> one, Map<String, V> other) {
        Map<String, V> all = new HashMap<>(one);
        all.putAll(other);
        return all.isEmpty() ? null : all;
    }
}
