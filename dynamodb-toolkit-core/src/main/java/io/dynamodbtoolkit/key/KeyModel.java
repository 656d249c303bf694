package io.dynamodbtoolkit.key;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

import io.dynamodbtoolkit.DeclarationException;
import org.jspecify.annotations.Nullable;

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
 *
 * <p>This class is the declaration only; {@link #codec()} translates between key values, primary keys and items.
 */
public final class KeyModel {

    private final List<KeyField> keyFields;
    private final @Nullable CompositeKey structuralKey;
    private final @Nullable String technicalPrefix;
    private final List<String> typeLabels;
    private final @Nullable String typeField;
    private final @Nullable String typeDiscriminator;
    private final @Nullable String versionField;
    private final @Nullable String createdAtField;
    private final KeyCodec codec;

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
        this.codec = new KeyCodec(this);
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
     * @return the translations between this declaration's key values, primary keys and items (one instance per
     *         model)
     */
    public KeyCodec codec() {
        return codec;
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
        private @Nullable String structuralKeyName;
        private String separator = CompositeKey.DEFAULT_SEPARATOR;
        private @Nullable String technicalPrefix;
        private List<String> typeLabels = List.of();
        private @Nullable String typeField;
        private @Nullable String typeDiscriminator;
        private @Nullable String versionField;
        private @Nullable String createdAtField;

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
        public Builder technicalPrefix(@Nullable String prefix) {
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
        public Builder typeField(@Nullable String name) {
            this.typeField = name;
            return this;
        }

        /** Declares an attribute whose value, when present, overrides the depth-derived type. */
        public Builder typeDiscriminator(@Nullable String name) {
            this.typeDiscriminator = name;
            return this;
        }

        /** Declares the optimistic-locking version attribute (must live under the technical prefix). */
        public Builder versionField(@Nullable String name) {
            this.versionField = name;
            return this;
        }

        /** Declares the created-at attribute (must live under the technical prefix). */
        public Builder createdAtField(@Nullable String name) {
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

        @Nullable String structuralKeyName() {
            return structuralKeyName;
        }

        String separator() {
            return separator;
        }

        @Nullable String technicalPrefix() {
            return technicalPrefix;
        }

        List<String> typeLabels() {
            return typeLabels;
        }

        @Nullable String typeField() {
            return typeField;
        }

        @Nullable String typeDiscriminator() {
            return typeDiscriminator;
        }

        @Nullable String versionField() {
            return versionField;
        }

        @Nullable String createdAtField() {
            return createdAtField;
        }
    }
}
