package io.dynamodbtoolkit.embedded;

import io.dynamodbtoolkit.embedded.support.EmbeddedServer;
import io.dynamodbtoolkit.embedded.support.TableNames;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.Select;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static io.dynamodbtoolkit.embedded.support.Tables.n;
import static io.dynamodbtoolkit.embedded.support.Tables.s;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@EmbeddedServer
class QueryScanIT {

    private static String strings;
    private static String numbers;
    private static String binaries;

    @BeforeAll
    static void createTables(DynamoDbClient client, TableNames names) {
        strings = names.next();
        numbers = names.next();
        binaries = names.next();
        io.dynamodbtoolkit.embedded.support.Tables.create(client, strings, "pk", ScalarAttributeType.S, "sk",
                ScalarAttributeType.S);
        io.dynamodbtoolkit.embedded.support.Tables.create(client, numbers, "pk", ScalarAttributeType.S, "sk",
                ScalarAttributeType.N);
        io.dynamodbtoolkit.embedded.support.Tables.create(client, binaries, "pk", ScalarAttributeType.S, "sk",
                ScalarAttributeType.B);
        for (String sk : List.of("b", "a", "B", "ab", "é", "\uD83D\uDE00", "\uFFFD", "a#1", "a#2", "a#10", "z")) {
            client.putItem(b -> b.tableName(strings).item(Map.of("pk", s("p"), "sk", s(sk), "len", n(sk.length()))));
        }
        for (String sk : List.of("10", "9", "-1", "-10", "0.5", "1E2", "-0.25", "3")) {
            client.putItem(b -> b.tableName(numbers).item(Map.of("pk", s("p"), "sk", n(sk))));
        }
        for (byte[] sk : List.of(new byte[]{(byte) 0xff}, new byte[]{0x01}, new byte[]{0x7f}, new byte[]{(byte) 0x80},
                new byte[]{0x01, 0x00})) {
            client.putItem(b -> b.tableName(binaries).item(Map.of("pk", s("p"),
                    "sk", AttributeValue.fromB(SdkBytes.fromByteArray(sk)))));
        }
    }

    private static List<String> sortKeys(QueryResponse response) {
        List<String> keys = new ArrayList<>();
        for (Map<String, AttributeValue> item : response.items()) {
            AttributeValue sk = item.get("sk");
            keys.add(sk.s() != null ? sk.s() : sk.n() != null ? sk.n() : toHex(sk.b().asByteArray()));
        }
        return keys;
    }

    private static String toHex(byte[] bytes) {
        StringBuilder hex = new StringBuilder();
        for (byte b : bytes) {
            hex.append(String.format("%02x", b));
        }
        return hex.toString();
    }

    private static QueryResponse query(DynamoDbClient client, String table, String condition,
                                       Map<String, AttributeValue> values) {
        return client.query(b -> b.tableName(table).keyConditionExpression(condition).expressionAttributeValues(values));
    }

    @Test
    void stringsAreOrderedByUtf8Bytes(DynamoDbClient client) {
        QueryResponse response = query(client, strings, "pk = :p", Map.of(":p", s("p")));

        assertThat(sortKeys(response)).containsExactly("B", "a", "a#1", "a#10", "a#2", "ab", "b", "z", "é", "\uFFFD",
                "\uD83D\uDE00");
    }

    @Test
    void numbersAreOrderedByValue(DynamoDbClient client) {
        QueryResponse response = query(client, numbers, "pk = :p", Map.of(":p", s("p")));

        assertThat(sortKeys(response)).containsExactly("-10", "-1", "-0.25", "0.5", "3", "9", "10", "100");
    }

    @Test
    void binaryIsOrderedByUnsignedBytes(DynamoDbClient client) {
        QueryResponse response = query(client, binaries, "pk = :p", Map.of(":p", s("p")));

        assertThat(sortKeys(response)).containsExactly("01", "0100", "7f", "80", "ff");
    }

