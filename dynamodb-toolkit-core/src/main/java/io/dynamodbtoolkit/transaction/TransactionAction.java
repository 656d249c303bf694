package io.dynamodbtoolkit.transaction;

import java.util.Map;
import java.util.Objects;

import io.dynamodbtoolkit.batch.ItemSize;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * One action of a write transaction with the key of the item it concerns, so that a cancellation can say which
 * item failed.
 *
 * @param action the action as DynamoDB takes it
 * @param table  the table it writes or checks
 * @param key    the primary key of the item it concerns, or null for a put whose table's key is not known here (a
 *               failure then reads the key schema of the table to name it)
 */
public record TransactionAction(TransactWriteItem action, String table, @Nullable Map<String, AttributeValue> key) {

    public TransactionAction {
        Objects.requireNonNull(action, "action");
    }

    /**
     * Describes an action whose key is not otherwise known: the key of an update, delete or condition check; for a
     * put, null (its item's key attributes depend on its table).
     */
    public static TransactionAction of(TransactWriteItem action) {
        if (action.put() != null) {
            return new TransactionAction(action, action.put().tableName(), null);
        }
        if (action.update() != null) {
            return new TransactionAction(action, action.update().tableName(), action.update().key());
        }
        if (action.delete() != null) {
            return new TransactionAction(action, action.delete().tableName(), action.delete().key());
        }
        if (action.conditionCheck() != null) {
            return new TransactionAction(action, action.conditionCheck().tableName(), action.conditionCheck().key());
        }
        throw new IllegalArgumentException("A transaction action needs one of put, update, delete or conditionCheck");
    }

    /** @return the bytes this action adds to the transaction's 4 MB limit */
    public long size() {
        if (action.put() != null) {
            return ItemSize.of(action.put().item());
        }
        long size = key == null ? 0 : ItemSize.of(key);
        if (action.update() != null && action.update().hasExpressionAttributeValues()) {
            size += ItemSize.of(action.update().expressionAttributeValues());
        }
        return size;
    }
}
