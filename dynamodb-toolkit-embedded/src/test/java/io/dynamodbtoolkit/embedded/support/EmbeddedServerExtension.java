package io.dynamodbtoolkit.embedded.support;

import io.dynamodbtoolkit.embedded.EmbeddedDynamoDb;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** Resolves the parameters {@link EmbeddedServer} promises; the server is closed when the test run ends. */
final class EmbeddedServerExtension implements ParameterResolver {

    private static final ExtensionContext.Namespace NAMESPACE =
            ExtensionContext.Namespace.create(EmbeddedServerExtension.class);

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        Class<?> type = parameter.getParameter().getType();
        return type == DynamoDbClient.class || type == EmbeddedDynamoDb.class || type == TableNames.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        Class<?> type = parameter.getParameter().getType();
        ExtensionContext.Store root = context.getRoot().getStore(NAMESPACE);
        ServerResource server = root.getOrComputeIfAbsent(ServerResource.class, k -> new ServerResource(),
                ServerResource.class);
        if (type == EmbeddedDynamoDb.class) {
            return server.dynamo;
        }
        if (type == DynamoDbClient.class) {
            return server.client;
        }
        Class<?> testClass = context.getRequiredTestClass();
        return context.getStore(NAMESPACE).getOrComputeIfAbsent(testClass.getName() + ".tables",
                k -> new TableNames(testClass), TableNames.class);
    }

    private static final class ServerResource implements AutoCloseable {
        private final EmbeddedDynamoDb dynamo = EmbeddedDynamoDb.start();
        private final DynamoDbClient client = Clients.client(dynamo.endpoint());

        @Override
        public void close() {
            client.close();
            dynamo.close();
        }
    }
}
