package io.dynamodbtoolkit.embedded.legacy;

import io.dynamodbtoolkit.embedded.support.EmbeddedServer;
import io.dynamodbtoolkit.embedded.support.TableNames;
import io.dynamodbtoolkit.embedded.support.Tables;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ComparisonOperator;
import software.amazon.awssdk.services.dynamodb.model.Condition;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ConditionalOperator;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.ExpectedAttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.Select;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import static io.dynamodbtoolkit.embedded.support.Tables.n;
import static io.dynamodbtoolkit.embedded.support.Tables.s;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The legacy conditional parameters, as older code and the SDK v1 DynamoDBMapper send them: Expected (with
 * ConditionalOperator) on writes, KeyConditions and QueryFilter on Query, ScanFilter on Scan, AttributesToGet, with
 * every ComparisonOperator and its type rules, evaluated by the same evaluator as expressions.
 */
@EmbeddedServer
class LegacyConditionsIT {

    private static String table;
    private static String scanned;

    @BeforeAll
    static void createTables(DynamoDbClient client, TableNames names) {
        table = names.next();
        Tables.create(client, table, "pk", ScalarAttributeType.S, "sk", ScalarAttributeType.N);
        scanned = names.next();
        Tables.create(client, scanned, "id", ScalarAttributeType.S, null, null);
        put(client, scanned, "n5", Map.of("v", n(5), "kind", s("number")));
        put(client, scanned, "n10", Map.of("v", n(10), "kind", s("number")));
        put(client, scanned, "s6", Map.of("v", s("6"), "kind", s("string")));
        put(client, scanned, "sApple", Map.of("v", s("apple pie"), "kind", s("string")));
        put(client, scanned, "set", Map.of("v", AttributeValue.fromSs(List.of("red", "green")), "kind", s("set")));
        put(client, scanned, "nset", Map.of("v", AttributeValue.fromNs(List.of("5", "7")), "kind", s("set")));
        put(client, scanned, "list", Map.of("v", AttributeValue.fromL(List.of(s("red"), n(5))), "kind", s("list")));
        put(client, scanned, "bin", Map.of("v", AttributeValue.fromB(SdkBytes.fromUtf8String("abc")),
                "kind", s("binary")));
        put(client, scanned, "none", Map.of("kind", s("missing")));
    }

    private static void put(DynamoDbClient client, String tableName, String id, Map<String, AttributeValue> rest) {
        Map<String, AttributeValue> item = new java.util.HashMap<>(rest);
        item.put("id", s(id));
        client.putItem(b -> b.tableName(tableName).item(item));
    }

    private static Condition condition(ComparisonOperator operator, AttributeValue... values) {
        return Condition.builder().comparisonOperator(operator).attributeValueList(values).build();
    }

    private static List<String> scanIds(DynamoDbClient client, ComparisonOperator operator, AttributeValue... values) {
        List<String> ids = new ArrayList<>();
        client.scanPaginator(b -> b.tableName(scanned).scanFilter(Map.of("v", condition(operator, values))).limit(3))
                .items().forEach(item -> ids.add(item.get("id").s()));
        return new ArrayList<>(new TreeSet<>(ids));
    }

