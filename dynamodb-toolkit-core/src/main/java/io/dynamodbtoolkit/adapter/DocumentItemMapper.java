package io.dynamodbtoolkit.adapter;

import java.util.LinkedHashMap;
import java.util.Map;

import io.dynamodbtoolkit.expression.AttributeValues;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The untyped {@link ItemMapper}: items are maps of Java values. */
final class DocumentItemMapper implements ItemMapper<Map<String, Object>> {

    static final DocumentItemMapper INSTANCE = new DocumentItemMapper();

    private DocumentItemMapper() {
    }

    @Override
    public Map<String, AttributeValue> toAttributes(Map<String, Object> item, boolean ignoreNulls) {
        Map<String, AttributeValue> attributes = new LinkedHashMap<>(item.size() * 2);
        item.forEach((name, value) -> {
            if (value != null || !ignoreNulls) {
                attributes.put(name, AttributeValues.toAttributeValue(value));
            }
        });
        return attributes;
    }

    @Override
    public Map<String, Object> fromAttributes(Map<String, AttributeValue> attributes) {
        Map<String, Object> item = new LinkedHashMap<>(attributes.size() * 2);
        attributes.forEach((name, value) -> item.put(name, AttributeValues.toJava(value)));
        return item;
    }

    @Override
    public String toString() {
        return "documents";
    }
}
