package io.dynamodbtoolkit.benchmarks.peer;

import java.net.URI;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.adapter.ItemMapper;
import io.dynamodbtoolkit.adapter.ItemPage;
import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.key.SubtreeQuery;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * The peer benchmark's {@code listUnder} (2,000 children read in pages of 100 through {@code Adapter.list}, 20
 * sequential Query calls: each page reads one item beyond itself, so the 20th knows it is the last) against its
 * floor, the bare SDK client's loop of one Query per page (21 calls: its 20th page has a LastEvaluatedKey, so it
 * asks for a 21st, empty one), alternating in one JVM for many loops (so both are at the JIT's steady state).
 * Prints the median milliseconds of each and their ratio: what the toolkit adds to a walk, and how far a
 * one-call-per-page loop can go on this server and latency.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar io.dynamodbtoolkit.benchmarks.peer.ListFloor ENDPOINT [LOOPS]
 * </pre>
 */
public final class ListFloor {

    private ListFloor() {
    }

    public static void main(String[] args) {
        int loops = args.length > 1 ? Integer.parseInt(args[1]) : 60;
        try (DynamoDbClient client = DynamoDbClient.builder().endpointOverride(URI.create(args[0]))
                .region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("x", "x")))
                .build()) {
            String table = "list-floor-" + System.nanoTime();
            client.createTable(b -> b.tableName(table).billingMode(BillingMode.PAY_PER_REQUEST)
                    .keySchema(k -> k.attributeName("state").keyType(KeyType.HASH),
                            k -> k.attributeName("_sk").keyType(KeyType.RANGE))
                    .attributeDefinitions(a -> a.attributeName("state").attributeType(ScalarAttributeType.S),
                            a -> a.attributeName("_sk").attributeType(ScalarAttributeType.S)));
            KeyModel keys = KeyModel.builder().keyFields("state", "facility", "vin").structuralKey("_sk")
                    .technicalPrefix("_").typeLabels("state", "facility", "vehicle").typeField("kind").build();
            Adapter<Map<String, Object>> rentals = Adapter.create(AdapterDeclaration.builder(ItemMapper.documents())
                    .table(table).keys(keys).cascades(true).build(), client);
            List<Map<String, Object>> vehicles = new ArrayList<>();
            for (int i = 0; i < 2000; i++) {
                vehicles.add(new HashMap<>(Map.of("state", "TX", "facility", "Dallas", "vin",
                        String.format("V%06d", i), "make", "Honda", "year", 2020 + (i % 6))));
            }
            // the parent rows first: the adapter declares cascades, so its parent guard refuses rows without them
            rentals.putForce(new HashMap<>(Map.of("state", "TX")));
            rentals.putForce(new HashMap<>(Map.of("state", "TX", "facility", "Dallas")));
            rentals.putAll(vehicles);
            double[] toolkit = new double[loops];
            double[] bare = new double[loops];
            for (int loop = 0; loop < loops; loop++) {
                toolkit[loop] = time(() -> listWithToolkit(rentals));
                bare[loop] = time(() -> listWithSdk(client, table));
            }
            client.deleteTable(b -> b.tableName(table));
            double t = median(Arrays.copyOfRange(toolkit, loops / 3, loops));
            double b = median(Arrays.copyOfRange(bare, loops / 3, loops));
            System.out.printf("listUnder of 2,000 in pages of 100: toolkit (20 calls) %.1f ms (%.0f items/s), "
                    + "bare SDK Query loop (21 calls) %.1f ms (%.0f items/s): toolkit / bare time %.2f%n", t,
                    2000 / (t / 1000),
                    b, 2000 / (b / 1000), t / b);
        }
    }

    private static void listWithToolkit(Adapter<Map<String, Object>> rentals) {
        KeyValues dallas = KeyValues.of("state", "TX", "facility", "Dallas");
        int count = 0;
        String cursor = null;
        do {
            ListOptions options = ListOptions.defaults().withLimit(100);
            ItemPage<Map<String, Object>> page = rentals.list(SubtreeQuery.children(dallas),
                    cursor == null ? options : options.withCursor(cursor));
            count += page.items().size();
            cursor = page.nextCursor();
        } while (cursor != null);
        check(count);
    }

    private static void listWithSdk(DynamoDbClient client, String table) {
        int count = 0;
        Map<String, AttributeValue> start = null;
        do {
            Map<String, AttributeValue> exclusiveStart = start;
            QueryResponse page = client.query(b -> b.tableName(table)
                    .keyConditionExpression("#p = :p AND begins_with(#s, :s)")
                    .expressionAttributeNames(Map.of("#p", "state", "#s", "_sk"))
                    .expressionAttributeValues(Map.of(":p", AttributeValue.fromS("TX"),
                            ":s", AttributeValue.fromS("TX|Dallas|")))
                    .limit(100).exclusiveStartKey(exclusiveStart));
            count += page.count();
            start = page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty() ? page.lastEvaluatedKey() : null;
        } while (start != null);
        check(count);
    }

    private static void check(int count) {
        if (count != 2000) {
            throw new IllegalStateException("listed " + count);
        }
    }

    private static double time(Runnable work) {
        long start = System.nanoTime();
        work.run();
        return (System.nanoTime() - start) / 1e6;
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }
}