    @Test
    void everyComparisonOperatorFiltersAScanWithItsTypeRules(DynamoDbClient client) {
        assertThat(scanIds(client, ComparisonOperator.EQ, n(5))).containsExactly("n5");
        assertThat(scanIds(client, ComparisonOperator.EQ, s("6"))).as("S 6 is not N 6").containsExactly("s6");
        assertThat(scanIds(client, ComparisonOperator.EQ, AttributeValue.fromSs(List.of("green", "red"))))
                .as("sets compare as sets").containsExactly("set");
        assertThat(scanIds(client, ComparisonOperator.NE, n(5))).as("a missing attribute is not equal")
                .containsExactly("bin", "list", "n10", "none", "nset", "s6", "sApple", "set");
        assertThat(scanIds(client, ComparisonOperator.LT, n(10))).containsExactly("n5");
        assertThat(scanIds(client, ComparisonOperator.LE, n(10))).containsExactly("n10", "n5");
        assertThat(scanIds(client, ComparisonOperator.GT, s("5"))).as("strings compare with strings only")
                .containsExactly("s6", "sApple");
        assertThat(scanIds(client, ComparisonOperator.GE, n(10))).containsExactly("n10");
        assertThat(scanIds(client, ComparisonOperator.NOT_NULL)).hasSize(8).doesNotContain("none");
        assertThat(scanIds(client, ComparisonOperator.NULL)).containsExactly("none");
        assertThat(scanIds(client, ComparisonOperator.CONTAINS, s("red"))).as("set member or list element")
                .containsExactly("list", "set");
        assertThat(scanIds(client, ComparisonOperator.CONTAINS, s("pie"))).as("substring").containsExactly("sApple");
        assertThat(scanIds(client, ComparisonOperator.CONTAINS, n(5))).containsExactly("list", "nset");
        assertThat(scanIds(client, ComparisonOperator.NOT_CONTAINS, s("red"))).as("missing attributes included")
                .containsExactly("bin", "n10", "n5", "none", "nset", "s6", "sApple");
        assertThat(scanIds(client, ComparisonOperator.BEGINS_WITH, s("app"))).containsExactly("sApple");
        assertThat(scanIds(client, ComparisonOperator.BEGINS_WITH,
                AttributeValue.fromB(SdkBytes.fromUtf8String("ab")))).containsExactly("bin");
        assertThat(scanIds(client, ComparisonOperator.IN, n(10), n(7), n(5))).containsExactly("n10", "n5");
        assertThat(scanIds(client, ComparisonOperator.BETWEEN, n(5), n(9))).containsExactly("n5");
        assertThat(scanIds(client, ComparisonOperator.BETWEEN, s("0"), s("9"))).containsExactly("s6");
    }

    @Test
    void scanFilterConditionsCombineWithConditionalOperator(DynamoDbClient client) {
        Map<String, Condition> filter = Map.of("v", condition(ComparisonOperator.EQ, n(5)),
                "kind", condition(ComparisonOperator.EQ, s("string")));

        List<Map<String, AttributeValue>> and = client.scan(b -> b.tableName(scanned).scanFilter(filter)).items();
        List<Map<String, AttributeValue>> or = client.scan(b -> b.tableName(scanned).scanFilter(filter)
                .conditionalOperator(ConditionalOperator.OR)).items();

        assertThat(and).isEmpty();
        assertThat(or).extracting(item -> item.get("id").s()).containsExactlyInAnyOrder("n5", "s6", "sApple");
    }

    @Test
    void operatorsRefuseValuesOfTheWrongCountOrType(DynamoDbClient client) {
        assertThatThrownBy(() -> scanIds(client, ComparisonOperator.EQ))
                .hasMessageContaining("One or more parameter values were invalid: Invalid number of argument(s) for"
                        + " the EQ ComparisonOperator");
        assertThatThrownBy(() -> scanIds(client, ComparisonOperator.NULL, n(1)))
                .hasMessageContaining("Invalid number of argument(s) for the NULL ComparisonOperator");
        assertThatThrownBy(() -> scanIds(client, ComparisonOperator.BETWEEN, n(1)))
                .hasMessageContaining("Invalid number of argument(s) for the BETWEEN ComparisonOperator");
        assertThatThrownBy(() -> scanIds(client, ComparisonOperator.CONTAINS, AttributeValue.fromSs(List.of("a"))))
                .hasMessageContaining("One or more parameter values were invalid: ComparisonOperator CONTAINS is not"
                        + " valid for SS AttributeValue type");
        assertThatThrownBy(() -> scanIds(client, ComparisonOperator.BEGINS_WITH, n(1)))
                .hasMessageContaining("ComparisonOperator BEGINS_WITH is not valid for N AttributeValue type");
        assertThatThrownBy(() -> scanIds(client, ComparisonOperator.IN, n(1), s("1")))
                .hasMessageContaining("One or more parameter values were invalid: AttributeValues inside"
                        + " AttributeValueList must be of same type");
        assertThatThrownBy(() -> scanIds(client, ComparisonOperator.BETWEEN, n(9), n(1)))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageContaining("The BETWEEN condition was provided a range where the lower bound is greater"
                        + " than the upper bound");
    }