    @Test
    void sortKeyConditionsSelectRanges(DynamoDbClient client) {
        Map<String, AttributeValue> p = Map.of(":p", s("p"));
        assertThat(sortKeys(query(client, numbers, "pk = :p AND sk < :v", merge(p, ":v", n("0.5")))))
                .containsExactly("-10", "-1", "-0.25");
        assertThat(sortKeys(query(client, numbers, "pk = :p AND sk <= :v", merge(p, ":v", n("0.5")))))
                .containsExactly("-10", "-1", "-0.25", "0.5");
        assertThat(sortKeys(query(client, numbers, "pk = :p AND sk > :v", merge(p, ":v", n("9")))))
                .containsExactly("10", "100");
        assertThat(sortKeys(query(client, numbers, "pk = :p AND sk >= :v", merge(p, ":v", n("9")))))
                .containsExactly("9", "10", "100");
        assertThat(sortKeys(query(client, numbers, "pk = :p AND sk = :v", merge(p, ":v", n("100")))))
                .containsExactly("100");
        assertThat(sortKeys(query(client, numbers, "(pk = :p) AND (sk BETWEEN :lo AND :hi)",
                Map.of(":p", s("p"), ":lo", n("-1"), ":hi", n("3"))))).containsExactly("-1", "-0.25", "0.5", "3");
        assertThat(sortKeys(query(client, strings, "pk = :p AND begins_with(sk, :a)", merge(p, ":a", s("a#")))))
                .containsExactly("a#1", "a#10", "a#2");
    }

    @Test
    void scanIndexForwardFalseReversesAndBeginsWithStaysARange(DynamoDbClient client) {
        QueryResponse response = client.query(b -> b.tableName(strings).keyConditionExpression(
                        "pk = :p AND begins_with(sk, :a)").expressionAttributeValues(Map.of(":p", s("p"), ":a", s("a")))
                .scanIndexForward(false));

        assertThat(sortKeys(response)).containsExactly("ab", "a#2", "a#10", "a#1", "a");
        assertThat(response.scannedCount()).isEqualTo(5);
    }

    @Test
    void limitPagesWithLastEvaluatedKeyIncludingAnEmptyLastPage(DynamoDbClient client) {
        List<String> all = new ArrayList<>();
        Map<String, AttributeValue> start = null;
        int pages = 0;
        do {
            Map<String, AttributeValue> exclusiveStart = start;
            QueryResponse page = client.query(b -> b.tableName(numbers).keyConditionExpression("pk = :p")
                    .expressionAttributeValues(Map.of(":p", s("p"))).limit(4).exclusiveStartKey(exclusiveStart));
            all.addAll(sortKeys(page));
            start = page.hasLastEvaluatedKey() ? page.lastEvaluatedKey() : null;
            pages++;
        } while (start != null);

        assertThat(all).containsExactly("-10", "-1", "-0.25", "0.5", "3", "9", "10", "100");
        assertThat(pages).isEqualTo(3);
    }

    @Test
    void filterCountsScannedItemsAndProjectionKeepsNestedPaths(DynamoDbClient client) {
        QueryResponse response = client.query(b -> b.tableName(strings).keyConditionExpression("pk = :p")
                .filterExpression("len > :one").projectionExpression("sk, #l")
                .expressionAttributeNames(Map.of("#l", "len"))
                .expressionAttributeValues(Map.of(":p", s("p"), ":one", n(1))));

        assertThat(response.scannedCount()).isEqualTo(11);
        assertThat(response.count()).isEqualTo(5);
        assertThat(response.items()).allSatisfy(item -> assertThat(item).containsOnlyKeys("sk", "len"));
    }

    @Test
    void selectCountReturnsNoItems(DynamoDbClient client) {
        QueryResponse response = client.query(b -> b.tableName(strings).keyConditionExpression("pk = :p")
                .expressionAttributeValues(Map.of(":p", s("p"))).select(Select.COUNT));

        assertThat(response.count()).isEqualTo(11);
        assertThat(response.hasItems()).isFalse();
    }

