package io.dynamodbtoolkit.key;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Translates between the forms of a {@link KeyModel}'s keys: caller-facing {@link KeyValues}, the primary key
 * DynamoDB addresses an item by, and the attributes an item carries. Each method is named for its direction
 * ({@code primaryKeyFromKeyValues}, {@code keyValuesFromItem}, ...); none changes its argument. One field's value is
 * converted by {@link KeyValueCodec}; this class composes the whole key. Obtained from {@link KeyModel#codec()}.
 */
public final class KeyCodec {

    private final KeyModel model;
    private final List<KeyField> keyFields;
    private final KeyField partitionField;
    /** The structural key, or null for a plain key model. */
    private final @Nullable CompositeKey structuralKey;

    KeyCodec(KeyModel model) {
        this.model = model;
        this.keyFields = model.keyFields();
        this.partitionField = model.partitionField();
        this.structuralKey = model.structuralKey().orElse(null);
    }

    /**
     * Checks that key values are known key fields, contiguous from the first, and returns their values in key order.
     *
     * @throws InvalidKeyException naming an unknown field, or the first missing field before a supplied one
     */
    public List<Object> orderedValuesFromKeyValues(KeyValues values) {
        for (String name : values.asMap().keySet()) {
            if (model.positionOf(name) < 0) {
                throw new InvalidKeyException("'" + name + "' is not a key field; the key fields are "
                        + fieldNames() + ".");
            }
        }
        List<Object> ordered = new ArrayList<>(values.size());
        for (KeyField field : keyFields) {
            if (!values.has(field.name())) {
                break;
            }
            ordered.add(values.get(field.name()));
        }
        if (ordered.size() < values.size()) {
            String gap = keyFields.get(ordered.size()).name();
            KeyField after = keyFields.stream().skip(ordered.size()).filter(f -> values.has(f.name())).findFirst()
                    .orElseThrow();
            throw new InvalidKeyException("Key values have a gap: '" + gap + "' is missing but '" + after.name()
                    + "' is given. Key fields are contiguous from the first (" + fieldNames()
                    + "): supply '" + gap + "' or drop the fields after it.");
        }
        return ordered;
    }

    /**
     * The key values an item carries: its key fields contiguous from the first.
     *
     * @throws InvalidKeyException when the partition value is missing or the key fields have a gap
     */
    public KeyValues keyValuesFromItem(Map<String, AttributeValue> item) {
        Map<String, Object> values = new LinkedHashMap<>();
        for (KeyField field : keyFields) {
            AttributeValue value = item.get(field.name());
            if (value != null && !Boolean.TRUE.equals(value.nul())) {
                values.put(field.name(), value);
            }
        }
        KeyValues keyValues = KeyValues.wrap(values);
        if (!keyValues.has(partitionField.name())) {
            throw new InvalidKeyException("The item has no value for the partition key field '"
                    + partitionField.name() + "'.");
        }
        orderedValuesFromKeyValues(keyValues);
        return keyValues;
    }

    /**
     * The primary key of the row addressed by key values: for a hierarchical model the row at the depth of the
     * values (a state row, a facility row, ...); for a plain model all key fields must be given.
     *
     * @throws InvalidKeyException when values are missing, have a gap or cannot be encoded, or the key would exceed
     *                             DynamoDB's size limits (2,048 bytes for the partition key, 1,024 for the sort key)
     */
    public Map<String, AttributeValue> primaryKeyFromKeyValues(KeyValues values) {
        List<Object> ordered = orderedValuesFromKeyValues(values);
        if (ordered.isEmpty()) {
            throw model.missingPartition();
        }
        Map<String, AttributeValue> key = new LinkedHashMap<>(4);
        key.put(partitionField.name(), KeyValueCodec.toAttributeValue(partitionField, ordered.get(0)));
        if (structuralKey != null) {
            key.put(structuralKey.attributeName(), AttributeValue.fromS(structuralKey.compose(ordered)));
        } else if (keyFields.size() == 2) {
            if (ordered.size() < 2) {
                throw new InvalidKeyException("The key needs a value for the sort key field '"
                        + keyFields.get(1).name() + "'.");
            }
            key.put(keyFields.get(1).name(), KeyValueCodec.toAttributeValue(keyFields.get(1), ordered.get(1)));
        }
        return KeySizeLimits.check(key, partitionField.name());
    }

    /**
     * @return the primary key attributes an item carries as stored (e.g. a keys-only index entry), copied without
     *         computing anything
     * @throws InvalidKeyException when one is missing
     */
    public Map<String, AttributeValue> storedPrimaryKeyFromItem(Map<String, AttributeValue> item) {
        Map<String, AttributeValue> key = new LinkedHashMap<>(2);
        for (String name : model.primaryKeyNames()) {
            AttributeValue value = item.get(name);
            if (value == null) {
                throw new InvalidKeyException("The item has no key attribute '" + name + "'.");
            }
            key.put(name, value);
        }
        return key;
    }

    /** @return the primary key of an item, computed from its key fields */
    public Map<String, AttributeValue> primaryKeyFromItem(Map<String, AttributeValue> item) {
        return primaryKeyFromKeyValues(keyValuesFromItem(item));
    }

    /**
     * The native attribute form of each key value (as the item stores its key fields), in key order.
     *
     * @throws InvalidKeyException when a value does not fit its field's type
     */
    public Map<String, AttributeValue> keyAttributesFromKeyValues(KeyValues values) {
        List<Object> ordered = orderedValuesFromKeyValues(values);
        Map<String, AttributeValue> attributes = new LinkedHashMap<>();
        for (int i = 0; i < ordered.size(); i++) {
            attributes.put(keyFields.get(i).name(), KeyValueCodec.toAttributeValue(keyFields.get(i), ordered.get(i)));
        }
        return attributes;
    }

    /**
     * Reads the key values back from a primary key (decomposing the structural key when there is one).
     *
     * @throws InvalidKeyException when the key lacks the partition or sort attribute
     */
    public KeyValues keyValuesFromPrimaryKey(Map<String, AttributeValue> primaryKey) {
        Map<String, Object> values = new LinkedHashMap<>();
        if (structuralKey != null) {
            AttributeValue composed = primaryKey.get(structuralKey.attributeName());
            if (composed == null || composed.s() == null) {
                throw new InvalidKeyException("The key has no string '" + structuralKey.attributeName() + "'.");
            }
            List<AttributeValue> components = structuralKey.decompose(composed.s());
            for (int i = 0; i < components.size(); i++) {
                values.put(keyFields.get(i).name(), components.get(i));
            }
            return KeyValues.of(values);
        }
        for (KeyField field : keyFields) {
            AttributeValue value = primaryKey.get(field.name());
            if (value == null) {
                throw new InvalidKeyException("The key has no value for '" + field.name() + "'.");
            }
            values.put(field.name(), value);
        }
        return KeyValues.of(values);
    }

    /**
     * Reads an item's key fields in one pass (the write path's hot spot) and returns its primary key, its depth and
     * the key field attributes it must be written with where they differ from what it carries (a number given as a
     * string becomes {@code N}, in canonical form). The item is not changed.
     *
     * @throws InvalidKeyException as {@link #keyValuesFromItem} and {@link #primaryKeyFromKeyValues} would
     */
    public ItemKey itemKeyFromItem(Map<String, AttributeValue> item) {
        int size = keyFields.size();
        List<Object> components = new ArrayList<>(size);
        for (KeyField field : keyFields) {
            AttributeValue value = item.get(field.name());
            if (value == null || Boolean.TRUE.equals(value.nul())) {
                break;
            }
            components.add(value);
        }
        int depth = components.size();
        for (int i = depth; i < size; i++) {
            AttributeValue later = item.get(keyFields.get(i).name());
            if (later != null && !Boolean.TRUE.equals(later.nul())) {
                keyValuesFromItem(item);
            }
        }
        if (depth == 0) {
            throw new InvalidKeyException("The item has no value for the partition key field '"
                    + partitionField.name() + "'.");
        }
        Map<String, AttributeValue> retyped = Map.of();
        AttributeValue partition = null;
        AttributeValue plainSort = null;
        for (int i = 0; i < depth; i++) {
            KeyField field = keyFields.get(i);
            AttributeValue given = (AttributeValue) components.get(i);
            AttributeValue typed = KeyValueCodec.toAttributeValue(field, given);
            if (!typed.equals(given)) {
                if (retyped.isEmpty()) {
                    retyped = new LinkedHashMap<>(4);
                }
                retyped.put(field.name(), typed);
            }
            if (i == 0) {
                partition = typed;
            } else if (i == 1 && structuralKey == null) {
                plainSort = typed;
            }
        }
        Map<String, AttributeValue> key = new LinkedHashMap<>(4);
        key.put(partitionField.name(), partition);
        if (structuralKey != null) {
            key.put(structuralKey.attributeName(), AttributeValue.fromS(structuralKey.compose(components)));
        } else if (size == 2) {
            if (plainSort == null) {
                throw new InvalidKeyException("The key needs a value for the sort key field '"
                        + keyFields.get(1).name() + "'.");
            }
            key.put(keyFields.get(1).name(), plainSort);
        }
        return new ItemKey(KeySizeLimits.check(key, partitionField.name()), depth, retyped);
    }

    /**
     * The depth of an item: how many key fields it has, contiguous from the first (1 for a state row,
     * 2 for a facility row, ...).
     *
     * @throws InvalidKeyException as {@link #keyValuesFromItem} would
     */
    public int depthFromItem(Map<String, AttributeValue> item) {
        return keyValuesFromItem(item).size();
    }

    /**
     * The type of an item whose depth is known: the discriminator's value when declared and present, else the
     * type label of the depth, else the depth as a string.
     */
    public String typeFromItem(Map<String, AttributeValue> item, int depth) {
        String discriminated = discriminatorOf(item);
        if (discriminated != null) {
            return discriminated;
        }
        List<String> labels = model.typeLabels();
        return labels.isEmpty() ? String.valueOf(depth) : labels.get(depth - 1);
    }

    /**
     * The type of an item: the discriminator's value when declared and present, else the type label of its
     * depth, else its depth as a string.
     */
    public String typeFromItem(Map<String, AttributeValue> item) {
        String discriminated = discriminatorOf(item);
        return discriminated != null ? discriminated : typeFromItem(item, depthFromItem(item));
    }

    private @Nullable String discriminatorOf(Map<String, AttributeValue> item) {
        String name = model.typeDiscriminator().orElse(null);
        AttributeValue discriminator = name == null ? null : item.get(name);
        return discriminator == null ? null : discriminator.s();
    }

    private List<String> fieldNames() {
        return keyFields.stream().map(KeyField::name).toList();
    }

    /**
     * An item's primary key and depth, read in one pass.
     *
     * @param primaryKey         the primary key attributes
     * @param depth              how many key fields the item has, contiguous from the first
     * @param retypedKeyFields   the key field attributes whose typed form differs from what the item carries (to
     *                           write instead), usually none
     */
    public record ItemKey(Map<String, AttributeValue> primaryKey, int depth,
            Map<String, AttributeValue> retypedKeyFields) {

        /** @return whether the item carries its key fields in their typed form already */
        public boolean isTyped() {
            return retypedKeyFields.isEmpty();
        }
    }
}
