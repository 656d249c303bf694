package io.dynamodbtoolkit.springdata.reactive;

import java.util.function.Consumer;

import io.dynamodbtoolkit.test.DynamoDbEndpoint;
import io.dynamodbtoolkit.test.RequestLog;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** Plain Spring contexts with reactive repositories, around the clients of a test class. */
final class ReactiveContexts {

    private ReactiveContexts() {
    }

    /** @return an asynchronous client of the test endpoint recording into the test class's log; close it after */
    static DynamoDbAsyncClient recordingClient(DynamoDbEndpoint endpoint, RequestLog log) {
        return endpoint.asyncClientBuilder()
                .overrideConfiguration(calls -> calls.addExecutionInterceptor(log.interceptor())).build();
    }

    /**
     * @param client        the recording client of the test class
     * @param asyncClient   the asynchronous client (the test class closes it)
     * @param configuration the configuration class (with {@code @EnableReactiveDynamoDbToolkitRepositories})
     * @param beans         registers further beans (adapter declarations, scope providers...)
     * @return the refreshed context; close it after the tests
     */
    static AnnotationConfigApplicationContext start(DynamoDbClient client, DynamoDbAsyncClient asyncClient,
            Class<?> configuration, Consumer<AnnotationConfigApplicationContext> beans) {
        AnnotationConfigApplicationContext context = new AnnotationConfigApplicationContext();
        context.registerBean("dynamoDbClient", DynamoDbClient.class, () -> client,
                definition -> definition.setDestroyMethodName(""));
        context.registerBean("dynamoDbAsyncClient", DynamoDbAsyncClient.class, () -> asyncClient,
                definition -> definition.setDestroyMethodName(""));
        beans.accept(context);
        context.register(configuration);
        context.refresh();
        return context;
    }
}
