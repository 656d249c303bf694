package io.dynamodbtoolkit.adapter;

import java.util.Map;

import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** A condition the caller added to a write did not hold. Nothing was written. */
public class ConditionFailedException extends ConditionalWriteException {

    /**
     * @param message what did not hold
     * @param key     the primary key written
     * @param current the item as it is now, or null
     * @param cause   the service's exception
     */
    public ConditionFailedException(String message, Map<String, AttributeValue> key,
            @Nullable Map<String, AttributeValue> current,
            @Nullable Throwable cause) {
        super(message, key, current, cause);
    }
}
