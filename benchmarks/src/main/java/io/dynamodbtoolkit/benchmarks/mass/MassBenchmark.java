package io.dynamodbtoolkit.benchmarks.mass;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.adapter.ItemMapper;
import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.mass.MassOperations;
import io.dynamodbtoolkit.mass.MassOptions;
import io.dynamodbtoolkit.mass.MassResult;
import io.dynamodbtoolkit.test.DynamoDbEndpoint;
import software.amazon.awssdk.http.apache5.Apache5HttpClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.DeleteRequest;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * deleteAllUnder and cloneAllUnder on a 10,000-item subtree against two hand-written baselines on the same server,
 * in the same process: a loop of single DeleteItem / PutItem calls, and an ideal BatchWriteItem loop with the
 * engine's concurrency (both read the subtree page by page too, as anything must), through one SDK client on the
 * Apache 5 HTTP client (keep-alive, so single calls are as cheap as they get). A harness rather than JMH:
 * each measured operation changes the data, so every round reloads the subtree untimed and times one operation.
 * Whether the engine or the ideal loop goes first alternates from round to round. Besides the elapsed times it gives
 * the CPU time the JVM spent in the engine's runs against the ideal loop's (the client's work, and the server's when
 * the embedded engine runs in this JVM), a figure a busy machine disturbs less than elapsed time.
 *
 * <pre>
 * java -Ddynamodb.toolkit.test.backend=embedded -cp benchmarks/target/benchmarks.jar \
 *     io.dynamodbtoolkit.benchmarks.mass.MassBenchmark [items] [rounds] [concurrency] [round trip ms] [warm-up runs]
 * </pre>
 *
 * <p>Before the timed rounds the engine and the ideal loop each run untimed {@code warm-up runs} times (1 by
 * default). One run of 10,000 items makes about 400 calls, and the JIT compiles the SDK's call path only after some
 * thousands: with a single warm-up the timed rounds share the cores with the compiler, which has more of the engine's
 * code to compile than of the ideal loop's. About 20 warm-up runs reach the steady state a server runs at.
 *
 * <p>With a round trip (the delay a latency proxy in front of the server adds to every call, e.g. 5 ms, with the
 * {@code external} backend pointed at the proxy, or the embedded engine's own latency: {@code benchmarks/peer/
 * mass-limit.sh} starts either), it also prints the engine's throughput as a fraction of the
 * physical limit of a batch operation: with c calls in flight and a round trip of r, c x 25 items / r. Twice: with
 * r the delay given, and with r measured in each round right after the engine's run, as the mean time of
 * {@value #ROUND_TRIP_CALLS} BatchWriteItem calls of 25 items sent one after the other through the same client (what
 * one call really costs here: the proxy's own handling and the server's work come on top of the delay).
 */
public final class MassBenchmark {

    private static final KeyModel KEYS = KeyModel.builder().keyFields("state", "facility", "vin").structuralKey("_sk")
            .technicalPrefix("_").typeLabels("state", "facility", "vehicle").typeField("kind").build();
    private static final KeyValues DALLAS = KeyValues.of("state", "TX", "facility", "Dallas");
    private static final KeyValues AUSTIN = KeyValues.of("state", "TX", "facility", "Austin");
    private static final com.sun.management.OperatingSystemMXBean PROCESS =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    /** Calls timed one after the other to measure the round trip of a batch write. */
    private static final int ROUND_TRIP_CALLS = 40;

    private final DynamoDbClient client;
    private final int items;
    private final int concurrency;
    private final double roundTripMs;
    private final int warmUpRuns;
    private final ExecutorService pool;
    private final String table = "mass-benchmark";

    private MassBenchmark(DynamoDbClient client, int items, int concurrency, double roundTripMs, int warmUpRuns) {
        this.client = client;
        this.warmUpRuns = warmUpRuns;
        this.items = items;
        this.concurrency = concurrency;
        this.roundTripMs = roundTripMs;
        this.pool = Executors.newFixedThreadPool(concurrency);
    }

