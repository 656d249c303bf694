package io.dynamodbtoolkit.adapter;

import java.util.Map;

import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * No item has this key, and the write only updates existing items (put, patch, edit, move source, a conditioned
 * delete). Nothing was written.
 */
public class ItemNotFoundException extends ConditionalWriteException {

    /**
     * @param message what did not hold
     * @param key     the primary key written
     * @param current the item as it is now, or null
     * @param cause   the service's exception
     */
    public ItemNotFoundException(String message, Map<String, AttributeValue> key,
            @Nullable Map<String, AttributeValue> current, @Nullable Throwable cause) {
        super(message, key, current, cause);
    }
}
