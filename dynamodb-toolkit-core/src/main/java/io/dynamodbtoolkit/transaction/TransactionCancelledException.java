package io.dynamodbtoolkit.transaction;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import io.dynamodbtoolkit.DynamoDbToolkitException;
import io.dynamodbtoolkit.expression.AttributeValues;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * A write transaction was cancelled; nothing of it was written. Each failure names the action (by position),
 * its table and item key, and DynamoDB's reason.
 */
public class TransactionCancelledException extends DynamoDbToolkitException {

    private final transient List<ActionFailure> failures;

    TransactionCancelledException(List<ActionFailure> failures, TransactionCanceledException cause) {
        super("Transaction cancelled, nothing was written: " + failures.stream().map(ActionFailure::toString)
                .collect(Collectors.joining("; ")), cause);
        this.failures = List.copyOf(failures);
    }

    /** @return the actions that failed, in action order */
    public List<ActionFailure> failures() {
        return failures;
    }

    /** @return whether every failure is a failed condition (the transaction's premises did not hold) */
    public boolean isConditionFailure() {
        return !failures.isEmpty() && failures.stream().allMatch(f -> "ConditionalCheckFailed".equals(f.code()));
    }

    /**
     * @return whether the transaction was cancelled only because other transactions held its items: sending it
     *         again may succeed
     */
    public boolean isConflictOnly() {
        return !failures.isEmpty() && failures.stream().allMatch(f -> "TransactionConflict".equals(f.code()));
    }

    /**
     * One failed action.
     *
     * @param index   its position in the transaction
     * @param table   its table
     * @param key     the key of the item it concerns
     * @param code    DynamoDB's reason code, e.g. {@code ConditionalCheckFailed}
     * @param message DynamoDB's message, when given
     * @param item    the item as it was when a condition failed and the action asked for it, else null
     */
    public record ActionFailure(int index, String table, @Nullable Map<String, AttributeValue> key, String code,
            @Nullable String message, @Nullable Map<String, AttributeValue> item) {

        @Override
        public String toString() {
            return "action " + index + " on " + table + " " + AttributeValues.showKey(key) + ": " + code
                    + (message == null ? "" : " (" + message + ")");
        }
    }
}
