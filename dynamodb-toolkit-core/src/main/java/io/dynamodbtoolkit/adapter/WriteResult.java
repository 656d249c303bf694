package io.dynamodbtoolkit.adapter;

import java.util.Map;
import java.util.Optional;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The outcome of a single-item write.
 *
 * @param item     the item as written (revived), or for deletes the item removed when DynamoDB returned it;
 *                 null when there is nothing to show (e.g. an idempotent delete of an absent item)
 * @param returned the attributes DynamoDB returned for the requested {@code ReturnValues} (revived), or an
 *                 empty map
 * @param written  whether anything was written (false when an edit found nothing to change)
 * @param <T>      the item type
 */
public record WriteResult<T>(T item, Map<String, AttributeValue> returned, boolean written) {

    /** @return the item as written, if there is one */
    public Optional<T> itemIfAny() {
        return Optional.ofNullable(item);
    }
}
