package io.dynamodbtoolkit.benchmarks.embedded;

import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The item operations both {@link ItemOperationsBenchmark} and {@link EngineBuildRatios} measure, through one SDK
 * client: PutItem of a ~250-byte item, GetItem, a Query answering 100 such items, a BatchWriteItem of 25 items.
 */
final class ItemWorkload {

    static final int QUERY_SIZE = 100;
    private static final String TABLE = "benchmark";
    private static final AttributeValue PAYLOAD = AttributeValue.fromS("x".repeat(200));

    private final DynamoDbClient client;
    private long sequence;

    /** Creates the table and the items GetItem and Query read. */
    ItemWorkload(DynamoDbClient client) {
        this.client = client;
        client.createTable(b -> b.tableName(TABLE).billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH),
                        k -> k.attributeName("sk").keyType(KeyType.RANGE))
                .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("sk").attributeType(ScalarAttributeType.N)));
        for (int i = 0; i < QUERY_SIZE; i++) {
            client.putItem(b -> b.tableName(TABLE).item(item("query", sequence++)));
        }
        client.putItem(b -> b.tableName(TABLE).item(item("get", 1)));
    }

    private static Map<String, AttributeValue> item(String pk, long sk) {
        return Map.of("pk", AttributeValue.fromS(pk), "sk", AttributeValue.fromN(Long.toString(sk)),
                "payload", PAYLOAD, "count", AttributeValue.fromN("42"));
    }

    Object putItem() {
        return client.putItem(b -> b.tableName(TABLE).item(item("put", sequence++ % 10_000)));
    }

    Object getItem() {
        return client.getItem(b -> b.tableName(TABLE).key(Map.of("pk", AttributeValue.fromS("get"),
                "sk", AttributeValue.fromN("1"))));
    }

    /** @return the number of items answered, checked to be {@link #QUERY_SIZE} */
    int query() {
        int count = client.query(b -> b.tableName(TABLE).keyConditionExpression("pk = :pk")
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS("query")))).count();
        if (count != QUERY_SIZE) {
            throw new IllegalStateException("Expected " + QUERY_SIZE + " items, got " + count);
        }
        return count;
    }

    Object batchWrite() {
        List<WriteRequest> writes = new ArrayList<>(25);
        for (int i = 0; i < 25; i++) {
            Map<String, AttributeValue> item = item("batch", sequence++ % 10_000);
            writes.add(WriteRequest.builder().putRequest(p -> p.item(item)).build());
        }
        return client.batchWriteItem(b -> b.requestItems(Map.of(TABLE, writes)));
    }
}
