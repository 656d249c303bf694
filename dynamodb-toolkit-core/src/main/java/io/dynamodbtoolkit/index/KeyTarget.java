package io.dynamodbtoolkit.index;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import io.dynamodbtoolkit.expression.IndexKeySchema;
import io.dynamodbtoolkit.expression.KeyAttribute;
import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.key.KeyType;
import org.jspecify.annotations.Nullable;

/**
 * What a key-seek query targets: the table's own key or a secondary index, as key sides that know how their
 * attributes are composed from fields.
 *
 * @param indexName    the index, or null for the table
 * @param partition    the partition side
 * @param sort         the sort side, or null
 * @param global       whether the target is a global index (no strongly consistent reads)
 * @param schema       the DynamoDB key schema
 * @param positionKeys the attributes that position a page: the table's key, then the index's
 */
public record KeyTarget(@Nullable String indexName, IndexKeyPart partition, @Nullable IndexKeyPart sort, boolean global,
        IndexKeySchema schema, List<String> positionKeys) {

    /** @return the table's own key as a target */
    public static KeyTarget table(String table, KeyModel keys) {
        IndexKeyPart partition = new AttributeKeyPart(keys.partitionField().name(),
                keys.partitionField().type().scalarType());
        IndexKeyPart sort = keys.structuralKey().<IndexKeyPart>map(CompositeKeyPart::new)
                .orElse(keys.keyFields().size() == 2 ? new AttributeKeyPart(keys.keyField(1).name(),
                        keys.keyField(1).type().scalarType()) : null);
        return new KeyTarget(null, partition, sort, false, schema("table " + table, partition, sort),
                keys.primaryKeyNames());
    }

    /** @return a declared index as a target */
    public static KeyTarget index(IndexSet indexes, String name, KeyModel keys) {
        IndexDeclaration index = indexes.get(name);
        IndexKeyPart partition = index.partition() != null ? index.partition()
                : new AttributeKeyPart(keys.partitionField().name(), keys.partitionField().type().scalarType());
        return new KeyTarget(name, partition, index.sort(), index.type() == IndexType.GLOBAL,
                indexes.schema(name), indexes.positionKeys(name));
    }

    private static IndexKeySchema schema(String description, IndexKeyPart partition, @Nullable IndexKeyPart sort) {
        return IndexKeySchema.of(description, partition.keyAttributes(),
                sort == null ? List.of() : sort.keyAttributes());
    }

    /** @return the fields a query may name: the sources of both sides */
    public Set<String> fields() {
        Set<String> fields = new LinkedHashSet<>(partition.sourceFields());
        if (sort != null) {
            fields.addAll(sort.sourceFields());
        }
        if (partition instanceof AttributeKeyPart || partition instanceof MultiAttributeKeyPart) {
            partition.keyAttributes().stream().map(KeyAttribute::name).forEach(fields::add);
        }
        return fields;
    }

    /** @return the key attributes of both sides */
    public List<KeyAttribute> keyAttributes() {
        List<KeyAttribute> attributes = new ArrayList<>(partition.keyAttributes());
        if (sort != null) {
            attributes.addAll(sort.keyAttributes());
        }
        return attributes;
    }

    static KeyType keyType(KeyAttribute attribute) {
        return switch (attribute.type()) {
            case N -> KeyType.NUMBER;
            case B -> KeyType.BINARY;
            default -> KeyType.STRING;
        };
    }
}