    public static void main(String[] args) throws Exception {
        int items = args.length > 0 ? Integer.parseInt(args[0]) : 10_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        int concurrency = args.length > 2 ? Integer.parseInt(args[2]) : 4;
        double roundTripMs = args.length > 3 ? Double.parseDouble(args[3]) : 0;
        int warmUpRuns = args.length > 4 ? Integer.parseInt(args[4]) : 1;
        DynamoDbEndpoint endpoint = DynamoDbEndpoint.shared();
        try (DynamoDbClient client = endpoint.clientBuilder().httpClientBuilder(Apache5HttpClient.builder()
                .maxConnections(concurrency * 2)).build()) {
            MassBenchmark benchmark = new MassBenchmark(client, items, concurrency, roundTripMs, warmUpRuns);
            System.out.printf("backend %s, %d items, %d rounds after %d untimed runs of each, concurrency %d%n",
                    endpoint.backend(), items, rounds, warmUpRuns, concurrency);
            benchmark.compare("deleteAllUnder", rounds, benchmark::engineDelete, benchmark::batchDelete,
                    benchmark::singleDelete);
            benchmark.compare("cloneAllUnder", rounds, benchmark::engineClone, benchmark::batchClone,
                    benchmark::singleClone);
            benchmark.pool.shutdown();
        }
    }

    private void compare(String operation, int rounds, Runnable engine, Runnable batch, Runnable single) {
        double[] engineMs = new double[rounds];
        double[] batchMs = new double[rounds];
        double[] singleMs = new double[rounds];
        double[] engineCpuMs = new double[rounds];
        double[] batchCpuMs = new double[rounds];
        double[] roundTripsMs = new double[rounds];
        for (int warmUp = 0; warmUp < warmUpRuns; warmUp++) {
            run(engine);
            run(batch);
        }
        for (int round = 0; round < rounds; round++) {
            // which of the two goes first alternates, so that a drift of the machine's load or of the JIT favours
            // neither
            boolean engineFirst = round % 2 == 0;
            Timed first = run(engineFirst ? engine : batch);
            Timed second = run(engineFirst ? batch : engine);
            Timed engineRun = engineFirst ? first : second;
            Timed batchRun = engineFirst ? second : first;
            engineMs[round] = engineRun.ms();
            engineCpuMs[round] = engineRun.cpuMs();
            batchMs[round] = batchRun.ms();
            batchCpuMs[round] = batchRun.cpuMs();
            roundTripsMs[round] = roundTripMs > 0 ? measuredRoundTripMs() : Double.NaN;
            // with a round trip of milliseconds, one call per item takes minutes: not timed then
            singleMs[round] = roundTripMs > 0 ? Double.NaN : run(single).ms();
        }
        double e = median(engineMs);
        double b = median(batchMs);
        double s = median(singleMs);
        System.out.printf("%s: engine %.0f ms, ideal batch loop %.0f ms, single-call loop %.0f ms%n", operation, e, b,
                s);
        System.out.printf("%s: engine throughput = %.2f x the ideal batch loop, %.1f x the single-call loop%n",
                operation, b / e, s / e);
        System.out.printf("%s: per round, x the ideal batch loop: %s; x the single-call loop: %s%n", operation,
                ratios(batchMs, engineMs), ratios(singleMs, engineMs));
        System.out.printf("%s: CPU time of this JVM (client, and the server when it runs here), engine / ideal batch "
                + "loop: %.2f (engine %.0f ms, ideal %.0f ms; per round: %s)%n", operation,
                median(engineCpuMs) / median(batchCpuMs), median(engineCpuMs), median(batchCpuMs),
                ratios(engineCpuMs, batchCpuMs));
        if (roundTripMs > 0) {
            double engineItemsPerSecond = (items + 1) / (e / 1000);
            double limit = concurrency * 25 / (roundTripMs / 1000);
            double[] nominalRoundTrips = new double[rounds];
            Arrays.fill(nominalRoundTrips, roundTripMs);
            System.out.printf("%s: engine %.0f items/s = %.2f of the physical limit %d x 25 / %.1f ms = %.0f items/s "
                    + "(rounds: %s)%n", operation, engineItemsPerSecond, engineItemsPerSecond / limit, concurrency,
                    roundTripMs, limit, decimals(fractionsOfLimit(engineMs, nominalRoundTrips), "%.2f"));
            double[] measuredFractions = fractionsOfLimit(engineMs, roundTripsMs);
            System.out.printf("%s: engine %.2f of the limit with the round trip measured in each round, %d x 25 / r "
                    + "(median of the rounds: %s; round trips r %s ms)%n", operation, median(measuredFractions),
                    concurrency, decimals(measuredFractions, "%.2f"), decimals(roundTripsMs, "%.1f"));
        }
    }

