package io.dynamodbtoolkit.embedded.engine;

import io.dynamodbtoolkit.embedded.error.DynamoDbException;
import io.dynamodbtoolkit.embedded.expression.ParsedCondition;
import io.dynamodbtoolkit.embedded.expression.DocumentPath;
import io.dynamodbtoolkit.embedded.expression.UpdateExpression;
import io.dynamodbtoolkit.embedded.model.AttributeValue;
import org.jspecify.annotations.Nullable;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Validates a write, checks its condition against the current item and computes the new item, without writing:
 * single-item operations commit the result at once, transactions only once every action is prepared.
 * Call under the catalog's write lock.
 */
final class WritePreparer {

    private WritePreparer() {
    }

    static PreparedWrite put(Table table, Map<String, AttributeValue> item, @Nullable ParsedCondition condition,
                             boolean returnOldOnFailure) {
        ItemValidator.validateItem(table.definition(), item);
        ItemPosition position = table.positionOf(item);
        StoredItem before = table.get(position);
        check(condition, before, returnOldOnFailure);
        return new PreparedWrite(table, position, before, StoredItem.of(item), true);
    }

    static PreparedWrite update(Table table, Map<String, AttributeValue> key, @Nullable UpdateExpression update,
                                @Nullable ParsedCondition condition, boolean returnOldOnFailure) {
        ItemValidator.validateKey(table.definition(), key);
        if (update != null) {
            for (DocumentPath path : update.paths()) {
                if (table.definition().keySchema().contains(path.topLevelName())) {
                    throw DynamoDbException.invalidParameter("Cannot update attribute " + path.topLevelName()
                            + ". This attribute is part of the key");
                }
            }
        }
        ItemPosition position = table.positionOf(key);
        StoredItem before = table.get(position);
        check(condition, before, returnOldOnFailure);
        Map<String, AttributeValue> start = before != null ? before.attributes() : new LinkedHashMap<>(key);
        Map<String, AttributeValue> after = update == null ? start : update.apply(start);
        ItemValidator.validateUpdatedItem(table.definition(), after);
        return new PreparedWrite(table, position, before, StoredItem.of(after), true);
    }

    static PreparedWrite delete(Table table, Map<String, AttributeValue> key, @Nullable ParsedCondition condition,
                                boolean returnOldOnFailure) {
        ItemValidator.validateKey(table.definition(), key);
        ItemPosition position = table.positionOf(key);
        StoredItem before = table.get(position);
        check(condition, before, returnOldOnFailure);
        return new PreparedWrite(table, position, before, null, true);
    }

    static PreparedWrite conditionCheck(Table table, Map<String, AttributeValue> key, ParsedCondition condition,
                                        boolean returnOldOnFailure) {
        ItemValidator.validateKey(table.definition(), key);
        ItemPosition position = table.positionOf(key);
        StoredItem before = table.get(position);
        check(condition, before, returnOldOnFailure);
        return new PreparedWrite(table, position, before, before, false);
    }

    private static void check(@Nullable ParsedCondition condition, @Nullable StoredItem before,
                              boolean returnOldOnFailure) {
        if (condition == null) {
            return;
        }
        Map<String, AttributeValue> current = before == null ? Map.of() : before.attributes();
        if (!condition.test(current)) {
            throw DynamoDbException.conditionalCheckFailed(returnOldOnFailure && before != null ? current : null);
        }
    }
}
