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

    @Param({"EMBEDDED", "MOTO"})
    public Backend backend;

    private Backend.Running server;
    private DynamoDbClient client;
    private ItemWorkload workload;

    @Setup(Level.Trial)
    public void start() throws Exception {
        server = backend.start();
        client = DynamoDbClient.builder()
                .endpointOverride(server.endpoint())
                .region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("bench", "bench")))
                .build();
        workload = new ItemWorkload(client);
    }

    @TearDown(Level.Trial)
    public void stop() throws Exception {
        client.close();
        server.close();
    }

    @Benchmark
    public Object putItem() {
        return workload.putItem();
    }

    @Benchmark
    public Object getItem() {
        return workload.getItem();
    }

    @Benchmark
    public int query100Items() {
        return workload.query();
    }

    @Benchmark
    public Object batchWrite25Items() {
        return workload.batchWrite();
    }
}