    @Test
    void expectedGuardsPutsUpdatesAndDeletes(DynamoDbClient client) {
        Map<String, AttributeValue> item = Map.of("pk", s("guarded"), "sk", n(1), "state", s("new"), "n", n(3));
        Map<String, ExpectedAttributeValue> absent = Map.of("pk", ExpectedAttributeValue.builder().exists(false).build());
        client.putItem(b -> b.tableName(table).item(item).expected(absent));

        assertThatThrownBy(() -> client.putItem(b -> b.tableName(table).item(item).expected(absent)))
                .isInstanceOf(ConditionalCheckFailedException.class);
        client.putItem(b -> b.tableName(table).item(Map.of("pk", s("guarded"), "sk", n(1), "state", s("seen"),
                "n", n(4))).expected(Map.of("state", ExpectedAttributeValue.builder().value(s("new")).build())));
        assertThatThrownBy(() -> client.deleteItem(b -> b.tableName(table).key(Map.of("pk", s("guarded"),
                "sk", n(1))).expected(Map.of("n", ExpectedAttributeValue.builder()
                .comparisonOperator(ComparisonOperator.GT).value(n(10)).build()))))
                .isInstanceOf(ConditionalCheckFailedException.class);
        client.deleteItem(b -> b.tableName(table).key(Map.of("pk", s("guarded"), "sk", n(1)))
                .expected(Map.of("n", ExpectedAttributeValue.builder().comparisonOperator(ComparisonOperator.GT)
                                .attributeValueList(n(10)).build(),
                        "state", ExpectedAttributeValue.builder().comparisonOperator(ComparisonOperator.IN)
                                .attributeValueList(s("seen"), s("done")).build()))
                .conditionalOperator(ConditionalOperator.OR));

        assertThat(client.getItem(b -> b.tableName(table).key(Map.of("pk", s("guarded"), "sk", n(1)))).hasItem())
                .isFalse();
    }

    @Test
    void expectedIsValidatedWithDynamoDbsMessages(DynamoDbClient client) {
        Map<String, AttributeValue> item = Map.of("pk", s("x"), "sk", n(1));
        assertThatThrownBy(() -> client.putItem(b -> b.tableName(table).item(item)
                .expected(Map.of("a", ExpectedAttributeValue.builder().exists(true).build()))))
                .hasMessageContaining("One or more parameter values were invalid: Value must be provided when Exists is"
                        + " true for Attribute: a");
        assertThatThrownBy(() -> client.putItem(b -> b.tableName(table).item(item)
                .expected(Map.of("a", ExpectedAttributeValue.builder().exists(false).value(n(1)).build()))))
                .hasMessageContaining("Value cannot be used when Exists is false for Attribute: a");
        assertThatThrownBy(() -> client.putItem(b -> b.tableName(table).item(item)
                .expected(Map.of("a", ExpectedAttributeValue.builder().comparisonOperator(ComparisonOperator.EQ)
                        .exists(true).value(n(1)).build()))))
                .hasMessageContaining("Exists and ComparisonOperator cannot be used together for Attribute: a");
        assertThatThrownBy(() -> client.putItem(b -> b.tableName(table).item(item)
                .expected(Map.of("a", ExpectedAttributeValue.builder().comparisonOperator(ComparisonOperator.EQ)
                        .value(n(1)).attributeValueList(n(1)).build()))))
                .hasMessageContaining("Value and AttributeValueList cannot be used together for Attribute: a");
        assertThatThrownBy(() -> client.putItem(b -> b.tableName(table).item(item)
                .expected(Map.of("a", ExpectedAttributeValue.builder().comparisonOperator(ComparisonOperator.LT)
                        .build()))))
                .hasMessageContaining("Value or AttributeValueList must be used with ComparisonOperator: LT for"
                        + " Attribute: a");
        assertThatThrownBy(() -> client.putItem(b -> b.tableName(table).item(item)
                .expected(Map.of("a", ExpectedAttributeValue.builder().attributeValueList(n(1)).build()))))
                .hasMessageContaining("AttributeValueList can only be used with a ComparisonOperator for Attribute: a");
        assertThat(client.getItem(b -> b.tableName(table).key(item)).hasItem()).isFalse();
    }

