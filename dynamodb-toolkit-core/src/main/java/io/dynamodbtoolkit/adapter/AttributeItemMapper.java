package io.dynamodbtoolkit.adapter;

import java.util.LinkedHashMap;
import java.util.Map;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The identity {@link ItemMapper}: items are attribute maps. */
final class AttributeItemMapper implements ItemMapper<Map<String, AttributeValue>> {

    static final AttributeItemMapper INSTANCE = new AttributeItemMapper();

    private AttributeItemMapper() {
    }

    @Override
    public Map<String, AttributeValue> toAttributes(Map<String, AttributeValue> item, boolean ignoreNulls) {
        Map<String, AttributeValue> copy = new LinkedHashMap<>(item.size() * 2);
        item.forEach((name, value) -> {
            if (value != null && (!ignoreNulls || !Boolean.TRUE.equals(value.nul()))) {
                copy.put(name, value);
            }
        });
        return copy;
    }

    @Override
    public Map<String, AttributeValue> fromAttributes(Map<String, AttributeValue> attributes) {
        return new LinkedHashMap<>(attributes);
    }

    @Override
    public String toString() {
        return "attributes";
    }
}
