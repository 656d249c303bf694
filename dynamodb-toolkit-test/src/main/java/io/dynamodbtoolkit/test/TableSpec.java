package io.dynamodbtoolkit.test;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * A compact description of a test table, for {@link TestTables#create(TableSpec)}: keys, secondary indexes and
 * their attribute definitions, which are collected from the keys (an attribute declared twice with different types
 * is rejected).
 *
 * <pre>{@code
 * TableSpec.named("rentals")
 *     .partitionKey("state", ScalarAttributeType.S)
 *     .sortKey("_sk", ScalarAttributeType.S)
 *     .globalIndex("by-kind", "kind", ScalarAttributeType.S, "_sk", ScalarAttributeType.S, ProjectionType.ALL)
 * }</pre>
 *
 * Billing mode is PAY_PER_REQUEST unless {@link #customize} sets another (with provisioned throughput).
 */
public final class TableSpec {

    private final String baseName;
    private final Map<String, ScalarAttributeType> attributes = new LinkedHashMap<>();
    private final Set<String> indexNames = new LinkedHashSet<>();
    private final List<GlobalSecondaryIndex> globalIndexes = new ArrayList<>();
    private final List<LocalSecondaryIndex> localIndexes = new ArrayList<>();
    private final List<Consumer<CreateTableRequest.Builder>> customizations = new ArrayList<>();
    private @Nullable KeySchemaElement partitionKey;
    private @Nullable KeySchemaElement sortKey;

    private TableSpec(String baseName) {
        this.baseName = TableNames.requireBaseName(baseName);
    }

    /** A spec for a table whose unique name starts with {@code baseName}. */
    public static TableSpec named(String baseName) {
        return new TableSpec(baseName);
    }

    /** The base of the table name. */
    public String baseName() {
        return baseName;
    }

    /** The table's partition (HASH) key; required. */
    public TableSpec partitionKey(String attribute, ScalarAttributeType type) {
        if (partitionKey != null) {
            throw new IllegalStateException("TableSpec '" + baseName + "' already has the partition key '"
                    + partitionKey.attributeName() + "'");
        }
        partitionKey = keyElement(attribute, type, KeyType.HASH);
        return this;
    }

    /** The table's sort (RANGE) key; optional. */
    public TableSpec sortKey(String attribute, ScalarAttributeType type) {
        if (sortKey != null) {
            throw new IllegalStateException("TableSpec '" + baseName + "' already has the sort key '"
                    + sortKey.attributeName() + "'");
        }
        sortKey = keyElement(attribute, type, KeyType.RANGE);
        return this;
    }

    /** A global secondary index with a partition key only. */
    public TableSpec globalIndex(String indexName, String partitionAttribute, ScalarAttributeType partitionType,
            ProjectionType projection) {
        return globalIndex(GlobalSecondaryIndex.builder()
                .indexName(indexName)
                .keySchema(keyElement(partitionAttribute, partitionType, KeyType.HASH))
                .projection(Projection.builder().projectionType(projection).build())
                .build());
    }

    /** A global secondary index with a partition and a sort key. */
    public TableSpec globalIndex(String indexName, String partitionAttribute, ScalarAttributeType partitionType,
            String sortAttribute, ScalarAttributeType sortType, ProjectionType projection) {
        return globalIndex(indexName, partitionAttribute, partitionType, sortAttribute, sortType,
                Projection.builder().projectionType(projection).build());
    }

    /** A global secondary index with a partition and a sort key and any projection (e.g. INCLUDE with attributes). */
    public TableSpec globalIndex(String indexName, String partitionAttribute, ScalarAttributeType partitionType,
            String sortAttribute, ScalarAttributeType sortType, Projection projection) {
        return globalIndex(GlobalSecondaryIndex.builder()
                .indexName(indexName)
                .keySchema(keyElement(partitionAttribute, partitionType, KeyType.HASH),
                        keyElement(sortAttribute, sortType, KeyType.RANGE))
                .projection(projection)
                .build());
    }

    /**
     * A global secondary index given as the SDK model, e.g. with multi-attribute keys. Declare the types of its key
     * attributes with {@link #attribute}.
     */
    public TableSpec globalIndex(GlobalSecondaryIndex index) {
        Objects.requireNonNull(index, "index");
        requireNewIndexName(index.indexName());
        globalIndexes.add(index);
        return this;
    }

    /** A local secondary index (same partition key as the table, another sort key); needs a table sort key. */
    public TableSpec localIndex(String indexName, String sortAttribute, ScalarAttributeType sortType,
            ProjectionType projection) {
        requireNewIndexName(indexName);
        KeySchemaElement sort = keyElement(sortAttribute, sortType, KeyType.RANGE);
        localIndexes.add(LocalSecondaryIndex.builder()
                .indexName(indexName)
                .keySchema(sort)
                .projection(Projection.builder().projectionType(projection).build())
                .build());
        return this;
    }

    /** Declares the type of a key attribute used by an index given with {@link #globalIndex(GlobalSecondaryIndex)}. */
    public TableSpec attribute(String attribute, ScalarAttributeType type) {
        declare(attribute, type);
        return this;
    }

    /**
     * Further settings applied to the request after the spec's own (billing mode, streams, tags, ...). The table
     * name is always set by {@link TestTables}.
     */
    public TableSpec customize(Consumer<CreateTableRequest.Builder> customization) {
        customizations.add(Objects.requireNonNull(customization, "customization"));
        return this;
    }

    /**
     * Writes this spec into a request builder (everything but the table name), then applies the customizations.
     *
     * @throws IllegalStateException when the spec has no partition key, or local indexes but no sort key
     */
    public void applyTo(CreateTableRequest.Builder request) {
        if (partitionKey == null) {
            throw new IllegalStateException("TableSpec '" + baseName
                    + "' has no partition key: call partitionKey(attribute, type)");
        }
        if (!localIndexes.isEmpty() && sortKey == null) {
            throw new IllegalStateException("TableSpec '" + baseName + "' declares local indexes but no sort key:"
                    + " call sortKey(attribute, type) (a local index needs a table with a composite primary key)");
        }
        List<LocalSecondaryIndex> locals = localIndexes.stream()
                .map(index -> index.toBuilder().keySchema(partitionKey, index.keySchema().get(0)).build())
                .toList();
        request.keySchema(sortKey == null ? List.of(partitionKey) : List.of(partitionKey, sortKey))
                .attributeDefinitions(attributes.entrySet().stream()
                        .map(entry -> AttributeDefinition.builder()
                                .attributeName(entry.getKey()).attributeType(entry.getValue()).build())
                        .toList())
                .globalSecondaryIndexes(globalIndexes.isEmpty() ? null : globalIndexes)
                .localSecondaryIndexes(locals.isEmpty() ? null : locals)
                .billingMode(BillingMode.PAY_PER_REQUEST);
        customizations.forEach(customization -> customization.accept(request));
    }

    private KeySchemaElement keyElement(String attribute, ScalarAttributeType type, KeyType keyType) {
        declare(attribute, type);
        return KeySchemaElement.builder().attributeName(attribute).keyType(keyType).build();
    }

    private void declare(String attribute, ScalarAttributeType type) {
        if (attribute == null || attribute.isEmpty()) {
            throw new IllegalArgumentException("TableSpec '" + baseName + "': a key attribute name must not be empty");
        }
        Objects.requireNonNull(type, () -> "TableSpec '" + baseName + "': the type of attribute '" + attribute + "'");
        ScalarAttributeType previous = attributes.putIfAbsent(attribute, type);
        if (previous != null && previous != type) {
            throw new IllegalArgumentException("TableSpec '" + baseName + "': attribute '" + attribute
                    + "' is declared as " + previous + " and as " + type + "; a key attribute has one type");
        }
    }

    private void requireNewIndexName(String indexName) {
        if (indexName == null || indexName.isEmpty()) {
            throw new IllegalArgumentException("TableSpec '" + baseName + "': an index name must not be empty");
        }
        if (!indexNames.add(indexName)) {
            throw new IllegalArgumentException("TableSpec '" + baseName + "': index '" + indexName
                    + "' is declared twice");
        }
    }
}