    /**
     * @return the mean time in milliseconds of one BatchWriteItem of 25 items, the calls sent one after the other
     *     (the items written under a partition of their own, which the next round's reset drops with the table)
     */
    private double measuredRoundTripMs() {
        List<WriteRequest> puts = new ArrayList<>(25);
        for (int i = 0; i < 25; i++) {
            puts.add(WriteRequest.builder().putRequest(PutRequest.builder().item(Map.of(
                    "state", AttributeValue.fromS("round-trip"), "_sk", AttributeValue.fromS("item" + i),
                    "make", AttributeValue.fromS("Make" + i), "miles", AttributeValue.fromN(Integer.toString(i))))
                    .build()).build());
        }
        client.batchWriteItem(b -> b.requestItems(Map.of(table, puts)));
        long start = System.nanoTime();
        for (int call = 0; call < ROUND_TRIP_CALLS; call++) {
            client.batchWriteItem(b -> b.requestItems(Map.of(table, puts)));
        }
        return (System.nanoTime() - start) / 1e6 / ROUND_TRIP_CALLS;
    }

    /**
     * Recreates the table with the subtree and collects its garbage (untimed, so that the reload's garbage is not
     * collected during the next timed operation), then times one operation.
     */
    private Timed run(Runnable operation) {
        reset();
        System.gc();
        long cpu = PROCESS.getProcessCpuTime();
        long start = System.nanoTime();
        operation.run();
        return new Timed((System.nanoTime() - start) / 1e6, (PROCESS.getProcessCpuTime() - cpu) / 1e6);
    }

    /** One timed operation: its elapsed time and the CPU time this JVM spent meanwhile, in milliseconds. */
    private record Timed(double ms, double cpuMs) {
    }

    private Adapter<Map<String, AttributeValue>> adapter() {
        return Adapter.create(AdapterDeclaration.builder(ItemMapper.attributes()).table(table).keys(KEYS)
                .cascades(true).build(), client);
    }

    private void engineDelete() {
        MassResult result = MassOperations.of(adapter()).deleteAllUnder(DALLAS, options());
        check(result.processed() == items + 1 && result.isComplete(), "engine delete " + result.processed());
    }

    private void engineClone() {
        MassResult result = MassOperations.of(adapter()).cloneAllUnder(DALLAS, AUSTIN, options());
        check(result.processed() == items + 1 && result.isComplete(), "engine clone " + result.processed());
    }

    private MassOptions options() {
        return MassOptions.defaults().withConcurrency(concurrency).withPageSize(500);
    }

    private void batchDelete() {
        forEachPage(page -> batchWrite(page.stream().map(item -> WriteRequest.builder().deleteRequest(
                DeleteRequest.builder().key(keyOf(item)).build()).build()).toList()));
    }

    private void batchClone() {
        forEachPage(page -> batchWrite(page.stream().map(item -> WriteRequest.builder().putRequest(
                PutRequest.builder().item(toAustin(item)).build()).build()).toList()));
    }

    private void singleDelete() {
        forEachPage(page -> page.forEach(item -> client.deleteItem(b -> b.tableName(table).key(keyOf(item)))));
    }

    private void singleClone() {
        forEachPage(page -> page.forEach(item -> client.putItem(b -> b.tableName(table).item(toAustin(item)))));
    }

    /** Reads the subtree (node and descendants) in pages of 500, as any hand-written loop must. */
    private void forEachPage(Consumer<List<Map<String, AttributeValue>>> work) {
        Map<String, AttributeValue> start = null;
        do {
            Map<String, AttributeValue> exclusiveStart = start;
            QueryResponse page = client.query(b -> b.tableName(table).keyConditionExpression(
                    "#p = :p AND begins_with(#s, :s)").expressionAttributeNames(Map.of("#p", "state", "#s", "_sk"))
                    .expressionAttributeValues(Map.of(":p", AttributeValue.fromS("TX"),
                            ":s", AttributeValue.fromS("TX|Dallas"))).limit(500).exclusiveStartKey(exclusiveStart));
            work.accept(page.items());
            start = page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty() ? page.lastEvaluatedKey() : null;
        } while (start != null);
    }

