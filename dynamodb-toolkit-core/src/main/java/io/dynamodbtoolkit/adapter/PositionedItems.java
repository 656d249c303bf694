package io.dynamodbtoolkit.adapter;

import java.util.List;
import java.util.Map;

import io.dynamodbtoolkit.cursor.CursorState.Position;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A reading of one page from several sources that each resume from their own position (merged shards, parallel
 * Scan segments); once complete, the items, their cost and where each source stands.
 */
interface PositionedItems extends PageReading {

    /** @return the items read, as stored */
    List<Map<String, AttributeValue>> items();

    /** @return what reading them cost */
    ReadStats stats();

    /** @return where each source resumes, in the sources' order */
    List<Position> positions();
}
