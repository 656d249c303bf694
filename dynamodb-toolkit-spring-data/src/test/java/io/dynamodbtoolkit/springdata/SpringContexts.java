package io.dynamodbtoolkit.springdata;

import java.util.function.Consumer;

import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** Starts plain Spring contexts around the client the test extension injects (so the RequestLog sees every call). */
final class SpringContexts {

    private SpringContexts() {
    }

    /**
     * @param client        the recording client of the test class
     * @param configuration the configuration class (with {@code @EnableDynamoDbToolkitRepositories})
     * @param beans         registers further beans (adapter declarations, scope providers...)
     * @return the refreshed context; close it after the tests
     */
    static AnnotationConfigApplicationContext start(DynamoDbClient client, Class<?> configuration,
            Consumer<AnnotationConfigApplicationContext> beans) {
        AnnotationConfigApplicationContext context = new AnnotationConfigApplicationContext();
        context.registerBean("dynamoDbClient", DynamoDbClient.class, () -> client, definition -> {
            definition.setDestroyMethodName("");
        });
        beans.accept(context);
        context.register(configuration);
        context.refresh();
        return context;
    }
}
