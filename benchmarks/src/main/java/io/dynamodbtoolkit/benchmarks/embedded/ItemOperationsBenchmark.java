package io.dynamodbtoolkit.benchmarks.embedded;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Single-client throughput of PutItem, GetItem, a 100-item Query and a 25-item BatchWriteItem, through the same AWS
 * SDK client, against each backend ({@code -p backend=EMBEDDED,MOTO,DYNALITE}). Compare the backends by the ratio
 * of their scores from one run.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 8, time = 3)
@Measurement(iterations = 5, time = 3)
@Fork(1)
public class ItemOperationsBenchmark {

    private static final String TABLE = "benchmark";
    private static final int QUERY_SIZE = 100;
    private static final AttributeValue PAYLOAD = AttributeValue.fromS("x".repeat(200));

    @Param({"EMBEDDED", "MOTO"})
    public Backend backend;

    private Backend.Running server;
    private DynamoDbClient client;
    private long sequence;

    @Setup(Level.Trial)
    public void start() throws Exception {
        server = backend.start();
        client = DynamoDbClient.builder()
                .endpointOverride(server.endpoint())
                .region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("bench", "bench")))
                .build();
        client.createTable(b -> b.tableName(TABLE).billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH),
                        k -> k.attributeName("sk").keyType(KeyType.RANGE))
                .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("sk").attributeType(ScalarAttributeType.N)));
        for (int i = 0; i < QUERY_SIZE; i++) {
            client.putItem(b -> b.tableName(TABLE).item(item("query", next())));
        }
        client.putItem(b -> b.tableName(TABLE).item(item("get", 1)));
    }

    @TearDown(Level.Trial)
    public void stop() throws Exception {
        client.close();
        server.close();
    }

    private long next() {
        return sequence++;
    }

    private static Map<String, AttributeValue> item(String pk, long sk) {
        return Map.of("pk", AttributeValue.fromS(pk), "sk", AttributeValue.fromN(Long.toString(sk)),
                "payload", PAYLOAD, "count", AttributeValue.fromN("42"));
    }

    @Benchmark
    public Object putItem() {
        return client.putItem(b -> b.tableName(TABLE).item(item("put", next() % 10_000)));
    }

    @Benchmark
    public Object getItem() {
        return client.getItem(b -> b.tableName(TABLE).key(Map.of("pk", AttributeValue.fromS("get"),
                "sk", AttributeValue.fromN("1"))));
    }

    @Benchmark
    public int query100Items() {
        int count = client.query(b -> b.tableName(TABLE).keyConditionExpression("pk = :pk")
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS("query")))).count();
        if (count != QUERY_SIZE) {
            throw new IllegalStateException("Expected " + QUERY_SIZE + " items, got " + count);
        }
        return count;
    }

    @Benchmark
    public Object batchWrite25Items() {
        List<WriteRequest> writes = new ArrayList<>(25);
        for (int i = 0; i < 25; i++) {
            Map<String, AttributeValue> item = item("batch", next() % 10_000);
            writes.add(WriteRequest.builder().putRequest(p -> p.item(item)).build());
        }
        return client.batchWriteItem(b -> b.requestItems(Map.of(TABLE, writes)));
    }
}
