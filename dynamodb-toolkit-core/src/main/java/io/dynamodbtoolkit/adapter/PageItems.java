package io.dynamodbtoolkit.adapter;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** A reading of one page of items whose outcome, once complete, is the items, their cost and the next cursor. */
interface PageItems extends PageReading {

    /** @return the items read, as stored */
    List<Map<String, AttributeValue>> items();

    /** @return what reading them cost */
    ReadStats stats();

    /** @return the cursor of the next page, or null at the end */
    @Nullable String nextCursor();

    /**
     * @return where a read resumes after an item: its position attributes (the keys of the table or index read)
     * @throws IllegalStateException when the item lacks one (a projection must include them)
     */
    static Map<String, AttributeValue> positionOf(Map<String, AttributeValue> item, List<String> positionKeys) {
        Map<String, AttributeValue> key = new LinkedHashMap<>();
        for (String name : positionKeys) {
            AttributeValue value = item.get(name);
            if (value == null) {
                throw new IllegalStateException("Item " + item.keySet() + " lacks key attribute '" + name
                        + "' needed to position the next page");
            }
            key.put(name, value);
        }
        return key;
    }
}
