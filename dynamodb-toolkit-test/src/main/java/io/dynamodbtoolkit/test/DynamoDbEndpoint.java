package io.dynamodbtoolkit.test;

import java.net.URI;
import java.time.Duration;
import java.util.Objects;

import io.dynamodbtoolkit.test.server.MotoServerProvider;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClientBuilder;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClientBuilder;

/**
 * Where the DynamoDB-compatible server of this test run listens, and how to build clients for it: dummy static
 * credentials, region {@code us-east-1}, the endpoint override and a small URL-connection HTTP client.
 */
public final class DynamoDbEndpoint {

    /** The region every client of the test run uses. */
    public static final Region REGION = Region.US_EAST_1;

    private static final AwsCredentialsProvider CREDENTIALS =
            StaticCredentialsProvider.create(AwsBasicCredentials.create("test", "test"));

    private final URI uri;
    private final String backend;

    private DynamoDbEndpoint(URI uri, String backend) {
        this.uri = Objects.requireNonNull(uri, "uri");
        this.backend = Objects.requireNonNull(backend, "backend");
    }

    /**
     * The endpoint of this JVM's shared server: selected and started on first use (see the module README), stopped
     * at JVM exit. Useful where parameter injection is not, e.g. in a Spring {@code @DynamicPropertySource} method.
     *
     * @throws io.dynamodbtoolkit.test.server.BackendUnavailableException when no backend can be selected or started
     */
    public static DynamoDbEndpoint shared() {
        return SharedDynamoDbServer.endpoint();
    }

    /** An endpoint for a server you started yourself. */
    public static DynamoDbEndpoint of(URI uri, String backend) {
        return new DynamoDbEndpoint(uri, backend);
    }

    /** The HTTP endpoint, e.g. {@code http://127.0.0.1:49152}. */
    public URI uri() {
        return uri;
    }

    /** The name of the backend serving it: {@code embedded}, {@code moto}, {@code external}, ... */
    public String backend() {
        return backend;
    }

    /**
     * Whether concurrent conditional and transactional writes are isolated from each other, as DynamoDB's are: true for
     * every backend but moto. moto 5.2.1 checks conditions without isolating concurrent requests, and undoes a
     * cancelled transaction by restoring the table as it was before it, which loses the transactions committed
     * meanwhile. A race test (exactly one writer wins) needs this; a test of concurrent conditional writes that may be
     * cancelled runs them one at a time where it is false.
     */
    public boolean isolatesConcurrentWrites() {
        return !MotoServerProvider.NAME.equals(backend);
    }

    /** Always {@link #REGION}. */
    public Region region() {
        return REGION;
    }

    /** Static dummy credentials (any value works with local servers). */
    public AwsCredentialsProvider credentialsProvider() {
        return CREDENTIALS;
    }

    /**
     * A new client builder configured for this endpoint; add interceptors or overrides, then {@code build()}.
     * Each built client owns its HTTP client: close it when done.
     */
    public DynamoDbClientBuilder clientBuilder() {
        return DynamoDbClient.builder()
                .endpointOverride(uri)
                .region(REGION)
                .credentialsProvider(CREDENTIALS)
                .httpClientBuilder(UrlConnectionHttpClient.builder()
                        .connectionTimeout(Duration.ofSeconds(5))
                        .socketTimeout(Duration.ofSeconds(60)));
    }

    /**
     * A new asynchronous client builder configured for this endpoint; its HTTP client is the one on the class path
     * (add {@code software.amazon.awssdk:netty-nio-client}). Each built client owns its HTTP client: close it when
     * done.
     */
    public DynamoDbAsyncClientBuilder asyncClientBuilder() {
        return DynamoDbAsyncClient.builder()
                .endpointOverride(uri)
                .region(REGION)
                .credentialsProvider(CREDENTIALS);
    }

    /** A new client for this endpoint; close it when done. */
    public DynamoDbClient newClient() {
        return clientBuilder().build();
    }

    @Override
    public String toString() {
        return backend + " at " + uri;
    }
}
