package io.dynamodbtoolkit.benchmarks.peer;

import java.lang.management.ManagementFactory;
import java.net.URI;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import com.sun.management.OperatingSystemMXBean;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.apache5.Apache5HttpClient;
import software.amazon.awssdk.http.crt.AwsCrtHttpClient;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClientBuilder;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * The client CPU one DynamoDB call costs with each HTTP client and setting the toolkit could choose for its
 * auto-configured client: the SDK's Apache 5 client (its default), the same with a larger pool, TCP keep-alive and
 * no expect-continue, the URL-connection client and the CRT client. Each round runs the same mix on every client in
 * turn (20 BatchWriteItem calls of 25 items, 4 in flight; the 500 items read back in Query pages of 100; 20 GetItem
 * calls), ten times, and divides the process's CPU time by the calls made. The server must run in another process (e.g.
 * {@link EmbeddedServer}) so that only the client's CPU is counted; CPU time, unlike elapsed time, is little disturbed
 * by other processes on a busy machine. Prints the median and quartiles over the rounds after the first third.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar io.dynamodbtoolkit.benchmarks.peer.HttpClientCost ENDPOINT [ROUNDS]
 * </pre>
 */
public final class HttpClientCost {

    private static final String[] CLIENTS = {"apache5 (SDK default)", "apache5 tuned", "url-connection", "crt"};

    private HttpClientCost() {
    }

    public static void main(String[] args) throws Exception {
        URI endpoint = URI.create(args[0]);
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 30;
        OperatingSystemMXBean os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        Map<String, DynamoDbClient> clients = new LinkedHashMap<>();
        for (String kind : CLIENTS) {
            clients.put(kind, client(kind, endpoint));
        }
        String table = "client-cost-" + System.nanoTime();
        DynamoDbClient admin = clients.values().iterator().next();
        admin.createTable(b -> b.tableName(table).billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH),
                        k -> k.attributeName("sk").keyType(KeyType.RANGE))
                .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("sk").attributeType(ScalarAttributeType.S)));
        Map<String, List<Double>> microsPerCall = new LinkedHashMap<>();
        ExecutorService pool = Executors.newFixedThreadPool(4);
        for (int round = 0; round < rounds; round++) {
            for (Map.Entry<String, DynamoDbClient> client : clients.entrySet()) {
                long cpu = os.getProcessCpuTime();
                int calls = 0;
                for (int i = 0; i < 10; i++) {
                    calls += mix(client.getValue(), table, pool);
                }
                if (round >= rounds / 3) {
                    microsPerCall.computeIfAbsent(client.getKey(), k -> new ArrayList<>())
                            .add((os.getProcessCpuTime() - cpu) / 1e3 / calls);
                }
            }
        }
        pool.shutdown();
        admin.deleteTable(b -> b.tableName(table));
        microsPerCall.forEach((kind, values) -> {
            List<Double> sorted = new ArrayList<>(values);
            Collections.sort(sorted);
            System.out.printf("%-28s client CPU per call: median %4.0f us [q1 %4.0f, q3 %4.0f]%n", kind,
                    sorted.get(sorted.size() / 2), sorted.get(sorted.size() / 4), sorted.get(3 * sorted.size() / 4));
        });
        clients.values().forEach(DynamoDbClient::close);
    }

    private static int mix(DynamoDbClient client, String table, ExecutorService pool) throws Exception {
        List<Future<?>> writes = new ArrayList<>();
        for (int batch = 0; batch < 20; batch++) {
            List<WriteRequest> requests = new ArrayList<>();
            for (int i = 0; i < 25; i++) {
                Map<String, AttributeValue> item = Map.of("pk", AttributeValue.fromS("TX"),
                        "sk", AttributeValue.fromS(String.format("TX|Dallas|V%06d", batch * 25 + i)),
                        "make", AttributeValue.fromS("Honda"), "year", AttributeValue.fromN("2021"),
                        "kind", AttributeValue.fromS("vehicle"));
                requests.add(WriteRequest.builder().putRequest(p -> p.item(item)).build());
            }
            writes.add(pool.submit(() -> client.batchWriteItem(b -> b.requestItems(Map.of(table, requests)))));
        }
        for (Future<?> write : writes) {
            write.get();
        }
        int calls = writes.size();
        Map<String, AttributeValue> start = null;
        do {
            Map<String, AttributeValue> exclusiveStart = start;
            QueryResponse page = client.query(b -> b.tableName(table).keyConditionExpression("pk = :p")
                    .expressionAttributeValues(Map.of(":p", AttributeValue.fromS("TX"))).limit(100)
                    .exclusiveStartKey(exclusiveStart));
            calls++;
            start = page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty() ? page.lastEvaluatedKey() : null;
        } while (start != null);
        for (int i = 0; i < 20; i++) {
            String sortKey = String.format("TX|Dallas|V%06d", i);
            client.getItem(b -> b.tableName(table).key(Map.of("pk", AttributeValue.fromS("TX"),
                    "sk", AttributeValue.fromS(sortKey))));
            calls++;
        }
        return calls;
    }

    private static DynamoDbClient client(String kind, URI endpoint) {
        DynamoDbClientBuilder builder = DynamoDbClient.builder().endpointOverride(endpoint).region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("x", "x")));
        return switch (kind) {
            case "apache5 (SDK default)" -> builder.httpClientBuilder(Apache5HttpClient.builder()).build();
            case "apache5 tuned" -> builder.httpClientBuilder(Apache5HttpClient.builder().maxConnections(64)
                    .tcpKeepAlive(true).expectContinueEnabled(false)).build();
            case "url-connection" -> builder.httpClientBuilder(UrlConnectionHttpClient.builder()).build();
            case "crt" -> builder.httpClientBuilder(AwsCrtHttpClient.builder().maxConcurrency(64)).build();
            default -> throw new IllegalArgumentException(kind);
        };
    }
}
