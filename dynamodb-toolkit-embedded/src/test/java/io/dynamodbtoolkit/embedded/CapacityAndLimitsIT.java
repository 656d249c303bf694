package io.dynamodbtoolkit.embedded;

import io.dynamodbtoolkit.embedded.support.EmbeddedServer;
import io.dynamodbtoolkit.embedded.support.TableNames;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

import java.util.Map;

import static io.dynamodbtoolkit.embedded.support.Tables.attribute;
import static io.dynamodbtoolkit.embedded.support.Tables.hash;
import static io.dynamodbtoolkit.embedded.support.Tables.n;
import static io.dynamodbtoolkit.embedded.support.Tables.s;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@EmbeddedServer
class CapacityAndLimitsIT {

    private static String table;

    @BeforeAll
    static void createTable(DynamoDbClient client, TableNames names) {
        table = names.next();
        io.dynamodbtoolkit.embedded.support.Tables.create(client, table, "pk", ScalarAttributeType.S, "sk",
                ScalarAttributeType.N, b -> b.attributeDefinitions(attribute("pk", ScalarAttributeType.S),
                                attribute("sk", ScalarAttributeType.N), attribute("g", ScalarAttributeType.S))
                        .globalSecondaryIndexes(GlobalSecondaryIndex.builder().indexName("byG").keySchema(hash("g"))
                                .projection(p -> p.projectionType(ProjectionType.KEYS_ONLY)).build()));
    }

    /** An item of about {@code bytes} bytes (attribute names included). */
    private static Map<String, AttributeValue> item(String pk, int sk, int bytes, String g) {
        int overhead = "pk".length() + pk.length() + "sk".length() + 2 + "data".length() + (g == null ? 0 : 1 + g.length());
        Map<String, AttributeValue> item = new java.util.HashMap<>(Map.of("pk", s(pk), "sk", n(sk),
                "data", s("x".repeat(bytes - overhead))));
        if (g != null) {
            item.put("g", s(g));
        }
        return item;
    }

