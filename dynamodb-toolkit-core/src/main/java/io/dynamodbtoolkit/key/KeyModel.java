package io.dynamodbtoolkit.key;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import io.dynamodbtoolkit.DeclarationException;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The declaration of an adapter's keys, validated at construction and immutable.
 *
 * <p>Two layouts are supported:
 * <ul>
 *   <li><b>hierarchical</b>: ordered {@code keyFields} plus a {@code structuralKey}. The first key field is the
 *   table's partition key; the structural key is the table's sort key and holds all supplied components,
 *   partition value included, joined by the separator: {@code TX}, {@code TX|Dallas},
 *   {@code TX|Dallas|1HGC...}. An item's depth is the number of key fields it has, contiguous from the first.</li>
 *   <li><b>plain</b>: one key field (partition key only) or two (partition key and an ordinary sort key
 *   attribute), with no structural key.</li>
 * </ul>
 * Managed fields (structural key, version, created-at) live under the {@code technicalPrefix}; callers may not
 * write them and reads strip them (version and created-at excepted).
 */
public final class KeyModel {

    private final List<KeyField> keyFields;
    private final CompositeKey structuralKey;
    private final String technicalPrefix;
    private final List<String> typeLabels;
    private final String typeField;
    private final String typeDiscriminator;
    private final String versionField;
    private final String createdAtField;

    private KeyModel(Builder builder) {
        this.keyFields = List.copyOf(builder.keyFields);
        this.structuralKey = builder.structuralKeyName == null ? null
                : new CompositeKey(builder.structuralKeyName, keyFields, builder.separator);
        this.technicalPrefix = builder.technicalPrefix;
        this.typeLabels = List.copyOf(builder.typeLabels);
        this.typeField = builder.typeField;
        this.typeDiscriminator = builder.typeDiscriminator;
        this.versionField = builder.versionField;
        this.createdAtField = builder.createdAtField;
    }

    /** @return a builder of a key declaration */
    public static Builder builder() {
        return new Builder();
    }

    /** @return the key fields, partition key first */
    public List<KeyField> keyFields() {
        return keyFields;
    }

    /** @return the key field at a position */
    public KeyField keyField(int position) {
        return keyFields.get(position);
    }

    /** @return the position of a key field, or -1 when the name is not a key field */
    public int positionOf(String fieldName) {
        for (int i = 0; i < keyFields.size(); i++) {
            if (keyFields.get(i).name().equals(fieldName)) {
                return i;
            }
        }
        return -1;
    }

    /** @return the first key field: the table's partition key */
    public KeyField partitionField() {
        return keyFields.get(0);
    }

    /** @return whether keys are hierarchical (a structural key is declared) */
    public boolean isHierarchical() {
        return structuralKey != null;
    }

    /** @return the structural key, when declared */
    public Optional<CompositeKey> structuralKey() {
        return Optional.ofNullable(structuralKey);
    }

    /** @return the attribute that is the table's sort key: the structural key, a plain sort field, or none */
    public Optional<String> sortKeyName() {
        if (structuralKey != null) {
            return Optional.of(structuralKey.attributeName());
        }
        return keyFields.size() == 2 ? Optional.of(keyFields.get(1).name()) : Optional.empty();
    }

    /** @return the names of the table's key attributes: partition key, then sort key if any */
    public List<String> primaryKeyNames() {
        List<String> names = new ArrayList<>(2);
        names.add(partitionField().name());
        sortKeyName().ifPresent(names::add);
        return names;
    }

    /** @return the prefix of managed fields, when declared */
    public Optional<String> technicalPrefix() {
        return Optional.ofNullable(technicalPrefix);
    }

    /** @return whether an attribute is managed by the toolkit (lives under the technical prefix) */
    public boolean isTechnical(String attributeName) {
        return technicalPrefix != null && attributeName.startsWith(technicalPrefix);
    }

    /** @return labels naming each depth, or an empty list */
    public List<String> typeLabels() {
        return typeLabels;
    }