    @Test
    void keyConditionsQueryFilterAndAttributesToGetPageALegacyQuery(DynamoDbClient client) {
        for (int i = 0; i < 10; i++) {
            int sk = i;
            client.putItem(b -> b.tableName(table).item(Map.of("pk", s("q"), "sk", n(sk), "odd", n(sk % 2), "payload", s("p" + sk))));
        }
        Map<String, Condition> keys = Map.of("pk", condition(ComparisonOperator.EQ, s("q")),
                "sk", condition(ComparisonOperator.BETWEEN, n(2), n(8)));
        Map<String, Condition> filter = Map.of("odd", condition(ComparisonOperator.EQ, n(1)));

        List<Map<String, AttributeValue>> items = new ArrayList<>();
        int pages = 0;
        Map<String, AttributeValue> start = null;
        do {
            Map<String, AttributeValue> from = start;
            QueryResponse page = client.query(b -> b.tableName(table).keyConditions(keys).queryFilter(filter)
                    .attributesToGet("sk", "payload").select(Select.SPECIFIC_ATTRIBUTES).scanIndexForward(false)
                    .limit(3).exclusiveStartKey(from));
            items.addAll(page.items());
            start = page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty() ? page.lastEvaluatedKey() : null;
            pages++;
        } while (start != null);

        assertThat(items).containsExactly(Map.of("sk", n(7), "payload", s("p7")), Map.of("sk", n(5), "payload", s("p5")),
                Map.of("sk", n(3), "payload", s("p3")));
        assertThat(pages).isEqualTo(3);
    }

    @Test
    void keyConditionsAreCheckedAsDynamoDbChecksThem(DynamoDbClient client) {
        assertThatThrownBy(() -> client.query(b -> b.tableName(table).keyConditions(Map.of(
                "pk", condition(ComparisonOperator.NE, s("q"))))))
                .hasMessageContaining("Attempted conditional constraint is not an indexable operation");
        assertThatThrownBy(() -> client.query(b -> b.tableName(table).keyConditions(Map.of(
                "pk", condition(ComparisonOperator.EQ, s("q")), "sk", condition(ComparisonOperator.EQ, n(1)),
                "x", condition(ComparisonOperator.EQ, n(1))))))
                .hasMessageContaining("Conditions can be of length 1 or 2 only");
        assertThatThrownBy(() -> client.query(b -> b.tableName(table).keyConditions(Map.of(
                "pk", condition(ComparisonOperator.EQ, n(1))))))
                .hasMessageContaining("One or more parameter values were invalid: Condition parameter type does not"
                        + " match schema type");
        assertThatThrownBy(() -> client.query(b -> b.tableName(table).keyConditions(Map.of(
                "pk", condition(ComparisonOperator.EQ, s("q")))).queryFilter(Map.of(
                "sk", condition(ComparisonOperator.GT, n(1))))))
                .hasMessageContaining("QueryFilter can only contain non-primary key attributes: Primary key attribute:"
                        + " sk");
        assertThatThrownBy(() -> client.query(b -> b.tableName(table)))
                .hasMessageContaining("Either the KeyConditions or KeyConditionExpression parameter must be specified"
                        + " in the request.");
    }

    @Test
    void keyConditionsMayBeCombinedWithAFilterExpressionButNotWithAKeyConditionExpression(DynamoDbClient client) {
        client.putItem(b -> b.tableName(table).item(Map.of("pk", s("mix"), "sk", n(1), "v", n(1))));
        client.putItem(b -> b.tableName(table).item(Map.of("pk", s("mix"), "sk", n(2), "v", n(2))));

        assertThat(client.query(b -> b.tableName(table).keyConditions(Map.of("pk", condition(ComparisonOperator.EQ,
                        s("mix")))).filterExpression("v > :one").expressionAttributeValues(Map.of(":one", n(1))))
                .items()).extracting(item -> item.get("sk").n()).containsExactly("2");
        assertThatThrownBy(() -> client.query(b -> b.tableName(table).keyConditions(Map.of("pk",
                        condition(ComparisonOperator.EQ, s("mix")))).keyConditionExpression("pk = :p")
                .expressionAttributeValues(Map.of(":p", s("mix")))))
                .hasMessageContaining("Can not use both expression and non-expression parameters in the same request:"
                        + " Non-expression parameters: {KeyConditions} Expression parameters: {KeyConditionExpression}");
    }

