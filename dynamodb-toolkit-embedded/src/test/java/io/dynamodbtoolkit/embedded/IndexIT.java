package io.dynamodbtoolkit.embedded;

import io.dynamodbtoolkit.embedded.support.EmbeddedServer;
import io.dynamodbtoolkit.embedded.support.TableNames;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.IndexStatus;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.Select;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;

import java.util.List;
import java.util.Map;

import static io.dynamodbtoolkit.embedded.support.Tables.attribute;
import static io.dynamodbtoolkit.embedded.support.Tables.hash;
import static io.dynamodbtoolkit.embedded.support.Tables.n;
import static io.dynamodbtoolkit.embedded.support.Tables.range;
import static io.dynamodbtoolkit.embedded.support.Tables.s;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@EmbeddedServer
class IndexIT {

    private static GlobalSecondaryIndex gsi(String name, ProjectionType projection, List<String> include,
                                            software.amazon.awssdk.services.dynamodb.model.KeySchemaElement... keys) {
        Projection.Builder p = Projection.builder().projectionType(projection);
        if (!include.isEmpty()) {
            p.nonKeyAttributes(include);
        }
        return GlobalSecondaryIndex.builder().indexName(name).keySchema(keys).projection(p.build()).build();
    }

    @Test
    void sparseGlobalIndexHoldsOnlyItemsWithItsKeysAndFollowsUpdates(DynamoDbClient client, TableNames names) {
        String table = names.next();
        io.dynamodbtoolkit.embedded.support.Tables.create(client, table, "pk", ScalarAttributeType.S, "sk",
                ScalarAttributeType.S, b -> b.attributeDefinitions(attribute("pk", ScalarAttributeType.S),
                                attribute("sk", ScalarAttributeType.S), attribute("status", ScalarAttributeType.S),
                                attribute("due", ScalarAttributeType.N))
                        .globalSecondaryIndexes(gsi("byStatus", ProjectionType.KEYS_ONLY, List.of(), hash("status"),
                                range("due"))));
        client.putItem(b -> b.tableName(table).item(Map.of("pk", s("a"), "sk", s("1"), "status", s("OPEN"),
                "due", n(3), "extra", s("x"))));
        client.putItem(b -> b.tableName(table).item(Map.of("pk", s("a"), "sk", s("2"), "status", s("OPEN"),
                "due", n(1))));
        client.putItem(b -> b.tableName(table).item(Map.of("pk", s("b"), "sk", s("1"), "due", n(2))));
        client.updateItem(b -> b.tableName(table).key(Map.of("pk", s("a"), "sk", s("2")))
                .updateExpression("SET #s = :closed").expressionAttributeNames(Map.of("#s", "status"))
                .expressionAttributeValues(Map.of(":closed", s("CLOSED"))));

        QueryResponse open = client.query(b -> b.tableName(table).indexName("byStatus")
                .keyConditionExpression("#s = :open").expressionAttributeNames(Map.of("#s", "status"))
                .expressionAttributeValues(Map.of(":open", s("OPEN"))));

        assertThat(open.items()).containsExactly(Map.of("pk", s("a"), "sk", s("1"), "status", s("OPEN"),
                "due", n(3)));
        assertThat(open.lastEvaluatedKey()).isEmpty();
        TableDescription description = client.describeTable(b -> b.tableName(table)).table();
        assertThat(description.itemCount()).isEqualTo(3);
        assertThat(description.globalSecondaryIndexes().get(0).itemCount()).isEqualTo(2);
    }

