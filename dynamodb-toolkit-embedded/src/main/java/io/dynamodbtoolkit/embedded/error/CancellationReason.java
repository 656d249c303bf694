package io.dynamodbtoolkit.embedded.error;

import io.dynamodbtoolkit.embedded.model.AttributeValue;
import org.jspecify.annotations.Nullable;

import java.util.Map;

/**
 * One entry of the {@code CancellationReasons} of a {@code TransactionCanceledException}: one per action, in
 * request order.
 *
 * @param code    {@code None}, {@code ConditionalCheckFailed}, {@code ValidationError}, ...
 * @param message the reason's message, or {@code null} for {@code None}
 * @param item    the item as it was, when asked with {@code ReturnValuesOnConditionCheckFailure=ALL_OLD}, else null
 */
public record CancellationReason(String code, @Nullable String message,
                                 @Nullable Map<String, AttributeValue> item) {

    /** The reason given to actions that did not cause the cancellation. */
    public static final CancellationReason NONE = new CancellationReason("None", null, null);
}
