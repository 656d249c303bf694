package io.dynamodbtoolkit.index;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import io.dynamodbtoolkit.expression.KeyAttribute;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * An index key side that is one attribute the item carries itself. The item is in the index while it has the
 * attribute (membership is presence).
 *
 * @param name the attribute
 * @param type its type
 */
public record AttributeKeyPart(String name, ScalarAttributeType type) implements IndexKeyPart {

    @Override
    public List<KeyAttribute> keyAttributes() {
        return List.of(new KeyAttribute(name, type));
    }

    @Override
    public boolean isDerived() {
        return false;
    }

    @Override
    public Set<String> sourceFields() {
        return Set.of(name);
    }

    @Override
    public Optional<Map<String, AttributeValue>> valuesFor(Map<String, AttributeValue> item) {
        AttributeValue value = item.get(name);
        if (value == null || IndexKeyValues.isAbsent(value)) {
            return Optional.empty();
        }
        return Optional.of(Map.of(name, IndexKeyValues.requireType(name, type, value)));
    }
}
