package io.dynamodbtoolkit.adapter;

import java.util.List;
import java.util.Map;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** A reading of one page of items whose outcome, once complete, is the items, their cost and the next cursor. */
interface PageItems extends PageReading {

    /** @return the items read, as stored */
    List<Map<String, AttributeValue>> items();

    /** @return what reading them cost */
    ReadStats stats();

    /** @return the cursor of the next page, or null at the end */
    String nextCursor();
}
