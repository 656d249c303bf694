package io.dynamodbtoolkit.adapter;

import java.util.Map;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** An item with this key already exists (a create-only write: post, clone, move target). Nothing was written. */
public class ItemAlreadyExistsException extends ConditionalWriteException {

    /**
     * @param message what did not hold
     * @param key     the primary key written
     * @param current the item as it is now, or null
     * @param cause   the service's exception
     */
    public ItemAlreadyExistsException(String message, Map<String, AttributeValue> key,
            Map<String, AttributeValue> current,
            Throwable cause) {
        super(message, key, current, cause);
    }
}
