package io.dynamodbtoolkit.provision;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.expression.KeyAttribute;
import io.dynamodbtoolkit.index.IndexDeclaration;
import io.dynamodbtoolkit.index.IndexType;
import io.dynamodbtoolkit.key.KeyModel;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * The table an adapter declaration needs: key schema, attribute types, secondary indexes with their
 * projections, and TTL. Derived, never written by hand, so the table and the toolkit cannot disagree.
 *
 * @param table         the table name
 * @param keySchema     the table's key schema
 * @param attributes    every key attribute of the table and its indexes, with its type
 * @param globalIndexes the global secondary indexes
 * @param localIndexes  the local secondary indexes
 * @param ttlAttribute  the TTL attribute, when declared
 */
public record TableDefinition(String table, List<KeySchemaElement> keySchema,
        Map<String, ScalarAttributeType> attributes,
        List<GlobalSecondaryIndex> globalIndexes, List<LocalSecondaryIndex> localIndexes,
        Optional<String> ttlAttribute) {

    /** @return the definition an adapter declaration needs */
    public static TableDefinition of(AdapterDeclaration<?> declaration) {
        KeyModel keys = declaration.keys();
        Map<String, ScalarAttributeType> attributes = new LinkedHashMap<>();
        List<KeySchemaElement> keySchema = new ArrayList<>();
        attributes.put(keys.partitionField().name(), keys.partitionField().type().scalarType());
        keySchema.add(element(keys.partitionField().name(), KeyType.HASH));
        keys.sortKeyName().ifPresent(sort -> {
            attributes.put(sort, keys.isHierarchical() ? ScalarAttributeType.S : keys.keyField(1).type().scalarType());
            keySchema.add(element(sort, KeyType.RANGE));
        });
        List<GlobalSecondaryIndex> globals = new ArrayList<>();
        List<LocalSecondaryIndex> locals = new ArrayList<>();
        for (IndexDeclaration index : declaration.indexes().all()) {
            List<KeySchemaElement> indexKeys = new ArrayList<>();
            if (index.type() == IndexType.LOCAL) {
                indexKeys.add(element(keys.partitionField().name(), KeyType.HASH));
            } else {
                for (KeyAttribute attribute : Objects.requireNonNull(index.partition(),
                        "a global index has a partition key")
                        .keyAttributes()) {
                    attributes.put(attribute.name(), attribute.type());
                    indexKeys.add(element(attribute.name(), KeyType.HASH));
                }
            }
            if (index.sort() != null) {
                for (KeyAttribute attribute : index.sort().keyAttributes()) {
                    attributes.put(attribute.name(), attribute.type());
                    indexKeys.add(element(attribute.name(), KeyType.RANGE));
                }
            }
            if (index.type() == IndexType.LOCAL) {
                locals.add(LocalSecondaryIndex.builder().indexName(index.name()).keySchema(indexKeys)
                        .projection(index.projection().toSdk()).build());
            } else {
                globals.add(GlobalSecondaryIndex.builder().indexName(index.name()).keySchema(indexKeys)
                        .projection(index.projection().toSdk()).build());
            }
        }
        return new TableDefinition(declaration.table(), List.copyOf(keySchema), attributes, List.copyOf(globals),
                List.copyOf(locals), declaration.ttlAttribute());
    }

    /** @return the same definition without one index (e.g. to show what a table lacking it looks like) */
    public TableDefinition withoutIndex(String indexName) {
        return new TableDefinition(table, keySchema, attributes,
                globalIndexes.stream().filter(index -> !index.indexName().equals(indexName)).toList(),
                localIndexes.stream().filter(index -> !index.indexName().equals(indexName)).toList(), ttlAttribute);
    }

    /** @return the CreateTable request for the whole definition, billed on demand */
    public CreateTableRequest createRequest() {
        Set<String> used = new LinkedHashSet<>();
        keySchema.forEach(key -> used.add(key.attributeName()));
        globalIndexes.forEach(index -> index.keySchema().forEach(key -> used.add(key.attributeName())));
        localIndexes.forEach(index -> index.keySchema().forEach(key -> used.add(key.attributeName())));
        return CreateTableRequest.builder().tableName(table).keySchema(keySchema)
                .attributeDefinitions(definitions(List.copyOf(used)))
                .globalSecondaryIndexes(globalIndexes.isEmpty() ? null : globalIndexes)
                .localSecondaryIndexes(localIndexes.isEmpty() ? null : localIndexes)
                .billingMode(BillingMode.PAY_PER_REQUEST).build();
    }

    /** @return the attribute definitions of some attributes */
    public List<AttributeDefinition> definitions(List<String> names) {
        return names.stream().map(name -> AttributeDefinition.builder().attributeName(name)
                .attributeType(attributes.get(name)).build()).toList();
    }

    private static KeySchemaElement element(String name, KeyType type) {
        return KeySchemaElement.builder().attributeName(name).keyType(type).build();
    }
}
