package io.dynamodbtoolkit.boot.autoconfigure.reactive;

import org.jspecify.annotations.Nullable;
import org.springframework.util.ClassUtils;
import software.amazon.awssdk.http.crt.AwsCrtAsyncHttpClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClientBuilder;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbServiceClientConfiguration;

/**
 * Builds the asynchronous client of an application from its blocking one: the same region, endpoint and credentials
 * (so whatever configured the blocking client - {@code spring.cloud.aws.*}, the embedded engine, the application's
 * own bean - configures both alike). Its HTTP client is the AWS CRT-based one when the application has added
 * {@code aws-crt-client} (the SDK itself would take Netty, which every DynamoDB client brings along, whenever both
 * are there), else the SDK's default, Netty.
 */
final class AsyncClientMirror {

    /** The class of the SDK's asynchronous HTTP client on the AWS Common Runtime. */
    static final String CRT_HTTP_CLIENT = "software.amazon.awssdk.http.crt.AwsCrtAsyncHttpClient";

    private AsyncClientMirror() {
    }

    /**
     * @param client      the application's blocking client
     * @param classLoader where to look for the CRT-based HTTP client
     * @return a new asynchronous client talking where the blocking client talks
     */
    static DynamoDbAsyncClient of(DynamoDbClient client, @Nullable ClassLoader classLoader) {
        DynamoDbServiceClientConfiguration configuration = client.serviceClientConfiguration();
        DynamoDbAsyncClientBuilder builder = DynamoDbAsyncClient.builder()
                .region(configuration.region())
                .credentialsProvider(configuration.credentialsProvider());
        configuration.endpointOverride().ifPresent(builder::endpointOverride);
        if (usesCrt(classLoader)) {
            CrtHttp.configure(builder);
        }
        return builder.build();
    }

    /** @return whether the client gets the CRT-based HTTP client rather than the SDK's default */
    static boolean usesCrt(@Nullable ClassLoader classLoader) {
        return ClassUtils.isPresent(CRT_HTTP_CLIENT, classLoader);
    }

    /** Holds the only reference to the CRT classes, so that nothing loads them where they are absent. */
    private static final class CrtHttp {

        static void configure(DynamoDbAsyncClientBuilder builder) {
            builder.httpClientBuilder(AwsCrtAsyncHttpClient.builder());
        }
    }
}
