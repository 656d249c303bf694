package io.dynamodbtoolkit.expression;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import io.dynamodbtoolkit.test.DynamoDbEndpoint;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.RequestLog;
import io.dynamodbtoolkit.test.TestTables;
import io.dynamodbtoolkit.test.server.MotoServerProvider;
import java.util.List;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;

/** Executes key conditions on a real server: every sort clause, typed keys, odd key names, multi-attribute GSIs. */
@DynamoDbTest
class KeyConditionServerIT {

    private static KeySchemaElement hash(String name) {
        return KeySchemaElement.builder().attributeName(name).keyType(KeyType.HASH).build();
    }

    private static KeySchemaElement range(String name) {
        return KeySchemaElement.builder().attributeName(name).keyType(KeyType.RANGE).build();
    }

    private static AttributeDefinition definition(String name, ScalarAttributeType type) {
        return AttributeDefinition.builder().attributeName(name).attributeType(type).build();
    }

    private static String table(TestTables tables, String partition, ScalarAttributeType partitionType, String sort,
                                ScalarAttributeType sortType) {
        return tables.create("keys", b -> b.keySchema(hash(partition), range(sort))
                .attributeDefinitions(definition(partition, partitionType), definition(sort, sortType)));
    }

    /** The values of {@code attribute} of the items the query returns, in order. */
    private static List<String> query(DynamoDbClient client, String table, String index, KeyCondition keyCondition,
                                      String attribute) {
        QueryRequest request = ExpressionRequest.create().keyCondition(keyCondition)
                .applyTo(QueryRequest.builder().tableName(table).indexName(index)).build();
        return client.query(request).items().stream()
                .map(item -> String.valueOf(AttributeValues.toJava(item.get(attribute)))).toList();
    }

    @Test
    void selectsWithEverySortClause(DynamoDbClient client, TestTables tables, RequestLog log) {
        String table = table(tables, "pk", ScalarAttributeType.S, "sk", ScalarAttributeType.S);
        for (String sk : List.of("TX", "TX|Austin", "TX|Dallas", "TX|Dallas|1", "TX|Dallasville", "TX|Houston")) {
            TestItems.put(client, table, "pk", "TX", "sk", sk);
        }
        TestItems.put(client, table, "pk", "CA", "sk", "CA|LA");
        KeyCondition tx = KeyCondition.partition("pk", "TX");
        assertThat(query(client, table, null, tx, "sk")).hasSize(6);
        assertThat(query(client, table, null, tx.eq("sk", "TX|Dallas"), "sk")).containsExactly("TX|Dallas");
        assertThat(query(client, table, null, tx.beginsWith("sk", "TX|Dallas|"), "sk")).containsExactly("TX|Dallas|1");
        assertThat(query(client, table, null, tx.beginsWith("sk", "TX|Dallas"), "sk"))
                .as("'|' sorts after letters").containsExactly("TX|Dallas", "TX|Dallasville", "TX|Dallas|1");
        assertThat(query(client, table, null, tx.between("sk", "TX|Austin", "TX|Dallas|1"), "sk"))
                .containsExactly("TX|Austin", "TX|Dallas", "TX|Dallasville", "TX|Dallas|1");
        assertThat(query(client, table, null, tx.lt("sk", "TX|Austin"), "sk")).containsExactly("TX");
        assertThat(query(client, table, null, tx.le("sk", "TX|Austin"), "sk"))
                .containsExactly("TX", "TX|Austin");
        assertThat(query(client, table, null, tx.gt("sk", "TX|Dallasville"), "sk"))
                .containsExactly("TX|Dallas|1", "TX|Houston");
        assertThat(query(client, table, null, tx.ge("sk", "TX|Dallasville"), "sk"))
                .containsExactly("TX|Dallasville", "TX|Dallas|1", "TX|Houston");
        log.assertNoReadAmplification();
    }

    @Test
    void comparesNumericSortKeysAsNumbers(DynamoDbClient client, TestTables tables, RequestLog log) {
        String table = table(tables, "id", ScalarAttributeType.N, "n", ScalarAttributeType.N);
        for (int n : new int[] {1, 2, 10, 20, -5}) {
            TestItems.put(client, table, "id", 7, "n", n);
        }
        KeyCondition seven = KeyCondition.partition("id", 7);
        assertThat(query(client, table, null, seven, "n")).containsExactly("-5", "1", "2", "10", "20");
        assertThat(query(client, table, null, seven.between("n", 2, 10), "n")).containsExactly("2", "10");
        assertThat(query(client, table, null, seven.lt("n", 10), "n")).containsExactly("-5", "1", "2");
        assertThat(query(client, table, null, seven.ge("n", 2.5), "n")).containsExactly("10", "20");
        assertThat(query(client, table, null, seven.eq("n", new java.math.BigDecimal("1.0")), "n"))
                .containsExactly("1");
        log.assertNoReadAmplification();
    }

    @Test
    void comparesBinarySortKeysByUnsignedBytes(DynamoDbClient client, TestTables tables, RequestLog log) {
        String table = table(tables, "pk", ScalarAttributeType.S, "b", ScalarAttributeType.B);
        for (byte[] b : List.of(new byte[] {1}, new byte[] {1, 2}, new byte[] {2}, new byte[] {(byte) 0x80})) {
            TestItems.put(client, table, "pk", "p", "b", b, "label", java.util.Arrays.toString(b));
        }
        KeyCondition p = KeyCondition.partition("pk", "p");
        assertThat(query(client, table, null, p.gt("b", new byte[] {1, 2}), "label"))
                .containsExactly("[2]", "[-128]");
        assertThat(query(client, table, null, p.between("b", new byte[] {1}, new byte[] {2}), "label"))
                .containsExactly("[1]", "[1, 2]", "[2]");
        log.assertNoReadAmplification();
    }

