package io.dynamodbtoolkit.embedded.model;

import org.jspecify.annotations.Nullable;

import java.util.Map;

/** Facts about items (maps of attribute name to value). */
public final class Items {

    /** The largest item DynamoDB stores: 400 KB, attribute names included. */
    public static final int MAX_ITEM_SIZE = 400 * 1024;

    private Items() {
    }

    /** The size of an item as DynamoDB counts it: attribute names plus values. */
    public static int size(@Nullable Map<String, AttributeValue> item) {
        if (item == null) {
            return 0;
        }
        int size = 0;
        for (Map.Entry<String, AttributeValue> entry : item.entrySet()) {
            size += Utf8.length(entry.getKey()) + entry.getValue().size();
        }
        return size;
    }
}
