package io.dynamodbtoolkit.embedded.error;

import io.dynamodbtoolkit.embedded.model.AttributeValue;
import org.jspecify.annotations.Nullable;

import java.util.List;
import java.util.Map;

/**
 * An error answered to the client, as DynamoDB answers it: an {@link ErrorCode}, a message and, for some errors,
 * the item that failed a condition or the reasons a transaction was cancelled.
 */
public class DynamoDbException extends RuntimeException {

    private final ErrorCode code;
    private final transient @Nullable Map<String, AttributeValue> item;
    private final transient @Nullable List<CancellationReason> cancellationReasons;

    public DynamoDbException(ErrorCode code, @Nullable String message) {
        this(code, message, null, null);
    }

    private DynamoDbException(ErrorCode code, @Nullable String message, @Nullable Map<String, AttributeValue> item,
                              @Nullable List<CancellationReason> cancellationReasons) {
        super(message, null, false, false);
        this.code = code;
        this.item = item;
        this.cancellationReasons = cancellationReasons;
    }

    /** A {@code ValidationException} with the given message. */
    public static DynamoDbException validation(String message) {
        return new DynamoDbException(ErrorCode.VALIDATION, message);
    }

    /** A {@code ValidationException} starting with "One or more parameter values were invalid: ". */
    public static DynamoDbException invalidParameter(String detail) {
        return validation("One or more parameter values were invalid: " + detail);
    }

    /** A {@code ResourceNotFoundException} with DynamoDB's generic message. */
    public static DynamoDbException resourceNotFound() {
        return new DynamoDbException(ErrorCode.RESOURCE_NOT_FOUND, "Requested resource not found");
    }

    /** A {@code ConditionalCheckFailedException}, carrying the current item when the client asked for it. */
    public static DynamoDbException conditionalCheckFailed(@Nullable Map<String, AttributeValue> item) {
        return new DynamoDbException(ErrorCode.CONDITIONAL_CHECK_FAILED, "The conditional request failed", item, null);
    }

    /** A {@code TransactionCanceledException} listing one reason per action. */
    public static DynamoDbException transactionCanceled(List<CancellationReason> reasons) {
        StringBuilder codes = new StringBuilder();
        for (CancellationReason reason : reasons) {
            if (!codes.isEmpty()) {
                codes.append(", ");
            }
            codes.append(reason.code());
        }
        return new DynamoDbException(ErrorCode.TRANSACTION_CANCELED,
                "Transaction cancelled, please refer cancellation reasons for specific reasons [" + codes + "]",
                null, List.copyOf(reasons));
    }

    public ErrorCode code() {
        return code;
    }

    /** The item returned with a failed condition, or {@code null}. */
    public @Nullable Map<String, AttributeValue> item() {
        return item;
    }

    /** The cancellation reasons of a cancelled transaction, or {@code null}. */
    public @Nullable List<CancellationReason> cancellationReasons() {
        return cancellationReasons;
    }
}
