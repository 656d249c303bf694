package io.dynamodbtoolkit.benchmarks.springdata;

import java.lang.management.ManagementFactory;
import java.math.BigDecimal;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.ToDoubleFunction;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.adapter.ItemMapper;
import io.dynamodbtoolkit.embedded.EmbeddedDynamoDb;
import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.provision.TableProvisioner;
import io.dynamodbtoolkit.springdata.core.DynamoDbToolkitTemplate;
import io.dynamodbtoolkit.springdata.core.ReactiveDynamoDbToolkitTemplate;
import io.dynamodbtoolkit.springdata.mapping.DynamoDbMappingContext;
import io.dynamodbtoolkit.springdata.mapping.MappingDynamoDbConverter;
import io.dynamodbtoolkit.springdata.repository.support.DynamoDbToolkitRepositoryFactory;
import io.dynamodbtoolkit.springdata.repository.support.ReactiveDynamoDbToolkitRepositoryFactory;
import reactor.core.publisher.Flux;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.apache5.Apache5HttpClient;
import software.amazon.awssdk.http.async.SdkAsyncHttpClient;
import software.amazon.awssdk.http.crt.AwsCrtAsyncHttpClient;
import software.amazon.awssdk.http.nio.netty.NettyNioAsyncHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * N concurrent subtree reads ({@code findUnder} of N facilities, each a few pages of vehicles) through a reactive
 * repository on the asynchronous client against the same reads through a blocking repository on N threads, against
 * one server over HTTP: the embedded engine started in this JVM, or the server at the given endpoint (e.g.
 * {@code peer.EmbeddedServer} in a JVM of its own). Rounds alternate (which side goes first alternates too); the
 * median ratio reactive / blocking of the rounds' elapsed times is printed with its interquartile range, and both
 * sides' median milliseconds per round; then the same for the CPU time this JVM spent in each round (all of its
 * threads: the client's work, and the engine's too when it runs in this JVM). Both clients may open N connections.
 * The reactive side's HTTP client is Netty's (the SDK's default), or with {@code -Dasync-http=crt} the AWS CRT-based
 * one.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar io.dynamodbtoolkit.benchmarks.springdata.ConcurrentSubtreeReads \
 *     [concurrency=64] [rounds=30] [endpoint]
 * </pre>
 */
public final class ConcurrentSubtreeReads {

    private static final KeyModel KEYS = KeyModel.builder().keyFields("state", "facility", "vin")
            .structuralKey("_sk").technicalPrefix("_").versionField("_version").build();
    private static final int VEHICLES_PER_FACILITY = 120;
    private static final int WARMUP_ROUNDS = 5;
    private static final com.sun.management.OperatingSystemMXBean PROCESS =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

    private ConcurrentSubtreeReads() {
    }

    public static void main(String[] args) throws Exception {
        int concurrency = args.length > 0 ? Integer.parseInt(args[0]) : 64;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 30;
        EmbeddedDynamoDb engine = args.length > 2 ? null : EmbeddedDynamoDb.start();
        URI endpoint = engine != null ? engine.endpoint() : URI.create(args[2]);
        StaticCredentialsProvider credentials = StaticCredentialsProvider.create(AwsBasicCredentials.create("x", "x"));
        try (DynamoDbClient client = DynamoDbClient.builder().endpointOverride(endpoint).region(Region.US_EAST_1)
                .credentialsProvider(credentials).httpClientBuilder(Apache5HttpClient.builder()
                        .maxConnections(concurrency)).build();
                DynamoDbAsyncClient asyncClient = DynamoDbAsyncClient.builder().endpointOverride(endpoint)
                        .region(Region.US_EAST_1).credentialsProvider(credentials).httpClientBuilder(asyncHttpClient(concurrency)).build()) {
            AdapterDeclaration<java.util.Map<String, Object>> declaration = AdapterDeclaration
                    .builder(ItemMapper.documents()).name("vehicles").table("vehicles-" + System.nanoTime())
                    .keys(KEYS).build();
            TableProvisioner.of(client).create(declaration);
            Adapter<java.util.Map<String, Object>> adapter = Adapter.create(declaration, client);
            DynamoDbToolkitTemplate template = new DynamoDbToolkitTemplate(adapter,
                    new MappingDynamoDbConverter(new DynamoDbMappingContext()));
            List<KeyValues> facilities = load(template, concurrency);
            BlockingVehicles blocking = new DynamoDbToolkitRepositoryFactory(template)
                    .getRepository(BlockingVehicles.class);
            ReactiveVehicleRepository reactive = new ReactiveDynamoDbToolkitRepositoryFactory(
                    new ReactiveDynamoDbToolkitTemplate(template, asyncClient))
                    .getRepository(ReactiveVehicleRepository.class);
            ExecutorService threads = Executors.newFixedThreadPool(concurrency);
            try {
                run(facilities, blocking, reactive, threads, rounds, concurrency);
            } finally {
                threads.shutdownNow();
            }
        } finally {
            if (engine != null) {
                engine.close();
            }
        }
    }

    /** @return the reactive side's HTTP client: Netty, or with {@code -Dasync-http=crt} the AWS CRT-based one */
    private static SdkAsyncHttpClient.Builder<?> asyncHttpClient(int concurrency) {
        return "crt".equals(System.getProperty("async-http"))
                ? AwsCrtAsyncHttpClient.builder().maxConcurrency(concurrency)
                : NettyNioAsyncHttpClient.builder().maxConcurrency(concurrency);
    }

    /** The blocking repository under measurement. */
    @io.dynamodbtoolkit.springdata.repository.AdapterName("vehicles")
    public interface BlockingVehicles extends io.dynamodbtoolkit.springdata.repository.HierarchicalRepository<
            BenchmarkVehicle> {
    }

    private static List<KeyValues> load(DynamoDbToolkitTemplate template, int facilities) {
        List<BenchmarkVehicle> vehicles = new ArrayList<>();
        List<KeyValues> nodes = new ArrayList<>();
        for (int f = 0; f < facilities; f++) {
            String facility = String.format("F%03d", f);
            nodes.add(KeyValues.of("state", "TX", "facility", facility));
            for (int v = 0; v < VEHICLES_PER_FACILITY; v++) {
                vehicles.add(new BenchmarkVehicle("TX", facility, String.format("V%04d", v), "Make" + (v % 7),
                        new BigDecimal("49.90"), 5, null));
            }
        }
        template.saveAll(vehicles);
        return nodes;
    }

    private static void run(List<KeyValues> facilities, BlockingVehicles blocking, ReactiveVehicleRepository reactive,
            ExecutorService threads, int rounds, int concurrency) throws Exception {
        List<Round> reactiveRounds = new ArrayList<>();
        List<Round> blockingRounds = new ArrayList<>();
        for (int round = 0; round < WARMUP_ROUNDS + rounds; round++) {
            boolean reactiveFirst = round % 2 == 0;
            Round first = reactiveFirst ? Round.of(() -> reactiveRound(facilities, reactive, concurrency))
                    : Round.of(() -> blockingRound(facilities, blocking, threads));
            Round second = reactiveFirst ? Round.of(() -> blockingRound(facilities, blocking, threads))
                    : Round.of(() -> reactiveRound(facilities, reactive, concurrency));
            if (round < WARMUP_ROUNDS) {
                continue;
            }
            reactiveRounds.add(reactiveFirst ? first : second);
            blockingRounds.add(reactiveFirst ? second : first);
        }
        System.out.printf("%d concurrent findUnder of %d vehicles each, %d rounds after %d of warm-up%n",
                concurrency, VEHICLES_PER_FACILITY, rounds, WARMUP_ROUNDS);
        report("elapsed", Round::elapsedMillis, reactiveRounds, blockingRounds, concurrency);
        report("CPU", Round::cpuMillis, reactiveRounds, blockingRounds, concurrency);
    }

    private static void report(String what, ToDoubleFunction<Round> measure,
            List<Round> reactiveRounds, List<Round> blockingRounds, int concurrency) {
        List<Double> ratios = new ArrayList<>();
        for (int i = 0; i < reactiveRounds.size(); i++) {
            ratios.add(measure.applyAsDouble(reactiveRounds.get(i)) / measure.applyAsDouble(blockingRounds.get(i)));
        }
        System.out.printf("%s ratio reactive / blocking: %s%n", what, quartiles(ratios, "%.2f"));
        System.out.printf("%s ms per round, reactive: %s, blocking (%d threads): %s%n", what,
                quartiles(reactiveRounds.stream().map(measure::applyAsDouble).toList(), "%.1f"), concurrency,
                quartiles(blockingRounds.stream().map(measure::applyAsDouble).toList(), "%.1f"));
    }

    /** One side's round: its elapsed time and the CPU time this JVM spent meanwhile. */
    private record Round(double elapsedMillis, double cpuMillis) {

        static Round of(Callable<Long> round) throws Exception {
            long cpu = PROCESS.getProcessCpuTime();
            long elapsed = round.call();
            return new Round(elapsed / 1e6, (PROCESS.getProcessCpuTime() - cpu) / 1e6);
        }
    }

    private static long blockingRound(List<KeyValues> facilities, BlockingVehicles blocking, ExecutorService threads)
            throws Exception {
        long start = System.nanoTime();
        List<Future<Integer>> reads = new ArrayList<>(facilities.size());
        facilities.forEach(node -> reads.add(threads.submit(() -> blocking.findUnder(node).size())));
        for (Future<Integer> read : reads) {
            check(read.get());
        }
        return System.nanoTime() - start;
    }

    private static long reactiveRound(List<KeyValues> facilities, ReactiveVehicleRepository reactive,
            int concurrency) {
        long start = System.nanoTime();
        Flux.fromIterable(facilities).flatMap(node -> reactive.findUnder(node).count(), concurrency)
                .doOnNext(count -> check(count.intValue())).blockLast(Duration.ofMinutes(5));
        return System.nanoTime() - start;
    }

    private static void check(int read) {
        if (read != VEHICLES_PER_FACILITY) {
            throw new IllegalStateException("A subtree read " + read + " vehicles instead of " + VEHICLES_PER_FACILITY);
        }
    }

    private static String quartiles(List<Double> values, String format) {
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        int n = sorted.size();
        return String.format(format + " [" + format + ", " + format + "]", sorted.get(n / 2), sorted.get(n / 4),
                sorted.get(3 * n / 4));
    }
}
