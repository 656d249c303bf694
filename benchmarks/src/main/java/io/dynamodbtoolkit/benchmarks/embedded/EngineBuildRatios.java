package io.dynamodbtoolkit.benchmarks.embedded;

import io.dynamodbtoolkit.benchmarks.AlternatingRatio;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

import java.io.File;
import java.net.MalformedURLException;
import java.net.URI;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.List;

/**
 * Two builds of the embedded engine compared in one JVM, so that a shared, busy machine does not skew the
 * comparison: each build is loaded from its own class path in its own class loader and started on its own port, the
 * same SDK client code drives both with the operations of {@link ItemOperationsBenchmark} (PutItem, GetItem, a
 * 100-item Query, a 25-item BatchWriteItem), alternately in batches, and the median ratio of candidate to baseline
 * time is printed with its interquartile range (elapsed time: the engine works on its own threads; the CPU-time
 * column is the client thread's only).
 *
 * <p>Run: {@code java -cp benchmarks/target/benchmarks.jar
 * io.dynamodbtoolkit.benchmarks.embedded.EngineBuildRatios <baseline class path> <candidate class path> [rounds]},
 * each class path holding a build of {@code dynamodb-toolkit-embedded} and its dependencies (Jackson, SLF4J), e.g.
 * the {@code server} jar, or {@code target/classes} and the jars {@code mvn dependency:build-classpath} lists.
 */
public final class EngineBuildRatios {

    private EngineBuildRatios() {
    }

    /** One build of the engine, started, with a client. */
    private static final class Build implements AutoCloseable {
        private final URLClassLoader loader;
        private final Object engine;
        private final DynamoDbClient client;
        private final ItemWorkload workload;

        Build(String classPath) throws ReflectiveOperationException, MalformedURLException {
            List<URL> urls = new ArrayList<>();
            for (String entry : classPath.split(File.pathSeparator)) {
                urls.add(new File(entry).toURI().toURL());
            }
            loader = new URLClassLoader(urls.toArray(URL[]::new), ClassLoader.getPlatformClassLoader());
            Class<?> type = Class.forName("io.dynamodbtoolkit.embedded.EmbeddedDynamoDb", true, loader);
            engine = type.getMethod("start").invoke(null);
            URI endpoint = (URI) type.getMethod("endpoint").invoke(engine);
            client = DynamoDbClient.builder().endpointOverride(endpoint).region(Region.US_EAST_1)
                    .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("b", "b")))
                    .build();
            workload = new ItemWorkload(client);
        }

        @Override
        public void close() throws Exception {
            client.close();
            engine.getClass().getMethod("close").invoke(engine);
            loader.close();
        }
    }

    /** @param args the baseline class path, the candidate class path, and the number of rounds (default 40) */
    public static void main(String[] args) throws Exception {
        if (args.length < 2) {
            System.err.println("Usage: EngineBuildRatios <baseline class path> <candidate class path> [rounds]");
            System.exit(2);
        }
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 40;
        try (Build baseline = new Build(args[0]); Build candidate = new Build(args[1])) {
            List<AlternatingRatio> ratios = List.of(
                    new AlternatingRatio("PutItem", candidate.workload::putItem, baseline.workload::putItem, 400),
                    new AlternatingRatio("GetItem", candidate.workload::getItem, baseline.workload::getItem, 400),
                    new AlternatingRatio("Query, 100 items", candidate.workload::query, baseline.workload::query, 100),
                    new AlternatingRatio("BatchWriteItem, 25 items", candidate.workload::batchWrite,
                            baseline.workload::batchWrite, 100));
            ratios.forEach(ratio -> ratio.measure(10, rounds));
            System.out.printf("%-30s %-20s %-20s %10s %10s%n", "candidate / baseline, " + rounds + " rounds",
                    "client CPU [q1, q3]", "elapsed [q1, q3]", "ns/op", "baseline");
            ratios.forEach(ratio -> ratio.print(30, 2));
        }
    }
}
