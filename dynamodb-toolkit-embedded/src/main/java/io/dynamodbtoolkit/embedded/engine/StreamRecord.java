package io.dynamodbtoolkit.embedded.engine;

import io.dynamodbtoolkit.embedded.model.AttributeValue;
import org.jspecify.annotations.Nullable;

import java.util.Map;

/**
 * One record of a stream: one change of one item.
 *
 * @param sequenceNumber the record's place in its shard (unique and increasing in the engine)
 * @param eventId        a unique id of the record
 * @param eventName      INSERT, MODIFY or REMOVE
 * @param keys           the primary key attributes of the item
 * @param oldImage       the item before, when the view type includes it, else {@code null}
 * @param newImage       the item after, when the view type includes it, else {@code null}
 * @param createdAt      when the change was made, in epoch seconds (rounded down, as DynamoDB Streams reports it)
 * @param sizeBytes      the size of the keys and images
 * @param viewType       the stream's view type
 * @param byService      whether DynamoDB made the change (a time-to-live deletion)
 */
public record StreamRecord(long sequenceNumber, String eventId, String eventName, Map<String, AttributeValue> keys,
                           @Nullable Map<String, AttributeValue> oldImage,
                           @Nullable Map<String, AttributeValue> newImage,
                           long createdAt, int sizeBytes, StreamViewType viewType, boolean byService) {
}
