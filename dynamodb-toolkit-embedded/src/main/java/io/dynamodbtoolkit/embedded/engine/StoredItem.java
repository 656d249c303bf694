package io.dynamodbtoolkit.embedded.engine;

import io.dynamodbtoolkit.embedded.model.AttributeValue;
import io.dynamodbtoolkit.embedded.model.Items;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/** An immutable item as stored (in a table or an index), with its size computed once. */
record StoredItem(Map<String, AttributeValue> attributes, int size) {

    static StoredItem of(Map<String, AttributeValue> attributes) {
        Map<String, AttributeValue> copy = Collections.unmodifiableMap(new LinkedHashMap<>(attributes));
        return new StoredItem(copy, Items.size(copy));
    }
}