    @Test
    void matchesBinarySortKeyPrefixes(DynamoDbClient client, TestTables tables, RequestLog log, DynamoDbEndpoint endpoint) {
        assumeFalse(endpoint.backend().equals(MotoServerProvider.NAME), "moto 5.2.1 evaluates begins_with on strings only");
        String table = table(tables, "pk", ScalarAttributeType.S, "b", ScalarAttributeType.B);
        for (byte[] b : List.of(new byte[] {1}, new byte[] {1, 2}, new byte[] {2})) {
            TestItems.put(client, table, "pk", "p", "b", b, "label", java.util.Arrays.toString(b));
        }
        assertThat(query(client, table, null, KeyCondition.partition("pk", "p").beginsWith("b", new byte[] {1}),
                "label")).containsExactly("[1]", "[1, 2]");
        log.assertNoReadAmplification();
    }

    @Test
    void queriesKeyAttributesWithSpecialCharactersInTheirNames(DynamoDbClient client, TestTables tables, RequestLog log) {
        String partition = "part.key#1";
        String sort = "sort key:ü";
        String table = table(tables, partition, ScalarAttributeType.S, sort, ScalarAttributeType.S);
        TestItems.put(client, table, partition, "a", sort, "x1");
        TestItems.put(client, table, partition, "a", sort, "y1");
        TestItems.put(client, table, partition, "b", sort, "x2");
        assertThat(query(client, table, null, KeyCondition.partition(partition, "a").beginsWith(sort, "x"), sort))
                .containsExactly("x1");
        log.assertNoReadAmplification();
    }

    @Test
    void queriesMultiAttributeGlobalSecondaryIndexes(DynamoDbClient client, TestTables tables, RequestLog log) {
        String table = tables.create("matches", b -> b.keySchema(hash("matchId"))
                .attributeDefinitions(definition("matchId", ScalarAttributeType.S),
                        definition("tournament", ScalarAttributeType.S), definition("region", ScalarAttributeType.S),
                        definition("round", ScalarAttributeType.S), definition("bracket", ScalarAttributeType.S),
                        definition("score", ScalarAttributeType.N))
                .globalSecondaryIndexes(g -> g.indexName("byTournament")
                        .keySchema(hash("tournament"), hash("region"), range("round"), range("bracket"), range("score"))
                        .projection(p -> p.projectionType(ProjectionType.ALL))));
        Object[][] matches = {
            {"m1", "W24", "NA", "FINAL", "UPPER", 10},
            {"m2", "W24", "NA", "SEMI", "LOWER", 5},
            {"m3", "W24", "NA", "SEMI", "UPPER", 7},
            {"m4", "W24", "NA", "SEMI", "UPPER", 12},
            {"m5", "W24", "EU", "SEMI", "UPPER", 9},
            {"m6", "S25", "NA", "SEMI", "UPPER", 3},
        };
        for (Object[] m : matches) {
            TestItems.put(client, table, "matchId", m[0], "tournament", m[1], "region", m[2], "round", m[3],
                    "bracket", m[4], "score", m[5]);
        }
        TableDescription description = client.describeTable(b -> b.tableName(table)).table();
        GlobalSecondaryIndexDescription gsi = description.globalSecondaryIndexes().get(0);
        IndexKeySchema schema = IndexKeySchema.from("index byTournament", gsi.keySchema(),
                description.attributeDefinitions());
        KeyCondition naW24 = KeyCondition.partition("tournament", "W24").andPartition("region", "NA");
        List<KeyCondition> conditions = List.of(naW24,
                naW24.eq("round", "SEMI"),
                naW24.eq("round", "SEMI").eq("bracket", "UPPER"),
                naW24.eq("round", "SEMI").eq("bracket", "UPPER").gt("score", 7),
                naW24.eq("round", "SEMI").eq("bracket", "UPPER").between("score", 7, 12),
                naW24.eq("round", "SEMI").beginsWith("bracket", "UP"),
                naW24.lt("round", "SEMI"));
        conditions.forEach(condition -> condition.validateAgainst(schema));
        assertThat(query(client, table, "byTournament", conditions.get(0), "matchId"))
                .containsExactly("m1", "m2", "m3", "m4");
        assertThat(query(client, table, "byTournament", conditions.get(1), "matchId")).containsExactly("m2", "m3", "m4");
        assertThat(query(client, table, "byTournament", conditions.get(2), "matchId")).containsExactly("m3", "m4");
        assertThat(query(client, table, "byTournament", conditions.get(3), "matchId")).containsExactly("m4");
        assertThat(query(client, table, "byTournament", conditions.get(4), "matchId")).containsExactly("m3", "m4");
        assertThat(query(client, table, "byTournament", conditions.get(5), "matchId")).containsExactly("m3", "m4");
        assertThat(query(client, table, "byTournament", conditions.get(6), "matchId")).containsExactly("m1");
        log.assertNoReadAmplification();
    }
}
