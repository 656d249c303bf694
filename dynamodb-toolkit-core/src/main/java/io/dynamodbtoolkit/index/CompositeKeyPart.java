package io.dynamodbtoolkit.index;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import io.dynamodbtoolkit.expression.KeyAttribute;
import io.dynamodbtoolkit.key.CompositeKey;
import io.dynamodbtoolkit.key.InvalidKeyException;
import io.dynamodbtoolkit.key.KeyField;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * An index key side that the toolkit composes from several fields into one string attribute, the way the
 * structural key is composed: components most significant first, numbers zero-padded, joined by a separator.
 * Like the structural key it holds the fields present contiguously from the first (a hierarchy can be indexed by
 * depth); an item without the first field is not in the index.
 *
 * @param key the composition: attribute name, fields and separator
 */
public record CompositeKeyPart(CompositeKey key) implements IndexKeyPart {

    @Override
    public List<KeyAttribute> keyAttributes() {
        return List.of(new KeyAttribute(key.attributeName(), ScalarAttributeType.S));
    }

    @Override
    public boolean isDerived() {
        return true;
    }

    @Override
    public Set<String> sourceFields() {
        Set<String> names = new LinkedHashSet<>();
        key.components().forEach(field -> names.add(field.name()));
        return names;
    }

    @Override
    public Optional<Map<String, AttributeValue>> valuesFor(Map<String, AttributeValue> item) {
        List<Object> values = new ArrayList<>();
        for (KeyField field : key.components()) {
            AttributeValue value = item.get(field.name());
            if (value == null || IndexKeyValues.isAbsent(value)) {
                break;
            }
            values.add(value);
        }
        if (values.isEmpty()) {
            return Optional.empty();
        }
        for (int i = values.size(); i < key.components().size(); i++) {
            if (!IndexKeyValues.isAbsent(item.get(key.components().get(i).name()))) {
                throw new InvalidKeyException("Index key '" + key.attributeName() + "' composes "
                        + sourceFields() + " contiguously, but the item has '" + key.components().get(i).name()
                        + "' without '" + key.components().get(values.size()).name() + "'");
            }
        }
        return Optional.of(Map.of(key.attributeName(), AttributeValue.fromS(key.compose(values))));
    }
}
