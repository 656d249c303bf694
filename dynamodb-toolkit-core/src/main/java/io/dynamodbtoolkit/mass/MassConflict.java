package io.dynamodbtoolkit.mass;

import java.util.Map;

import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * An item a mass operation left alone because someone else changed it since it was read (or, for copies, because
 * another item already holds the target key).
 *
 * @param key    the item's primary key (the source's for copies)
 * @param reason what conflicted, for people
 */
public record MassConflict(Map<String, AttributeValue> key, @Nullable String reason) {
}