    /** Writes in calls of 25 with {@code concurrency} in flight, retrying unprocessed items. */
    private void batchWrite(List<WriteRequest> requests) {
        List<Future<?>> running = new ArrayList<>();
        for (int start = 0; start < requests.size(); start += 25) {
            List<WriteRequest> chunk = requests.subList(start, Math.min(requests.size(), start + 25));
            running.add(pool.submit(() -> {
                List<WriteRequest> pending = chunk;
                while (!pending.isEmpty()) {
                    List<WriteRequest> sent = pending;
                    BatchWriteItemResponse response = client.batchWriteItem(b -> b.requestItems(Map.of(table, sent)));
                    pending = response.unprocessedItems().getOrDefault(table, List.of());
                }
            }));
        }
        for (Future<?> future : running) {
            try {
                future.get();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }
    }

    private static Map<String, AttributeValue> keyOf(Map<String, AttributeValue> item) {
        return Map.of("state", item.get("state"), "_sk", item.get("_sk"));
    }

    private static Map<String, AttributeValue> toAustin(Map<String, AttributeValue> item) {
        Map<String, AttributeValue> copy = new LinkedHashMap<>(item);
        copy.put("facility", AttributeValue.fromS("Austin"));
        copy.put("_sk", AttributeValue.fromS("TX|Austin" + item.get("_sk").s().substring("TX|Dallas".length())));
        return copy;
    }

    private void reset() {
        try {
            client.deleteTable(b -> b.tableName(table));
        } catch (ResourceNotFoundException e) {
            // first round
        }
        client.createTable(b -> b.tableName(table).billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(k -> k.attributeName("state").keyType(KeyType.HASH),
                        k -> k.attributeName("_sk").keyType(KeyType.RANGE))
                .attributeDefinitions(a -> a.attributeName("state").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("_sk").attributeType(ScalarAttributeType.S)));
        List<Map<String, AttributeValue>> subtree = new ArrayList<>(items + 2);
        // the state row too: the adapter declares cascades, so its parent guard wants every node's parent row
        subtree.add(new LinkedHashMap<>(Map.of("state", AttributeValue.fromS("TX"))));
        subtree.add(adapterItem("Dallas", null));
        for (int i = 0; i < items; i++) {
            subtree.add(adapterItem("Dallas", String.format("VIN%07d", i)));
        }
        adapter().putAll(subtree);
    }

    private static Map<String, AttributeValue> adapterItem(String facility, String vin) {
        Map<String, AttributeValue> item = new LinkedHashMap<>();
        item.put("state", AttributeValue.fromS("TX"));
        item.put("facility", AttributeValue.fromS(facility));
        if (vin != null) {
            item.put("vin", AttributeValue.fromS(vin));
            item.put("make", AttributeValue.fromS("Make" + (vin.hashCode() & 7)));
            item.put("miles", AttributeValue.fromN(Integer.toString(vin.hashCode() & 0xffff)));
        }
        return item;
    }

    private static void check(boolean condition, String what) {
        if (!condition) {
            throw new IllegalStateException("Benchmark run went wrong: " + what);
        }
    }

    /** @return each round's ratio of the baseline's time to the engine's (a throughput ratio), two decimals */
    static String ratios(double[] baselineMs, double[] engineMs) {
        double[] ratios = new double[engineMs.length];
        for (int i = 0; i < engineMs.length; i++) {
            ratios[i] = baselineMs[i] / engineMs[i];
        }
        return decimals(ratios, "%.2f");
    }

    /** @return each round's engine throughput as a fraction of c x 25 / r, with that round's round trip r */
    private double[] fractionsOfLimit(double[] engineMs, double[] roundTripsMs) {
        double[] fractions = new double[engineMs.length];
        for (int i = 0; i < engineMs.length; i++) {
            fractions[i] = (items + 1) / (engineMs[i] / 1000) / (concurrency * 25 / (roundTripsMs[i] / 1000));
        }
        return fractions;
    }

    private static String decimals(double[] values, String format) {
        StringBuilder all = new StringBuilder();
        for (double value : values) {
            all.append(all.isEmpty() ? "" : " ").append(String.format(format, value));
        }
        return all.toString();
    }

    /** @return the median (the upper one of an even count) */
    static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }
}