    /** @return the attribute written with the item's type label on full writes, when declared */
    public Optional<String> typeField() {
        return Optional.ofNullable(typeField);
    }

    /** @return the attribute whose value, when present on an item, overrides the depth-derived type */
    public Optional<String> typeDiscriminator() {
        return Optional.ofNullable(typeDiscriminator);
    }

    /** @return the optimistic-locking version attribute, when declared */
    public Optional<String> versionField() {
        return Optional.ofNullable(versionField);
    }

    /** @return the attribute recording an item's creation time, when declared */
    public Optional<String> createdAtField() {
        return Optional.ofNullable(createdAtField);
    }

    /**
     * Checks that key values are known key fields, contiguous from the first, and returns them in key order.
     *
     * @throws InvalidKeyException naming an unknown field, or the first missing field before a supplied one
     */
    public List<Object> orderedValues(KeyValues values) {
        for (String name : values.asMap().keySet()) {
            if (positionOf(name) < 0) {
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
    public KeyValues keyValuesOf(Map<String, AttributeValue> item) {
        Map<String, Object> values = new LinkedHashMap<>();
        for (KeyField field : keyFields) {
            AttributeValue value = item.get(field.name());
            if (value != null && !Boolean.TRUE.equals(value.nul())) {
                values.put(field.name(), value);
            }
        }
        KeyValues keyValues = KeyValues.wrap(values);
        if (!keyValues.has(partitionField().name())) {
            throw new InvalidKeyException("The item has no value for the partition key field '"
                    + partitionField().name() + "'.");
        }
        orderedValues(keyValues);
        return keyValues;
    }

    /**
     * The primary key of the row addressed by key values: for a hierarchical model the row at the depth of the
     * values (a state row, a facility row, ...); for a plain model all key fields must be given.
     *
     * @throws InvalidKeyException when values are missing, have a gap or cannot be encoded, or the key would exceed
     *                             DynamoDB's size limits (2,048 bytes for the partition key, 1,024 for the sort key)
     */
    public Map<String, AttributeValue> primaryKey(KeyValues values) {
        List<Object> ordered = orderedValues(values);
        if (ordered.isEmpty()) {
            throw missingPartition();
        }
        Map<String, AttributeValue> key = new LinkedHashMap<>(4);
        key.put(partitionField().name(), KeyValueCodec.toAttributeValue(partitionField(), ordered.get(0)));
        if (structuralKey != null) {
            key.put(structuralKey.attributeName(), AttributeValue.fromS(structuralKey.compose(ordered)));
        } else if (keyFields.size() == 2) {
            if (ordered.size() < 2) {
                throw new InvalidKeyException("The key needs a value for the sort key field '"
                        + keyFields.get(1).name() + "'.");
            }
            key.put(keyFields.get(1).name(), KeyValueCodec.toAttributeValue(keyFields.get(1), ordered.get(1)));
        }
        return KeySizeLimits.check(key, partitionField().name());
    }

    /**
     * @return the primary key attributes an item carries as stored (e.g. a keys-only index entry), without
     *         computing anything
     * @throws InvalidKeyException when one is missing
     */
    public Map<String, AttributeValue> storedPrimaryKey(Map<String, AttributeValue> item) {
        Map<String, AttributeValue> key = new LinkedHashMap<>(2);
        for (String name : primaryKeyNames()) {
            AttributeValue value = item.get(name);
            if (value == null) {
                throw new InvalidKeyException("The item has no key attribute '" + name + "'.");
            }
            key.put(name, value);
        }
        return key;
    }

    /** @return the primary key of an item, computed from its key fields */
    public Map<String, AttributeValue> primaryKeyOf(Map<String, AttributeValue> item) {
        return primaryKey(keyValuesOf(item));
    }

    /**
     * The native attribute form of each key value (as the item stores its key fields), in key order.
     *
     * @throws InvalidKeyException when a value does not fit its field's type
     */
    public Map<String, AttributeValue> keyFieldAttributes(KeyValues values) {
        List<Object> ordered = orderedValues(values);
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
    public KeyValues keyValuesOfPrimaryKey(Map<String, AttributeValue> primaryKey) {
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
     * Reads an item's key fields in one pass (the write path's hot spot): rewrites them in place in their typed
     * attribute form (a number given as a string becomes {@code N}, in canonical form) and returns the item's
     * primary key and depth.
     *
     * @throws InvalidKeyException as {@link #keyValuesOf} and {@link #primaryKey} would
     */
    public ItemKey normalizeItemKey(Map<String, AttributeValue> item) {
        return itemKey(item, true);
    }

    /**
     * Like {@link #normalizeItemKey} but never changes the item: its primary key and depth when its key fields are
     * already in their typed attribute form, else null (then the item needs {@link #normalizeItemKey}).
     *
     * @throws InvalidKeyException as {@link #normalizeItemKey} would
     */
    public ItemKey storedItemKey(Map<String, AttributeValue> item) {
        return itemKey(item, false);
    }

    private ItemKey itemKey(Map<String, AttributeValue> item, boolean rewrite) {
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
                keyValuesOf(item);
            }
        }
        if (depth == 0) {
            throw new InvalidKeyException("The item has no value for the partition key field '"
                    + partitionField().name() + "'.");
        }
        AttributeValue partition = null;
        AttributeValue plainSort = null;
        for (int i = 0; i < depth; i++) {
            KeyField field = keyFields.get(i);
            AttributeValue given = (AttributeValue) components.get(i);
            AttributeValue typed = KeyValueCodec.toAttributeValue(field, given);
            if (!typed.equals(given)) {
                if (!rewrite) {
                    return null;
                }
                item.put(field.name(), typed);
            }
            if (i == 0) {
                partition = typed;
            } else if (i == 1 && structuralKey == null) {
                plainSort = typed;
            }
        }
        Map<String, AttributeValue> key = new LinkedHashMap<>(4);
        key.put(partitionField().name(), partition);
        if (structuralKey != null) {
            key.put(structuralKey.attributeName(), AttributeValue.fromS(structuralKey.compose(components)));
        } else if (size == 2) {
            if (plainSort == null) {
                throw new InvalidKeyException("The key needs a value for the sort key field '"
                        + keyFields.get(1).name() + "'.");
            }
            key.put(keyFields.get(1).name(), plainSort);
        }
        return new ItemKey(KeySizeLimits.check(key, partitionField().name()), depth);
    }

    /**
     * An item's primary key and depth, read in one pass.
     *
     * @param primaryKey the primary key attributes
     * @param depth      how many key fields the item has, contiguous from the first
     */
    public record ItemKey(Map<String, AttributeValue> primaryKey, int depth) {
    }

    /**
     * The type of an item whose depth is known: the discriminator's value when declared and present, else the
     * type label of the depth, else the depth as a string.
     */
    public String typeOf(Map<String, AttributeValue> item, int depth) {
        if (typeDiscriminator != null) {
            AttributeValue discriminator = item.get(typeDiscriminator);
            if (discriminator != null && discriminator.s() != null) {
                return discriminator.s();
            }
        }
        return typeLabels.isEmpty() ? String.valueOf(depth) : typeLabels.get(depth - 1);
    }

    /**
     * The depth of an item: how many key fields it has, contiguous from the first (1 for a state row,
     * 2 for a facility row, ...).
     */
    public int depthOf(Map<String, AttributeValue> item) {
        return keyValuesOf(item).size();
    }

    /**
     * The type of an item: the discriminator's value when declared and present, else the type label of its
     * depth, else its depth as a string.
     */
    public String typeOf(Map<String, AttributeValue> item) {
        if (typeDiscriminator != null && item.get(typeDiscriminator) != null
                && item.get(typeDiscriminator).s() != null) {
            return item.get(typeDiscriminator).s();
        }
        return typeOf(item, depthOf(item));
    }

    InvalidKeyException missingPartition() {
        return new InvalidKeyException("A value for the partition key field '" + partitionField().name()
                + "' is required: DynamoDB can only seek within one partition.");
    }

    private List<String> fieldNames() {
        return keyFields.stream().map(KeyField::name).toList();
    }

    @Override
    public String toString() {
        return "KeyModel" + fieldNames() + (structuralKey == null ? "" : " structuralKey="
                + structuralKey.attributeName() + " separator=" + structuralKey.separator());
    }

    /** Builds and validates a {@link KeyModel}. */
    public static final class Builder {

        private final List<KeyField> keyFields = new ArrayList<>();
        private String structuralKeyName;
        private String separator = CompositeKey.DEFAULT_SEPARATOR;
        private String technicalPrefix;
        private List<String> typeLabels = List.of();
        private String typeField;
        private String typeDiscriminator;
        private String versionField;
        private String createdAtField;

        private Builder() {
        }

        /** Declares the key fields in order; the first is the partition key. */
        public Builder keyFields(KeyField... fields) {
            return keyFields(Arrays.asList(fields));
        }

        /** Declares the key fields in order; the first is the partition key. */
        public Builder keyFields(List<KeyField> fields) {
            keyFields.clear();
            keyFields.addAll(fields);
            return this;
        }

        /** Declares string key fields by name, in order. */
        public Builder keyFields(String... names) {
            return keyFields(Arrays.stream(names).map(KeyField::string).toList());
        }

        /** Declares the structural key attribute, joined with the default separator {@code |}. */
        public Builder structuralKey(String name) {
            this.structuralKeyName = name;
            return this;
        }

        /** Declares the structural key attribute and its separator. */
        public Builder structuralKey(String name, String separator) {
            this.structuralKeyName = name;
            this.separator = separator;
            return this;
        }

        /** Declares the prefix of managed fields (e.g. {@code _}). */
        public Builder technicalPrefix(String prefix) {
            this.technicalPrefix = prefix;
            return this;
        }

        /** Names each depth, e.g. {@code state, facility, vehicle}; one label per key field. */
        public Builder typeLabels(String... labels) {
            return typeLabels(Arrays.asList(labels));
        }

        /** Names each depth; one label per key field. */
        public Builder typeLabels(List<String> labels) {
            this.typeLabels = labels == null ? List.of() : List.copyOf(labels);
            return this;
        }

        /** Declares the attribute written with the item's type label on full writes. */
        public Builder typeField(String name) {
            this.typeField = name;
            return this;
        }

        /** Declares an attribute whose value, when present, overrides the depth-derived type. */
        public Builder typeDiscriminator(String name) {
            this.typeDiscriminator = name;
            return this;
        }

        /** Declares the optimistic-locking version attribute (must live under the technical prefix). */
        public Builder versionField(String name) {
            this.versionField = name;
            return this;
        }

        /** Declares the created-at attribute (must live under the technical prefix). */
        public Builder createdAtField(String name) {
            this.createdAtField = name;
            return this;
        }

        /**
         * Validates and builds the declaration.
         *
         * @throws DeclarationException naming the property at fault and the fix
         */
        public KeyModel build() {
            new KeyModelValidator(this).validate();
            return new KeyModel(this);
        }

        List<KeyField> keyFields() {
            return keyFields;
        }

        String structuralKeyName() {
            return structuralKeyName;
        }

        String separator() {
            return separator;
        }

        String technicalPrefix() {
            return technicalPrefix;
        }

        List<String> typeLabels() {
            return typeLabels;
        }

        String typeField() {
            return typeField;
        }

        String typeDiscriminator() {
            return typeDiscriminator;
        }

        String versionField() {
            return versionField;
        }

        String createdAtField() {
            return createdAtField;
        }

        Set<String> managedFieldNames() {
            Set<String> names = new HashSet<>();
            if (structuralKeyName != null) {
                names.add(structuralKeyName);
            }
            if (versionField != null) {
                names.add(versionField);
            }
            if (createdAtField != null) {
                names.add(createdAtField);
            }
            return names;
        }
    }
}
