package io.dynamodbtoolkit.expression;

import static io.dynamodbtoolkit.expression.TestItems.plain;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import io.dynamodbtoolkit.test.DynamoDbEndpoint;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.TestTables;
import io.dynamodbtoolkit.test.server.MotoServerProvider;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.Get;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItem;

/** Executes projections on a real server with every read request kind. */
@DynamoDbTest
class ProjectionServerIT {

    private static final String MOTO_INDEXES = "moto 5.2.1 does not resolve a name placeholder followed by a list"
            + " index (#n1[1]) in a ProjectionExpression";
    private static final Map<String, AttributeValue> KEY = Map.of("pk", AttributeValue.fromS("p"),
            "sk", AttributeValue.fromS("1"));

    private static String seed(DynamoDbClient client, TestTables tables) {
        String table = tables.create("projections", b -> b
                .keySchema(KeySchemaElement.builder().attributeName("pk").keyType(KeyType.HASH).build(),
                        KeySchemaElement.builder().attributeName("sk").keyType(KeyType.RANGE).build())
                .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("sk").attributeType(ScalarAttributeType.S)));
        TestItems.put(client, table, "pk", "p", "sk", "1", "a", Map.of("b", List.of("x", "y", "z"), "c", 1), "c", "top",
                "dotted.name", "d", "list", List.of(Map.of("k", 1, "other", 0), Map.of("k", 2, "other", 0)),
                "#:ü x", "odd");
        return table;
    }

    private static Map<String, Object> get(DynamoDbClient client, String table, Projection projection) {
        GetItemRequest request = ExpressionRequest.create().projection(projection)
                .applyTo(GetItemRequest.builder().tableName(table).key(KEY).consistentRead(true)).build();
        return plain(client.getItem(request).item());
    }

    @Test
    void projectsListElements(DynamoDbClient client, TestTables tables, DynamoDbEndpoint endpoint) {
        assumeFalse(endpoint.backend().equals(MotoServerProvider.NAME), MOTO_INDEXES);
        String table = seed(client, tables);
        assertThat(get(client, table, Projection.of("a.b[1]", "c")))
                .isEqualTo(Map.of("a", Map.of("b", List.of("y")), "c", "top"));
        assertThat(get(client, table, Projection.of("list[1].k")))
                .isEqualTo(Map.of("list", List.of(Map.of("k", new BigDecimal("2")))));
    }

    @Test
    void projectsNestedPaths(DynamoDbClient client, TestTables tables) {
        String table = seed(client, tables);
        assertThat(get(client, table, Projection.of("a.c", "c")))
                .isEqualTo(Map.of("a", Map.of("c", new BigDecimal("1")), "c", "top"));
        assertThat(get(client, table, Projection.of("a.b", "a.c").with("a")))
                .isEqualTo(Map.of("a", Map.of("b", List.of("x", "y", "z"), "c", new BigDecimal("1"))));
        assertThat(get(client, table, Projection.of("c").with(AttributePath.of("pk"), AttributePath.of("sk"))))
                .isEqualTo(Map.of("c", "top", "pk", "p", "sk", "1"));
    }

    @Test
    void projectsAttributesWithSpecialCharactersLiterally(DynamoDbClient client, TestTables tables) {
        String table = seed(client, tables);
        assertThat(get(client, table, Projection.of(AttributePath.of("dotted.name"), AttributePath.of("#:ü x"))))
                .isEqualTo(Map.of("dotted.name", "d", "#:ü x", "odd"));
        assertThat(get(client, table, Projection.of("dotted.name"))).as("parsed, it is the nested path dotted -> name")
                .isEmpty();
    }

    @Test
    void projectsQueriesScansAndBatchGets(DynamoDbClient client, TestTables tables) {
        String table = seed(client, tables);
        Projection projection = Projection.of("a.c", "c");
        Map<String, Object> expected = Map.of("a", Map.of("c", new BigDecimal("1")), "c", "top");
        QueryRequest query = ExpressionRequest.create().keyCondition(KeyCondition.partition("pk", "p"))
                .projection(projection).applyTo(QueryRequest.builder().tableName(table)).build();
        assertThat(client.query(query).items()).extracting(TestItems::plain).containsExactly(expected);
        ScanRequest scan = ExpressionRequest.create().projection(projection).applyTo(ScanRequest.builder().tableName(table))
                .build();
        assertThat(client.scan(scan).items()).extracting(TestItems::plain).containsExactly(expected);
        KeysAndAttributes keys = ExpressionRequest.create().projection(projection)
                .applyTo(KeysAndAttributes.builder().keys(List.of(KEY))).build();
        BatchGetItemResponse batch = client.batchGetItem(b -> b.requestItems(Map.of(table, keys)));
        assertThat(batch.responses().get(table)).extracting(TestItems::plain).containsExactly(expected);
    }

    @Test
    void projectsTransactionGets(DynamoDbClient client, TestTables tables, DynamoDbEndpoint endpoint) {
        assumeFalse(endpoint.backend().equals(MotoServerProvider.NAME), "moto 5.2.1 ignores the ProjectionExpression of TransactGetItems");
        String table = seed(client, tables);
        Projection projection = Projection.of("a.c", "c");
        Map<String, Object> expected = Map.of("a", Map.of("c", new BigDecimal("1")), "c", "top");
        TransactGetItem get = TransactGetItem.builder().get(ExpressionRequest.create().projection(projection)
                .applyTo(Get.builder().tableName(table).key(KEY)).build()).build();
        assertThat(client.transactGetItems(b -> b.transactItems(get)).responses())
                .extracting(response -> plain(response.item())).containsExactly(expected);
    }
}