    @Test
    void indexQueryPagesWithIndexAndTableKeysInLastEvaluatedKey(DynamoDbClient client, TableNames names) {
        String table = names.next();
        io.dynamodbtoolkit.embedded.support.Tables.create(client, table, "pk", ScalarAttributeType.S, null, null,
                b -> b.attributeDefinitions(attribute("pk", ScalarAttributeType.S),
                                attribute("g", ScalarAttributeType.S))
                        .globalSecondaryIndexes(gsi("byG", ProjectionType.ALL, List.of(), hash("g"))));
        for (int i = 0; i < 5; i++) {
            String pk = "item" + i;
            client.putItem(b -> b.tableName(table).item(Map.of("pk", s(pk), "g", s("same"))));
        }

        QueryResponse page = client.query(b -> b.tableName(table).indexName("byG").keyConditionExpression("g = :g")
                .expressionAttributeValues(Map.of(":g", s("same"))).limit(2));
        QueryResponse rest = client.query(b -> b.tableName(table).indexName("byG").keyConditionExpression("g = :g")
                .expressionAttributeValues(Map.of(":g", s("same"))).exclusiveStartKey(page.lastEvaluatedKey()));

        assertThat(page.lastEvaluatedKey()).containsOnlyKeys("pk", "g");
        assertThat(page.count() + rest.count()).isEqualTo(5);
        assertThatThrownBy(() -> client.query(b -> b.tableName(table).indexName("byG").consistentRead(true)
                .keyConditionExpression("g = :g").expressionAttributeValues(Map.of(":g", s("same")))))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageContaining("Consistent reads are not supported on global secondary indexes");
    }

    @Test
    void multiAttributeGlobalIndexKeysQueryByPrefixOfSortAttributes(DynamoDbClient client, TableNames names) {
        String table = names.next();
        io.dynamodbtoolkit.embedded.support.Tables.create(client, table, "id", ScalarAttributeType.S, null, null,
                b -> b.attributeDefinitions(attribute("id", ScalarAttributeType.S),
                                attribute("tenant", ScalarAttributeType.S), attribute("region", ScalarAttributeType.S),
                                attribute("year", ScalarAttributeType.N), attribute("month", ScalarAttributeType.N))
                        .globalSecondaryIndexes(gsi("byTenantRegion", ProjectionType.INCLUDE, List.of("label"),
                                hash("tenant"), hash("region"), range("year"), range("month"))));
        int id = 0;
        for (String region : List.of("eu", "us")) {
            for (int year = 2023; year <= 2024; year++) {
                for (int month = 1; month <= 3; month++) {
                    String itemId = "i" + id++;
                    int y = year;
                    int m = month;
                    client.putItem(b -> b.tableName(table).item(Map.of("id", s(itemId), "tenant", s("t1"),
                            "region", s(region), "year", n(y), "month", n(m), "label", s(region + y + m),
                            "hidden", s("h"))));
                }
            }
        }

        QueryResponse response = client.query(b -> b.tableName(table).indexName("byTenantRegion")
                .keyConditionExpression("tenant = :t AND #r = :r AND #y = :y AND #m >= :m")
                .expressionAttributeNames(Map.of("#r", "region", "#y", "year", "#m", "month"))
                .expressionAttributeValues(Map.of(":t", s("t1"), ":r", s("eu"), ":y", n(2024), ":m", n(2))));

        assertThat(response.items()).extracting(item -> item.get("label").s()).containsExactly("eu20242", "eu20243");
        assertThat(response.items()).allSatisfy(item -> assertThat(item).doesNotContainKey("hidden"));
        assertThatThrownBy(() -> client.query(b -> b.tableName(table).indexName("byTenantRegion")
                .keyConditionExpression("tenant = :t AND #m = :m")
                .expressionAttributeNames(Map.of("#m", "month"))
                .expressionAttributeValues(Map.of(":t", s("t1"), ":m", n(2)))))
                .isInstanceOf(DynamoDbException.class);
        TableDescription description = client.describeTable(b -> b.tableName(table)).table();
        assertThat(description.globalSecondaryIndexes().get(0).keySchema()).hasSize(4);
    }

