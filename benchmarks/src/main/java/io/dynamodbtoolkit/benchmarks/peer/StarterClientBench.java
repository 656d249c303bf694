package io.dynamodbtoolkit.benchmarks.peer;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URI;

import io.dynamodbtoolkit.client.CachedEndpointProvider;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The shared harness's Java side ({@code JavaToolkitBench}, compiled beside this class: its rounds, unchanged) on a
 * client configured as the starter's auto-configuration configures it: the SDK's default HTTP client (Apache 5)
 * and the toolkit's {@link CachedEndpointProvider}. {@code JavaToolkitBench} itself builds a plain SDK client.
 *
 * <pre>
 * javac -cp benchmarks/target/benchmarks.jar -d /tmp/peer ../shared/peer-bench/JavaToolkitBench.java
 * java -cp benchmarks/target/benchmarks.jar:/tmp/peer io.dynamodbtoolkit.benchmarks.peer.StarterClientBench \
 *     ENDPOINT N ROUNDS
 * </pre>
 */
public final class StarterClientBench {

    private StarterClientBench() {
    }

    public static void main(String[] args) throws Exception {
        String endpoint = args[0];
        int items = Integer.parseInt(args[1]);
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 1;
        Method runRound = Class.forName("JavaToolkitBench").getDeclaredMethod("runRound", DynamoDbClient.class,
                int.class);
        runRound.setAccessible(true);
        try (DynamoDbClient client = CachedEndpointProvider.applyTo(DynamoDbClient.builder())
                .endpointOverride(URI.create(endpoint)).region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("x", "x")))
                .build()) {
            for (int round = 1; round <= rounds; round++) {
                System.out.println("round " + round);
                try {
                    runRound.invoke(null, client, items);
                } catch (InvocationTargetException e) {
                    throw e.getCause() instanceof Exception cause ? cause : e;
                }
            }
        }
    }
}
