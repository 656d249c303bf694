package io.dynamodbtoolkit.boot.autoconfigure.reactive;

import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClientBuilder;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbServiceClientConfiguration;

/**
 * Builds the asynchronous client of an application from its blocking one: the same region, endpoint and credentials
 * (so whatever configured the blocking client - {@code spring.cloud.aws.*}, the embedded engine, the application's
 * own bean - configures both alike); its HTTP client is the SDK's default asynchronous one on the class path.
 */
final class AsyncClientMirror {

    private AsyncClientMirror() {
    }

    /** @return a new asynchronous client talking where the blocking client talks */
    static DynamoDbAsyncClient of(DynamoDbClient client) {
        DynamoDbServiceClientConfiguration configuration = client.serviceClientConfiguration();
        DynamoDbAsyncClientBuilder builder = DynamoDbAsyncClient.builder()
                .region(configuration.region())
                .credentialsProvider(configuration.credentialsProvider());
        configuration.endpointOverride().ifPresent(builder::endpointOverride);
        return builder.build();
    }
}
