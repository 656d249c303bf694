package io.dynamodbtoolkit.index;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import io.dynamodbtoolkit.expression.KeyAttribute;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * An index key side made of up to four attributes the item carries itself (DynamoDB's multi-attribute GSI keys):
 * no concatenated attribute to maintain. The item is in the index while it has every one of them.
 *
 * @param attributes the attributes, most significant first
 */
public record MultiAttributeKeyPart(List<KeyAttribute> attributes) implements IndexKeyPart {

    /** The most attributes on one side of a key. */
    public static final int MAX_ATTRIBUTES = 4;

    public MultiAttributeKeyPart {
        attributes = List.copyOf(attributes);
        if (attributes.isEmpty() || attributes.size() > MAX_ATTRIBUTES) {
            throw new IllegalArgumentException("A multi-attribute key side has 1 to " + MAX_ATTRIBUTES
                    + " attributes, not " + attributes.size());
        }
    }

    @Override
    public List<KeyAttribute> keyAttributes() {
        return attributes;
    }

    @Override
    public boolean isDerived() {
        return false;
    }

    @Override
    public Set<String> sourceFields() {
        Set<String> names = new LinkedHashSet<>();
        attributes.forEach(attribute -> names.add(attribute.name()));
        return names;
    }

    @Override
    public Optional<Map<String, AttributeValue>> valuesFor(Map<String, AttributeValue> item) {
        Map<String, AttributeValue> values = new LinkedHashMap<>();
        for (KeyAttribute attribute : attributes) {
            AttributeValue value = item.get(attribute.name());
            if (value == null || IndexKeyValues.isAbsent(value)) {
                return Optional.empty();
            }
            values.put(attribute.name(), IndexKeyValues.requireType(attribute.name(), attribute.type(), value));
        }
        return Optional.of(values);
    }
}
