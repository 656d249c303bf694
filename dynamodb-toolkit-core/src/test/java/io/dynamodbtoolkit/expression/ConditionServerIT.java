package io.dynamodbtoolkit.expression;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import io.dynamodbtoolkit.test.DynamoDbEndpoint;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.TestTables;
import io.dynamodbtoolkit.test.server.MotoServerProvider;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

/** Executes conditions as Scan filters and write conditions on a real server and checks which items match. */
@DynamoDbTest
class ConditionServerIT {

    private static final String WEIRD = "we#ird";
    private static final String COLON = "a:b";
    private static final String DOTTED = "dotted.name";
    private static final String SPACED = "with space";
    private static final String UNICODE = "ünï";

    private static String seed(DynamoDbClient client, TestTables tables) {
        String table = tables.create("conditions", b -> b
                .keySchema(KeySchemaElement.builder().attributeName("pk").keyType(KeyType.HASH).build())
                .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S)));
        put(client, table, item("1", WEIRD, "alpha", COLON, 10, DOTTED, "x.y", SPACED, true, UNICODE, "ü",
                "meta", Map.of("tags", Set.of("red", "blue"), "n", 5), "lines", List.of("l1", "l2"),
                "bin", new byte[] {1, 2, 3}, "nul", null, "nums", Set.of(1, 2)));
        put(client, table, item("2", WEIRD, "beta", COLON, 20, DOTTED, "x.z", SPACED, false,
                "meta", Map.of("tags", Set.of("green"), "n", 7), "lines", List.of("l1"), "bin", new byte[] {9}));
        put(client, table, item("3", WEIRD, "alphabet", COLON, 30, UNICODE, "u", "bins", Set.of(new byte[] {4})));
        return table;
    }

    private static Map<String, AttributeValue> item(String pk, Object... attributes) {
        Object[] all = new Object[attributes.length + 2];
        all[0] = "pk";
        all[1] = pk;
        System.arraycopy(attributes, 0, all, 2, attributes.length);
        return TestItems.item(all);
    }

    private static void put(DynamoDbClient client, String table, Map<String, AttributeValue> item) {
        client.putItem(b -> b.tableName(table).item(item));
    }

    private static Set<String> matching(DynamoDbClient client, String table, Condition condition) {
        ScanRequest request = ExpressionRequest.create().filter(condition)
                .applyTo(ScanRequest.builder().tableName(table).consistentRead(true)).build();
        return client.scan(request).items().stream().map(item -> item.get("pk").s())
                .collect(Collectors.toCollection(TreeSet::new));
    }

    @Test
    void comparesAgainstValuesOnAttributesWithSpecialCharacters(DynamoDbClient client, TestTables tables) {
        String table = seed(client, tables);
        assertThat(matching(client, table, Condition.attribute(WEIRD).eq("alpha"))).containsExactly("1");
        assertThat(matching(client, table, Condition.attribute(WEIRD).ne("alpha"))).containsExactly("2", "3");
        assertThat(matching(client, table, Condition.attribute(COLON).lt(20))).containsExactly("1");
        assertThat(matching(client, table, Condition.attribute(COLON).le(20))).containsExactly("1", "2");
        assertThat(matching(client, table, Condition.attribute(COLON).gt(20))).containsExactly("3");
        assertThat(matching(client, table, Condition.attribute(COLON).ge(20))).containsExactly("2", "3");
        assertThat(matching(client, table, Condition.attribute(COLON).between(15, 30))).containsExactly("2", "3");
        assertThat(matching(client, table, Condition.attribute(WEIRD).in("beta", "alphabet", "zeta")))
                .containsExactly("2", "3");
        assertThat(matching(client, table, Condition.attribute(DOTTED).eq("x.y"))).containsExactly("1");
        assertThat(matching(client, table, Condition.attribute(AttributePath.parse(DOTTED)).eq("x.y")))
                .as("parsed, the same text is the nested path dotted -> name").isEmpty();
        assertThat(matching(client, table, Condition.attribute(SPACED).eq(true))).containsExactly("1");
        assertThat(matching(client, table, Condition.attribute(UNICODE).eq("ü"))).containsExactly("1");
    }

    @Test
    void comparesNestedPathsListElementsAndOtherAttributes(DynamoDbClient client, TestTables tables) {
        String table = seed(client, tables);
        assertThat(matching(client, table, Condition.attribute(AttributePath.parse("meta.n")).gt(6))).containsExactly("2");
        assertThat(matching(client, table, Condition.attribute(AttributePath.parse("lines[1]")).eq("l2")))
                .containsExactly("1");
        assertThat(matching(client, table, Condition.attribute(AttributePath.parse("meta.n")).lt(AttributePath.of(COLON))))
                .containsExactly("1", "2");
        assertThat(matching(client, table, Condition.attribute(COLON).between(AttributePath.parse("meta.n"), 15)))
                .containsExactly("1");
    }

    @Test
    void evaluatesExistenceAndTypeFunctions(DynamoDbClient client, TestTables tables) {
        String table = seed(client, tables);
        assertThat(matching(client, table, Condition.attribute(UNICODE).exists())).containsExactly("1", "3");
        assertThat(matching(client, table, Condition.attribute(UNICODE).notExists())).containsExactly("2");
        Map<AttributeType, Set<String>> expected = new LinkedHashMap<>();
        expected.put(AttributeType.S, Set.of("1", "2", "3"));
        expected.put(AttributeType.N, Set.of("1", "2", "3"));
        expected.put(AttributeType.B, Set.of("1", "2"));
        expected.put(AttributeType.BOOL, Set.of("1", "2"));
        expected.put(AttributeType.NULL, Set.of("1"));
        expected.put(AttributeType.L, Set.of("1", "2"));
        expected.put(AttributeType.M, Set.of("1", "2"));
        expected.put(AttributeType.SS, Set.of("1", "2"));
        expected.put(AttributeType.NS, Set.of("1"));
        expected.put(AttributeType.BS, Set.of("3"));
        Map<AttributeType, AttributePath> attributeOfType = Map.of(AttributeType.S, AttributePath.of(WEIRD),
                AttributeType.N, AttributePath.of(COLON), AttributeType.B, AttributePath.of("bin"),
                AttributeType.BOOL, AttributePath.of(SPACED), AttributeType.NULL, AttributePath.of("nul"),
                AttributeType.L, AttributePath.of("lines"), AttributeType.M, AttributePath.of("meta"),
                AttributeType.SS, AttributePath.parse("meta.tags"), AttributeType.NS, AttributePath.of("nums"),
                AttributeType.BS, AttributePath.of("bins"));
        expected.forEach((type, keys) -> assertThat(matching(client, table,
                Condition.attribute(attributeOfType.get(type)).hasType(type))).as(type.code()).isEqualTo(new TreeSet<>(keys)));
        assertThat(matching(client, table, Condition.attribute(WEIRD).hasType(AttributeType.N))).isEmpty();
    }

    @Test
    void evaluatesBeginsWithContainsAndSize(DynamoDbClient client, TestTables tables) {
        String table = seed(client, tables);
        assertThat(matching(client, table, Condition.attribute(WEIRD).beginsWith("alpha"))).containsExactly("1", "3");
        assertThat(matching(client, table, Condition.attribute(WEIRD).contains("pha"))).containsExactly("1", "3");
        assertThat(matching(client, table, Condition.attribute(AttributePath.parse("meta.tags")).contains("red")))
                .containsExactly("1");
        assertThat(matching(client, table, Condition.attribute("lines").contains("l2"))).containsExactly("1");
        assertThat(matching(client, table, Condition.attribute("nums").contains(2))).containsExactly("1");
    }

    @Test
    void comparesSizes(DynamoDbClient client, TestTables tables) {
        String table = tables.create("sizes", b -> b
                .keySchema(KeySchemaElement.builder().attributeName("pk").keyType(KeyType.HASH).build())
                .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S)));
        put(client, table, item("1", "s", "alpha", "lines", List.of("a", "b"), "tags", Set.of("x"), "max", 3));
        put(client, table, item("2", "s", "beta", "lines", List.of("a"), "tags", Set.of("x", "y"), "max", 1));
        put(client, table, item("3", "s", "alphabet", "lines", List.of(), "tags", Set.of("x", "y", "z"), "max", 0));
        assertThat(matching(client, table, Condition.size("lines").gt(1))).containsExactly("1");
        assertThat(matching(client, table, Condition.size("tags").eq(2))).containsExactly("2");
        assertThat(matching(client, table, Condition.size("s").between(5, 8))).containsExactly("1", "3");
        assertThat(matching(client, table, Condition.size("s").in(4, 8))).containsExactly("2", "3");
        assertThat(matching(client, table, Condition.size("s").ne(5))).containsExactly("2", "3");
        assertThat(matching(client, table, Condition.size("s").le(5))).containsExactly("1", "2");
        assertThat(matching(client, table, Condition.size("tags").ge(2))).containsExactly("2", "3");
        assertThat(matching(client, table, Condition.size("lines").lt(AttributePath.of("max")))).containsExactly("1");
        assertThat(matching(client, table, Condition.attribute("lines").size().eq(AttributePath.of("max"))))
                .containsExactly("2", "3");
    }

    @Test
    void treatsTheSizeOfAMissingAttributeAsNoMatch(DynamoDbClient client, TestTables tables, DynamoDbEndpoint endpoint) {
        assumeFalse(endpoint.backend().equals(MotoServerProvider.NAME), "moto 5.2.1 fails the whole request when size() meets a missing attribute");
        String table = seed(client, tables);
        assertThat(matching(client, table, Condition.size("lines").gt(0))).containsExactly("1", "2");
    }

    @Test
    void comparesWithTheNullValue(DynamoDbClient client, TestTables tables, DynamoDbEndpoint endpoint) {
        assumeFalse(endpoint.backend().equals(MotoServerProvider.NAME), "moto 5.2.1 matches a missing attribute as equal to NULL");
        String table = seed(client, tables);
        assertThat(matching(client, table, Condition.attribute("nul").eq((Object) null))).containsExactly("1");
        assertThat(matching(client, table, Condition.attribute("nul").ne((Object) null))).containsExactly("2", "3");
    }

    @Test
    void matchesBinaryPrefixes(DynamoDbClient client, TestTables tables, DynamoDbEndpoint endpoint) {
        assumeFalse(endpoint.backend().equals(MotoServerProvider.NAME), "moto 5.2.1 evaluates begins_with on strings only");
        String table = seed(client, tables);
        assertThat(matching(client, table, Condition.attribute("bin").beginsWith(new byte[] {1, 2}))).containsExactly("1");
    }

    @Test
    void honoursPrecedenceAndNegation(DynamoDbClient client, TestTables tables) {
        String table = seed(client, tables);
        Condition a = Condition.attribute(WEIRD).eq("alpha");
        Condition b = Condition.attribute(SPACED).eq(false);
        Condition c = Condition.attribute(COLON).ge(20);
        assertThat(matching(client, table, a.or(b).and(c))).containsExactly("2");
        assertThat(matching(client, table, a.or(b.and(c)))).containsExactly("1", "2");
        assertThat(matching(client, table, a.or(b).not())).containsExactly("3");
        assertThat(matching(client, table, a.not().and(c))).containsExactly("2", "3");
        assertThat(matching(client, table, Condition.attribute(UNICODE).exists().not().or(a))).containsExactly("1", "2");
        assertThat(matching(client, table, Condition.anyOf(a, b).and(Condition.allOf(c, a.not()))))
                .containsExactly("2");
    }

    @Test
    void guardsWrites(DynamoDbClient client, TestTables tables) {
        String table = seed(client, tables);
        PutItemRequest createOnly = ExpressionRequest.create().condition(Condition.attribute("pk").notExists())
                .applyTo(PutItemRequest.builder().tableName(table).item(item("1", WEIRD, "replaced"))).build();
        assertThatThrownBy(() -> client.putItem(createOnly)).isInstanceOf(ConditionalCheckFailedException.class);
        DeleteItemRequest deleteIfBeta = ExpressionRequest.create().condition(Condition.attribute(WEIRD).eq("beta"))
                .applyTo(DeleteItemRequest.builder().tableName(table).key(Map.of("pk", AttributeValue.fromS("1")))).build();
        assertThatThrownBy(() -> client.deleteItem(deleteIfBeta)).isInstanceOf(ConditionalCheckFailedException.class);
        client.deleteItem(ExpressionRequest.create().condition(Condition.attribute(WEIRD).eq("alpha")
                .and(Condition.attribute(SPACED).eq(true)))
                .applyTo(DeleteItemRequest.builder().tableName(table).key(Map.of("pk", AttributeValue.fromS("1")))).build());
        assertThat(matching(client, table, Condition.attribute("pk").exists())).containsExactly("2", "3");
    }
}
