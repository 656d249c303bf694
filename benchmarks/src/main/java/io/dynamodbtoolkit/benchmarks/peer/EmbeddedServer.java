package io.dynamodbtoolkit.benchmarks.peer;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;

import io.dynamodbtoolkit.embedded.EmbeddedDynamoDb;

/**
 * The embedded engine in a JVM of its own, for the peer benchmark: both toolkits then talk to it over HTTP as to
 * any server, and neither shares its JVM. An optional second argument holds each answer until that many
 * milliseconds after its request arrived ({@link EmbeddedDynamoDb.Builder#latency}): a round trip with no proxy's
 * own cost in it.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar io.dynamodbtoolkit.benchmarks.peer.EmbeddedServer PORT [LATENCY_MS]
 * </pre>
 */
public final class EmbeddedServer {

    private EmbeddedServer() {
    }

    public static void main(String[] args) throws InterruptedException {
        int port = args.length > 0 ? Integer.parseInt(args[0]) : 0;
        Duration latency = Duration.ofMillis(args.length > 1 ? Long.parseLong(args[1]) : 0);
        EmbeddedDynamoDb engine = EmbeddedDynamoDb.builder().port(port).latency(latency).start();
        System.out.println("embedded engine at " + engine.endpoint());
        Runtime.getRuntime().addShutdownHook(new Thread(engine::close));
        new CountDownLatch(1).await();
    }
}
