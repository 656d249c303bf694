package io.dynamodbtoolkit.embedded.support;

import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.retry.RetryMode;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

import java.net.URI;

/** Real AWS SDK v2 clients for an endpoint, with dummy credentials. */
public final class Clients {

    private static final Region REGION = Region.EU_WEST_1;
    private static final StaticCredentialsProvider CREDENTIALS =
            StaticCredentialsProvider.create(AwsBasicCredentials.create("dummy", "dummy"));

    private Clients() {
    }

    /** A client with the SDK's default retries. */
    public static DynamoDbClient client(URI endpoint) {
        return DynamoDbClient.builder().endpointOverride(endpoint).region(REGION).credentialsProvider(CREDENTIALS)
                .build();
    }

    /** A client with the SDK's default retries whose calls go through the interceptor given. */
    public static DynamoDbClient client(URI endpoint, ExecutionInterceptor interceptor) {
        return DynamoDbClient.builder().endpointOverride(endpoint).region(REGION).credentialsProvider(CREDENTIALS)
                .overrideConfiguration(configuration -> configuration.addExecutionInterceptor(interceptor)).build();
    }

    /** The SDK's unchanged DynamoDB Streams client, pointed at the endpoint, never retrying. */
    public static DynamoDbStreamsClient streams(URI endpoint) {
        return DynamoDbStreamsClient.builder().endpointOverride(endpoint).region(REGION).credentialsProvider(CREDENTIALS)
                .overrideConfiguration(Clients::noRetry).build();
    }

    /** A client that never retries, to observe every error. */
    public static DynamoDbClient noRetries(URI endpoint) {
        return DynamoDbClient.builder().endpointOverride(endpoint).region(REGION).credentialsProvider(CREDENTIALS)
                .overrideConfiguration(Clients::noRetry).build();
    }

    private static void noRetry(ClientOverrideConfiguration.Builder configuration) {
        configuration.retryStrategy(RetryMode.STANDARD).retryStrategy(b -> b.maxAttempts(1));
    }
}
