package io.dynamodbtoolkit.mass;

import java.util.Map;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * An item a mass operation could not process. The run went on without it; the cursor does not come back to it.
 *
 * @param key    the item's primary key
 * @param reason what went wrong, for people
 * @param cause  the underlying failure
 */
public record MassFailure(Map<String, AttributeValue> key, String reason, Throwable cause) {
}