    @Test
    void localIndexOrdersByAlternateSortKeyAndFetchesUnprojectedAttributes(DynamoDbClient client, TableNames names) {
        String table = names.next();
        io.dynamodbtoolkit.embedded.support.Tables.create(client, table, "pk", ScalarAttributeType.S, "sk",
                ScalarAttributeType.S, b -> b.attributeDefinitions(attribute("pk", ScalarAttributeType.S),
                                attribute("sk", ScalarAttributeType.S), attribute("rank", ScalarAttributeType.N))
                        .localSecondaryIndexes(LocalSecondaryIndex.builder().indexName("byRank")
                                .keySchema(hash("pk"), range("rank"))
                                .projection(Projection.builder().projectionType(ProjectionType.KEYS_ONLY).build())
                                .build()));
        client.putItem(b -> b.tableName(table).item(Map.of("pk", s("p"), "sk", s("a"), "rank", n(3), "v", s("A"))));
        client.putItem(b -> b.tableName(table).item(Map.of("pk", s("p"), "sk", s("b"), "rank", n(1), "v", s("B"))));

        QueryResponse keysOnly = client.query(b -> b.tableName(table).indexName("byRank")
                .keyConditionExpression("pk = :p").expressionAttributeValues(Map.of(":p", s("p"))));
        QueryResponse all = client.query(b -> b.tableName(table).indexName("byRank").select(Select.ALL_ATTRIBUTES)
                .keyConditionExpression("pk = :p").expressionAttributeValues(Map.of(":p", s("p"))));

        assertThat(keysOnly.items()).extracting(item -> item.get("sk").s()).containsExactly("b", "a");
        assertThat(keysOnly.items().get(0)).doesNotContainKey("v");
        assertThat(all.items()).extracting(item -> item.get("v").s()).containsExactly("B", "A");
    }

    @Test
    void updateTableAddsGlobalIndexWithBackfillAndDeletesIt(DynamoDbClient client, TableNames names) {
        String table = names.next();
        io.dynamodbtoolkit.embedded.support.Tables.create(client, table, "pk", ScalarAttributeType.S, null, null);
        for (int i = 0; i < 10; i++) {
            String pk = "p" + i;
            int color = i % 3;
            client.putItem(b -> b.tableName(table).item(Map.of("pk", s(pk), "color", s("c" + color))));
        }

        TableDescription updated = client.updateTable(b -> b.tableName(table)
                .attributeDefinitions(attribute("color", ScalarAttributeType.S))
                .globalSecondaryIndexUpdates(u -> u.create(c -> c.indexName("byColor").keySchema(hash("color"))
                        .projection(p -> p.projectionType(ProjectionType.ALL))))).tableDescription();
        QueryResponse red = client.query(b -> b.tableName(table).indexName("byColor")
                .keyConditionExpression("color = :c").expressionAttributeValues(Map.of(":c", s("c0"))));

        GlobalSecondaryIndexDescription index = updated.globalSecondaryIndexes().get(0);
        assertThat(index.indexStatus()).isEqualTo(IndexStatus.ACTIVE);
        assertThat(index.itemCount()).isEqualTo(10);
        assertThat(red.count()).isEqualTo(4);

        client.updateTable(b -> b.tableName(table).globalSecondaryIndexUpdates(u -> u.delete(d -> d.indexName("byColor"))));
        assertThat(client.describeTable(b -> b.tableName(table)).table().hasGlobalSecondaryIndexes()).isFalse();
        assertThatThrownBy(() -> client.query(b -> b.tableName(table).indexName("byColor")
                .keyConditionExpression("color = :c").expressionAttributeValues(Map.of(":c", s("c0")))))
                .hasMessageContaining("The table does not have the specified index: byColor");
    }

    @Test
    void writeWithWrongTypeForIndexKeyIsRejected(DynamoDbClient client, TableNames names) {
        String table = names.next();
        io.dynamodbtoolkit.embedded.support.Tables.create(client, table, "pk", ScalarAttributeType.S, null, null,
                b -> b.attributeDefinitions(attribute("pk", ScalarAttributeType.S),
                                attribute("g", ScalarAttributeType.S))
                        .globalSecondaryIndexes(gsi("byG", ProjectionType.ALL, List.of(), hash("g"))));

        assertThatThrownBy(() -> client.putItem(b -> b.tableName(table).item(Map.of("pk", s("a"), "g", n(1)))))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageContaining("Type mismatch for Index Key g Expected: S Actual: N IndexName: byG");
        AttributeValue empty = s("");
        assertThatThrownBy(() -> client.putItem(b -> b.tableName(table).item(Map.of("pk", s("a"), "g", empty))))
                .hasMessageContaining("cannot contain an empty string value. IndexName: byG, IndexKey: g");
    }
}