    @Test
    void keyConditionErrorsAreDynamoDbs(DynamoDbClient client) {
        assertThatThrownBy(() -> query(client, numbers, "sk = :v", Map.of(":v", n(1))))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageContaining("Query condition missed key schema element: pk");
        assertThatThrownBy(() -> query(client, numbers, "pk = :p OR sk = :v", Map.of(":p", s("p"), ":v", n(1))))
                .hasMessageContaining("Invalid operator used in KeyConditionExpression: OR");
        assertThatThrownBy(() -> query(client, numbers, "pk = :p AND sk = :v", Map.of(":p", s("p"), ":v", s("x"))))
                .hasMessageContaining("Condition parameter type does not match schema type");
        assertThatThrownBy(() -> client.query(b -> b.tableName(numbers).keyConditionExpression("pk = :p")
                .filterExpression("sk > :v").expressionAttributeValues(Map.of(":p", s("p"), ":v", n(1)))))
                .hasMessageContaining("Filter Expression can only contain non-primary key attributes: Primary key"
                        + " attribute: sk");
        assertThatThrownBy(() -> query(client, numbers, "pk = :p", Map.of(":p", s("p"), ":unused", n(1))))
                .hasMessageContaining("Value provided in ExpressionAttributeValues unused in expressions: keys: {:unused}");
    }

    @Test
    void scanReturnsEveryItemOnceAcrossPagesAndSegments(DynamoDbClient client, TableNames names) {
        String table = names.next();
        io.dynamodbtoolkit.embedded.support.Tables.create(client, table, "id", ScalarAttributeType.S, null, null);
        for (int i = 0; i < 200; i++) {
            String id = "item-" + i;
            client.putItem(b -> b.tableName(table).item(Map.of("id", s(id))));
        }
        Set<String> paged = new HashSet<>();
        Map<String, AttributeValue> start = null;
        do {
            Map<String, AttributeValue> exclusiveStart = start;
            ScanResponse page = client.scan(b -> b.tableName(table).limit(7).exclusiveStartKey(exclusiveStart));
            page.items().forEach(item -> assertThat(paged.add(item.get("id").s())).isTrue());
            start = page.hasLastEvaluatedKey() ? page.lastEvaluatedKey() : null;
        } while (start != null);
        Set<String> segmented = new HashSet<>();
        int nonEmptySegments = 0;
        for (int segment = 0; segment < 4; segment++) {
            int current = segment;
            ScanResponse page = client.scan(b -> b.tableName(table).segment(current).totalSegments(4));
            page.items().forEach(item -> assertThat(segmented.add(item.get("id").s())).isTrue());
            nonEmptySegments += page.count() > 0 ? 1 : 0;
        }

        assertThat(paged).hasSize(200);
        assertThat(segmented).isEqualTo(paged);
        assertThat(nonEmptySegments).isEqualTo(4);
    }

    @Test
    void queryPageStopsAtOneMegabyte(DynamoDbClient client, TableNames names) {
        String table = names.next();
        io.dynamodbtoolkit.embedded.support.Tables.create(client, table, "pk", ScalarAttributeType.S, "sk",
                ScalarAttributeType.N);
        String payload = "x".repeat(100_000);
        for (int i = 0; i < 15; i++) {
            int sk = i;
            client.putItem(b -> b.tableName(table).item(Map.of("pk", s("p"), "sk", n(sk), "data", s(payload))));
        }

        QueryResponse first = query(client, table, "pk = :p", Map.of(":p", s("p")));

        assertThat(first.count()).isEqualTo(11);
        assertThat(first.lastEvaluatedKey()).containsEntry("sk", n(10));
    }

    private static Map<String, AttributeValue> merge(Map<String, AttributeValue> values, String name,
                                                     AttributeValue value) {
        Map<String, AttributeValue> merged = new java.util.HashMap<>(values);
        merged.put(name, value);
        return merged;
    }

}