    @Test
    void mixingLegacyAndExpressionParametersGetsDynamoDbsMessage(DynamoDbClient client) {
        Map<String, AttributeValue> item = Map.of("pk", s("m"), "sk", n(1));
        assertThatThrownBy(() -> client.putItem(b -> b.tableName(table).item(item)
                .expected(Map.of("pk", ExpectedAttributeValue.builder().exists(false).build()))
                .conditionExpression("attribute_not_exists(pk)")))
                .hasMessageContaining("Can not use both expression and non-expression parameters in the same request:"
                        + " Non-expression parameters: {Expected} Expression parameters: {ConditionExpression}");
        assertThatThrownBy(() -> client.getItem(b -> b.tableName(table).key(item).attributesToGet("a")
                .projectionExpression("b")))
                .hasMessageContaining("Non-expression parameters: {AttributesToGet} Expression parameters:"
                        + " {ProjectionExpression}");
        assertThatThrownBy(() -> client.scan(b -> b.tableName(scanned).scanFilter(Map.of("v",
                        condition(ComparisonOperator.NOT_NULL))).conditionalOperator(ConditionalOperator.AND)
                .projectionExpression("v").filterExpression("attribute_exists(v)")))
                .hasMessageContaining("Non-expression parameters: {ScanFilter, ConditionalOperator} Expression"
                        + " parameters: {ProjectionExpression, FilterExpression}");
        assertThatThrownBy(() -> client.query(b -> b.tableName(table).keyConditionExpression("pk = :p")
                .expressionAttributeValues(Map.of(":p", s("m"))).queryFilter(Map.of("v",
                        condition(ComparisonOperator.NOT_NULL)))))
                .hasMessageContaining("Non-expression parameters: {QueryFilter} Expression parameters:"
                        + " {KeyConditionExpression}");
        assertThatThrownBy(() -> client.scan(b -> b.tableName(scanned).scanFilter(Map.of("v",
                condition(ComparisonOperator.NOT_NULL))).expressionAttributeValues(Map.of(":v", n(1)))))
                .hasMessageContaining("ExpressionAttributeValues can only be specified when using expressions:"
                        + " FilterExpression is null");
    }

    @Test
    void attributesToGetSelectsTopLevelAttributesInGetsAndBatchGets(DynamoDbClient client) {
        client.putItem(b -> b.tableName(scanned).item(Map.of("id", s("a.b"), "a.b", s("dotted"),
                "a", AttributeValue.fromM(Map.of("b", s("nested"))), "other", n(1))));

        Map<String, AttributeValue> got = client.getItem(b -> b.tableName(scanned).key(Map.of("id", s("a.b")))
                .attributesToGet("a.b")).item();
        List<Map<String, AttributeValue>> batch = client.batchGetItem(b -> b.requestItems(Map.of(scanned,
                software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes.builder()
                        .keys(Map.of("id", s("a.b"))).attributesToGet("other", "id").build())))
                .responses().get(scanned);

        assertThat(got).as("a name is taken literally, not as a path").isEqualTo(Map.of("a.b", s("dotted")));
        assertThat(batch).containsExactly(Map.of("other", n(1), "id", s("a.b")));
        assertThatThrownBy(() -> client.getItem(b -> b.tableName(scanned).key(Map.of("id", s("a.b")))
                .attributesToGet("other", "other")))
                .hasMessageContaining("One or more parameter values were invalid: Duplicate value in attribute name:"
                        + " other");
        assertThatThrownBy(() -> client.scan(b -> b.tableName(scanned).attributesToGet("other")
                .select(Select.ALL_ATTRIBUTES)))
                .hasMessageContaining("Cannot specify the AttributesToGet when choosing to get ALL_ATTRIBUTES");
    }
}