    @Test
    void writesCostOneUnitPerKilobyteRoundedUpPlusIndexWrites(DynamoDbClient client) {
        ConsumedCapacity small = client.putItem(b -> b.tableName(table).item(item("w", 1, 1024, null))
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)).consumedCapacity();
        ConsumedCapacity large = client.putItem(b -> b.tableName(table).item(item("w", 2, 1025, null))
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)).consumedCapacity();
        ConsumedCapacity indexed = client.putItem(b -> b.tableName(table).item(item("w", 3, 1024, "G"))
                .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)).consumedCapacity();

        assertThat(small.capacityUnits()).isEqualTo(1.0);
        assertThat(small.tableName()).isEqualTo(table);
        assertThat(large.capacityUnits()).isEqualTo(2.0);
        assertThat(indexed.capacityUnits()).isEqualTo(2.0);
        assertThat(indexed.table().capacityUnits()).isEqualTo(1.0);
        assertThat(indexed.globalSecondaryIndexes().get("byG").capacityUnits()).isEqualTo(1.0);
    }

    @Test
    void readsCostOneUnitPerFourKilobytesHalvedWhenEventuallyConsistent(DynamoDbClient client) {
        client.putItem(b -> b.tableName(table).item(item("r", 1, 5000, null)));

        ConsumedCapacity eventual = client.getItem(b -> b.tableName(table).key(Map.of("pk", s("r"), "sk", n(1)))
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)).consumedCapacity();
        ConsumedCapacity strong = client.getItem(b -> b.tableName(table).key(Map.of("pk", s("r"), "sk", n(1)))
                .consistentRead(true).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)).consumedCapacity();
        ConsumedCapacity missing = client.getItem(b -> b.tableName(table).key(Map.of("pk", s("r"), "sk", n(9)))
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)).consumedCapacity();

        assertThat(eventual.capacityUnits()).isEqualTo(1.0);
        assertThat(strong.capacityUnits()).isEqualTo(2.0);
        assertThat(missing.capacityUnits()).isEqualTo(0.5);
    }

    @Test
    void queryCapacityCountsEveryItemReadBeforeTheFilter(DynamoDbClient client) {
        for (int i = 0; i < 10; i++) {
            int sk = i;
            client.putItem(b -> b.tableName(table).item(item("q", sk, 1000, null)));
        }

        ConsumedCapacity capacity = client.query(b -> b.tableName(table).keyConditionExpression("pk = :p")
                .filterExpression("attribute_exists(nothing)").expressionAttributeValues(Map.of(":p", s("q")))
                .consistentRead(true).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)).consumedCapacity();

        assertThat(capacity.capacityUnits()).isEqualTo(3.0);
    }

    @Test
    void transactionsCostTwice(DynamoDbClient client) {
        java.util.List<ConsumedCapacity> written = client.transactWriteItems(b -> b
                .transactItems(t -> t.put(p -> p.tableName(table).item(item("tx", 1, 1024, null))))
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)).consumedCapacity();
        java.util.List<ConsumedCapacity> read = client.transactGetItems(b -> b
                .transactItems(t -> t.get(g -> g.tableName(table).key(Map.of("pk", s("tx"), "sk", n(1)))))
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)).consumedCapacity();

        assertThat(written).singleElement().satisfies(c -> assertThat(c.capacityUnits()).isEqualTo(2.0));
        assertThat(read).singleElement().satisfies(c -> assertThat(c.capacityUnits()).isEqualTo(2.0));
    }

    @Test
    void itemAndKeySizeLimitsAreEnforced(DynamoDbClient client) {
        assertThatThrownBy(() -> client.putItem(b -> b.tableName(table).item(item("big", 1, 400 * 1024 + 1, null))))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageContaining("Item size has exceeded the maximum allowed size");
        client.putItem(b -> b.tableName(table).item(item("big", 1, 400 * 1024, null)));
        assertThatThrownBy(() -> client.putItem(b -> b.tableName(table).item(Map.of("pk", s("k".repeat(2049)),
                "sk", n(1)))))
                .hasMessageContaining("Size of hashkey has exceeded the maximum size limit of2048 bytes");
        assertThatThrownBy(() -> client.updateItem(b -> b.tableName(table).key(Map.of("pk", s("big"), "sk", n(1)))
                .updateExpression("SET more = :m").expressionAttributeValues(Map.of(":m", s("m")))))
                .hasMessageContaining("Item size to update has exceeded the maximum allowed size");
    }

    @Test
    void expressionsAreLimitedToFourKilobytesAsSent(DynamoDbClient client) {
        client.putItem(b -> b.tableName(table).item(Map.of("pk", s("e"), "sk", n(1))));
        String atLimit = projection(4096);
        String overLimit = projection(4097);

        assertThat(client.getItem(b -> b.tableName(table).key(Map.of("pk", s("e"), "sk", n(1)))
                .projectionExpression(atLimit)).item()).isEmpty();
        assertThatThrownBy(() -> client.getItem(b -> b.tableName(table).key(Map.of("pk", s("e"), "sk", n(1)))
                .projectionExpression(overLimit)))
                .isInstanceOf(DynamoDbException.class).hasMessageStartingWith("Invalid ProjectionExpression: "
                        + "Expression size has exceeded the maximum allowed size; expression size: 4097");
        String longCondition = "attribute_not_exists(pk) OR " + String.join(" OR ",
                java.util.Collections.nCopies(200, "attribute_exists(" + "a".repeat(20) + ")"));
        assertThatThrownBy(() -> client.putItem(b -> b.tableName(table).item(Map.of("pk", s("e"), "sk", n(2)))
                .conditionExpression(longCondition)))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageContaining("Invalid ConditionExpression: Expression size has exceeded the maximum allowed size");
    }

    /** A projection of distinct attribute names, exactly {@code bytes} long. */
    private static String projection(int bytes) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; text.length() < bytes; i++) {
            if (text.length() > 0) {
                text.append(',');
            }
            text.append('a').append(i);
        }
        String names = text.toString();
        int cut = names.lastIndexOf(',', bytes - 1);
        String head = names.substring(0, cut);
        return head + "," + "z".repeat(bytes - head.length() - 1);
    }

    @Test
    void attributeValueValidationMatchesDynamoDb(DynamoDbClient client) {
        assertThatThrownBy(() -> client.putItem(b -> b.tableName(table).item(Map.of("pk", s("v"), "sk", n(1),
                "ss", AttributeValue.fromSs(java.util.List.of("a", "a"))))))
                .hasMessageContaining("Input collection [a, a] contains duplicates.");
        assertThatThrownBy(() -> client.putItem(b -> b.tableName(table).item(Map.of("pk", s("v"), "sk", n("1e126")))))
                .hasMessageContaining("Number overflow");
        assertThatThrownBy(() -> client.putItem(b -> b.tableName(table).item(Map.of("pk", s("v"), "sk",
                n("1." + "0".repeat(37) + "1")))))
                .hasMessageContaining("Attempting to store more than 38 significant digits in a Number");
        assertThatThrownBy(() -> client.putItem(b -> b.tableName(table).item(Map.of("pk", s(""), "sk", n(1)))))
                .hasMessageContaining("The AttributeValue for a key attribute cannot contain an empty string value."
                        + " Key: pk");
    }
}
