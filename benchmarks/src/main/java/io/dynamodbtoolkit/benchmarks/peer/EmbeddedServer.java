package io.dynamodbtoolkit.benchmarks.peer;

import java.util.concurrent.CountDownLatch;

import io.dynamodbtoolkit.embedded.EmbeddedDynamoDb;

/**
 * The embedded engine in a JVM of its own, for the peer benchmark: both toolkits then talk to it over HTTP as to
 * any server, and neither shares its JVM.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar io.dynamodbtoolkit.benchmarks.peer.EmbeddedServer PORT
 * </pre>
 */
public final class EmbeddedServer {

    private EmbeddedServer() {
    }

    public static void main(String[] args) throws InterruptedException {
        int port = args.length > 0 ? Integer.parseInt(args[0]) : 0;
        EmbeddedDynamoDb engine = EmbeddedDynamoDb.builder().port(port).start();
        System.out.println("embedded engine at " + engine.endpoint());
        Runtime.getRuntime().addShutdownHook(new Thread(engine::close));
        new CountDownLatch(1).await();
    }
}
