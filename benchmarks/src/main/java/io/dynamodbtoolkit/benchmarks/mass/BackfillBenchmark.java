package io.dynamodbtoolkit.benchmarks.mass;

import static io.dynamodbtoolkit.benchmarks.mass.MassBenchmark.median;
import static io.dynamodbtoolkit.benchmarks.mass.MassBenchmark.ratios;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.adapter.ItemMapper;
import io.dynamodbtoolkit.index.IndexDeclaration;
import io.dynamodbtoolkit.index.IndexProjection;
import io.dynamodbtoolkit.index.MarkerKeyPart;
import io.dynamodbtoolkit.index.Membership;
import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.mass.IndexBackfill;
import io.dynamodbtoolkit.mass.MassOptions;
import io.dynamodbtoolkit.mass.MassResult;
import io.dynamodbtoolkit.mass.MassScope;
import io.dynamodbtoolkit.provision.TableProvisioner;
import io.dynamodbtoolkit.test.DynamoDbEndpoint;
import software.amazon.awssdk.http.apache5.Apache5HttpClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * An index backfill ({@link IndexBackfill}) against the hand-written minimum in the same process, on the same
 * server, through the same client: a Scan in pages of 500 and, for each item of the marker's tier, one UpdateItem
 * setting the marker on the condition that it is still absent, {@code concurrency} calls in flight. A backfill
 * cannot batch (each write carries a condition), so one conditional write per item is what any backfill costs; the
 * harness shows what the toolkit adds on top (comparing each item with a fresh write's attributes, conditions on
 * every source attribute) and what parallel Scan segments give, both for a first backfill (a write per item) and
 * for one that finds nothing left to write (reads only). Every round reloads the table untimed (items written before
 * the index), then times one backfill.
 *
 * <pre>
 * java -Ddynamodb.toolkit.test.backend=embedded -cp benchmarks/target/benchmarks.jar \
 *     io.dynamodbtoolkit.benchmarks.mass.BackfillBenchmark 5000 7 4      # items, rounds, concurrency
 * </pre>
 */
public final class BackfillBenchmark {

    private static final KeyModel KEYS = KeyModel.builder().keyFields("state", "facility", "vin").structuralKey("_sk")
            .technicalPrefix("_").typeLabels("state", "facility", "vehicle").typeField("kind").build();
    private static final String INDEX = "all-vehicles";
    private static final String MARKER = "_vehicleMarker";

    private final DynamoDbClient client;
    private final int items;
    private final int concurrency;
    private final ExecutorService pool;
    private final String table = "backfill-benchmark";

    private BackfillBenchmark(DynamoDbClient client, int items, int concurrency) {
        this.client = client;
        this.items = items;
        this.concurrency = concurrency;
        this.pool = Executors.newFixedThreadPool(concurrency);
    }

    public static void main(String[] args) {
        int items = args.length > 0 ? Integer.parseInt(args[0]) : 5_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 7;
        int concurrency = args.length > 2 ? Integer.parseInt(args[2]) : 4;
        DynamoDbEndpoint endpoint = DynamoDbEndpoint.shared();
        try (DynamoDbClient client = endpoint.clientBuilder().httpClientBuilder(Apache5HttpClient.builder()
                .maxConnections(concurrency * 2 + 8)).build()) {
            BackfillBenchmark benchmark = new BackfillBenchmark(client, items, concurrency);
            System.out.printf("backend %s, %d items, %d rounds, concurrency %d%n", endpoint.backend(), items, rounds,
                    concurrency);
            benchmark.compare(rounds);
            benchmark.pool.shutdown();
        }
    }

    private void compare(int rounds) {
        double[] segments4 = new double[rounds];
        double[] segments1 = new double[rounds];
        double[] loop = new double[rounds];
        run(() -> engine(4));
        run(this::handWritten);
        for (int round = 0; round < rounds; round++) {
            segments4[round] = run(() -> engine(4));
            segments1[round] = run(() -> engine(1));
            loop[round] = run(this::handWritten);
        }
        System.out.printf("backfill: engine (4 segments) %.0f ms, engine (1 segment) %.0f ms, hand-written loop %.0f ms"
                + " (medians)%n", median(segments4), median(segments1), median(loop));
        System.out.printf("engine (4 segments) throughput = %.2f x the hand-written loop [rounds: %s]%n",
                median(loop) / median(segments4), ratios(loop, segments4));
        System.out.printf("engine (1 segment) throughput = %.2f x the hand-written loop [rounds: %s]%n",
                median(loop) / median(segments1), ratios(loop, segments1));
        System.out.printf("4 segments = %.2f x 1 segment [rounds: %s]%n",
                median(segments1) / median(segments4),
                ratios(segments1, segments4));
        double[] check4 = new double[rounds];
        double[] check1 = new double[rounds];
        for (int round = 0; round < rounds; round++) {
            check4[round] = runOnBackfilled(() -> engineFindingNothing(4));
            check1[round] = runOnBackfilled(() -> engineFindingNothing(1));
        }
        System.out.printf("a backfill with nothing left to write (reads only): 4 segments %.0f ms, 1 segment %.0f ms: "
                + "4 segments = %.2f x 1 segment [rounds: %s]%n", median(check4),
                median(check1), median(check1) / median(check4),
                ratios(check1, check4));
    }

