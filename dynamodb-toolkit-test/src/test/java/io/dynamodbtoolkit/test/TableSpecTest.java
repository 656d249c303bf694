package io.dynamodbtoolkit.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;

/** Pure request building; the tables these specs describe are created for real in {@link TestTablesIT}. */
class TableSpecTest {

    private static CreateTableRequest request(TableSpec spec) {
        CreateTableRequest.Builder builder = CreateTableRequest.builder();
        spec.applyTo(builder);
        return builder.build();
    }

    private static KeySchemaElement key(String attribute, KeyType type) {
        return KeySchemaElement.builder().attributeName(attribute).keyType(type).build();
    }

    private static AttributeDefinition attribute(String name, ScalarAttributeType type) {
        return AttributeDefinition.builder().attributeName(name).attributeType(type).build();
    }

    @Test
    void buildsKeysIndexesAndOneDefinitionPerAttribute() {
        CreateTableRequest request = request(TableSpec.named("rentals")
                .partitionKey("state", ScalarAttributeType.S)
                .sortKey("_sk", ScalarAttributeType.S)
                .globalIndex("by-kind", "kind", ScalarAttributeType.S, "_sk", ScalarAttributeType.S, ProjectionType.ALL)
                .globalIndex("by-owner", "owner", ScalarAttributeType.S, ProjectionType.KEYS_ONLY)
                .localIndex("by-price", "price", ScalarAttributeType.N, ProjectionType.ALL));

        assertThat(request.tableName()).isNull();
        assertThat(request.billingMode()).isEqualTo(BillingMode.PAY_PER_REQUEST);
        assertThat(request.keySchema()).containsExactly(key("state", KeyType.HASH), key("_sk", KeyType.RANGE));
        assertThat(request.attributeDefinitions()).containsExactly(
                attribute("state", ScalarAttributeType.S), attribute("_sk", ScalarAttributeType.S),
                attribute("kind", ScalarAttributeType.S), attribute("owner", ScalarAttributeType.S),
                attribute("price", ScalarAttributeType.N));
        assertThat(request.globalSecondaryIndexes()).extracting(GlobalSecondaryIndex::indexName)
                .containsExactly("by-kind", "by-owner");
        assertThat(request.globalSecondaryIndexes().get(0).keySchema())
                .containsExactly(key("kind", KeyType.HASH), key("_sk", KeyType.RANGE));
        assertThat(request.globalSecondaryIndexes().get(1).projection().projectionType())
                .isEqualTo(ProjectionType.KEYS_ONLY);
        assertThat(request.localSecondaryIndexes().get(0).keySchema())
                .containsExactly(key("state", KeyType.HASH), key("price", KeyType.RANGE));
    }

    @Test
    void leavesIndexesOutWhenThereAreNone() {
        CreateTableRequest request = request(TableSpec.named("plain").partitionKey("pk", ScalarAttributeType.B));

        assertThat(request.hasGlobalSecondaryIndexes()).isFalse();
        assertThat(request.hasLocalSecondaryIndexes()).isFalse();
        assertThat(request.keySchema()).containsExactly(key("pk", KeyType.HASH));
    }

    @Test
    void acceptsRawIndexesWithDeclaredAttributesAndCustomizations() {
        GlobalSecondaryIndex raw = GlobalSecondaryIndex.builder().indexName("raw")
                .keySchema(key("a", KeyType.HASH), key("b", KeyType.RANGE))
                .projection(Projection.builder().projectionType(ProjectionType.INCLUDE).nonKeyAttributes("c").build())
                .build();

        CreateTableRequest request = request(TableSpec.named("custom")
                .partitionKey("pk", ScalarAttributeType.S)
                .globalIndex(raw)
                .attribute("a", ScalarAttributeType.S)
                .attribute("b", ScalarAttributeType.N)
                .customize(table -> table.streamSpecification(stream -> stream.streamEnabled(true)
                        .streamViewType(StreamViewType.NEW_IMAGE))));

        assertThat(request.globalSecondaryIndexes()).containsExactly(raw);
        assertThat(request.attributeDefinitions()).contains(attribute("b", ScalarAttributeType.N));
        assertThat(request.streamSpecification().streamEnabled()).isTrue();
    }

    @Test
    void requiresAPartitionKey() {
        assertThatThrownBy(() -> request(TableSpec.named("keyless")))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("TableSpec 'keyless' has no partition key: call partitionKey(attribute, type)");
    }

    @Test
    void rejectsAnAttributeDeclaredWithTwoTypes() {
        TableSpec spec = TableSpec.named("clash").partitionKey("pk", ScalarAttributeType.S);

        assertThatThrownBy(() -> spec.globalIndex("by-pk", "pk", ScalarAttributeType.N, ProjectionType.ALL))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("TableSpec 'clash': attribute 'pk' is declared as S and as N; a key attribute has one type");
    }

    @Test
    void rejectsADuplicateIndexName() {
        TableSpec spec = TableSpec.named("twice").partitionKey("pk", ScalarAttributeType.S)
                .sortKey("sk", ScalarAttributeType.S)
                .globalIndex("idx", "a", ScalarAttributeType.S, ProjectionType.ALL);

        assertThatThrownBy(() -> spec.localIndex("idx", "b", ScalarAttributeType.S, ProjectionType.ALL))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("TableSpec 'twice': index 'idx' is declared twice");
    }

    @Test
    void rejectsALocalIndexWithoutATableSortKey() {
        TableSpec spec = TableSpec.named("flat").partitionKey("pk", ScalarAttributeType.S)
                .localIndex("by-x", "x", ScalarAttributeType.S, ProjectionType.ALL);

        assertThatThrownBy(() -> request(spec))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("declares local indexes but no sort key: call sortKey(attribute, type)");
    }

    @Test
    void rejectsASecondPartitionOrSortKey() {
        TableSpec spec = TableSpec.named("keys").partitionKey("pk", ScalarAttributeType.S)
                .sortKey("sk", ScalarAttributeType.S);

        assertThatThrownBy(() -> spec.partitionKey("other", ScalarAttributeType.S))
                .hasMessage("TableSpec 'keys' already has the partition key 'pk'");
        assertThatThrownBy(() -> spec.sortKey("other", ScalarAttributeType.S))
                .hasMessage("TableSpec 'keys' already has the sort key 'sk'");
    }

    @Test
    void rejectsEmptyNames() {
        TableSpec spec = TableSpec.named("names");

        assertThatThrownBy(() -> spec.partitionKey("", ScalarAttributeType.S))
                .hasMessageContaining("a key attribute name must not be empty");
        assertThatThrownBy(() -> spec.globalIndex("", "a", ScalarAttributeType.S, ProjectionType.ALL))
                .hasMessageContaining("an index name must not be empty");
        assertThat(List.of(spec.baseName())).containsExactly("names");
    }
}