    /** Reloads and backfills the table (untimed), then times one operation. */
    private double runOnBackfilled(Runnable operation) {
        reset();
        engine(4);
        long start = System.nanoTime();
        operation.run();
        return (System.nanoTime() - start) / 1e6;
    }

    private void engineFindingNothing(int segments) {
        MassResult result = IndexBackfill.of(Adapter.create(declaration(true), client)).backfill(INDEX,
                MassScope.wholeTable(segments), MassOptions.defaults().withConcurrency(concurrency)
                        .withPageSize(500));
        check(result.isComplete() && result.processed() == 0, "backfill after backfill " + result.processed());
    }

    /** Reloads the table under the declaration without the index (untimed), adds the index, times one operation. */
    private double run(Runnable operation) {
        reset();
        long start = System.nanoTime();
        operation.run();
        double ms = (System.nanoTime() - start) / 1e6;
        long marked = countMarked();
        check(marked == items, "items marked after the run: " + marked);
        return ms;
    }

    private void engine(int segments) {
        MassResult result = IndexBackfill.of(Adapter.create(declaration(true), client)).backfill(INDEX,
                MassScope.wholeTable(segments), MassOptions.defaults().withConcurrency(concurrency)
                        .withPageSize(500));
        check(result.isComplete() && result.processed() == items, "engine backfill " + result.processed());
    }

    /** A Scan in pages of 500; for each vehicle one conditional UpdateItem, {@code concurrency} in flight. */
    private void handWritten() {
        Map<String, AttributeValue> start = null;
        List<Future<?>> running = new ArrayList<>();
        do {
            Map<String, AttributeValue> exclusiveStart = start;
            ScanResponse page = client.scan(b -> b.tableName(table).limit(500).exclusiveStartKey(exclusiveStart));
            for (Map<String, AttributeValue> item : page.items()) {
                if (!"vehicle".equals(item.get("kind").s())) {
                    continue;
                }
                running.add(pool.submit(() -> client.updateItem(b -> b.tableName(table)
                        .key(Map.of("state", item.get("state"), "_sk", item.get("_sk")))
                        .updateExpression("SET #m = :y").conditionExpression("attribute_not_exists(#m)")
                        .expressionAttributeNames(Map.of("#m", MARKER))
                        .expressionAttributeValues(Map.of(":y", AttributeValue.fromS("Y"))))));
                if (running.size() >= concurrency) {
                    await(running.remove(0));
                }
            }
            start = page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty() ? page.lastEvaluatedKey() : null;
        } while (start != null);
        running.forEach(BackfillBenchmark::await);
    }

    private AdapterDeclaration<Map<String, AttributeValue>> declaration(boolean withIndex) {
        AdapterDeclaration.Builder<Map<String, AttributeValue>> builder = AdapterDeclaration
                .builder(ItemMapper.attributes()).table(table).keys(KEYS);
        if (withIndex) {
            builder.indexes(IndexDeclaration.global(INDEX).partition(MarkerKeyPart.of(MARKER, "Y")).sortKey("_sk")
                    .membership(Membership.types("vehicle")).projection(IndexProjection.KEYS_ONLY).build());
        }
        return builder.build();
    }

    private void reset() {
        try {
            client.deleteTable(b -> b.tableName(table));
        } catch (ResourceNotFoundException e) {
            // first round
        }
        TableProvisioner.of(client).create(declaration(false));
        List<Map<String, AttributeValue>> rows = new ArrayList<>(items + 100);
        for (int state = 0; state < 10; state++) {
            rows.add(row(state, null, null));
            for (int facility = 0; facility < 5; facility++) {
                rows.add(row(state, facility, null));
            }
        }
        for (int i = 0; i < items; i++) {
            rows.add(row(i % 10, i % 5, String.format("VIN%07d", i)));
        }
        Adapter.create(declaration(false), client).putAll(rows);
        TableProvisioner.of(client).withBackfillSample(0).create(declaration(true));
    }

    private static Map<String, AttributeValue> row(int state, Integer facility, String vin) {
        Map<String, AttributeValue> item = new LinkedHashMap<>();
        item.put("state", AttributeValue.fromS("S" + state));
        if (facility != null) {
            item.put("facility", AttributeValue.fromS("F" + facility));
        }
        if (vin != null) {
            item.put("vin", AttributeValue.fromS(vin));
            item.put("make", AttributeValue.fromS("Make" + (vin.hashCode() & 7)));
        }
        return item;
    }

    private long countMarked() {
        long count = 0;
        Map<String, AttributeValue> start = null;
        do {
            Map<String, AttributeValue> exclusiveStart = start;
            ScanResponse page = client.scan(b -> b.tableName(table).exclusiveStartKey(exclusiveStart)
                    .filterExpression("attribute_exists(#m)").expressionAttributeNames(Map.of("#m", MARKER))
                    .select("COUNT"));
            count += page.count();
            start = page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty() ? page.lastEvaluatedKey() : null;
        } while (start != null);
        return count;
    }

    private static void await(Future<?> future) {
        try {
            future.get();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static void check(boolean condition, String what) {
        if (!condition) {
            throw new IllegalStateException("Benchmark run went wrong: " + what);
        }
    }
}
