package io.dynamodbtoolkit.test;

import io.dynamodbtoolkit.test.server.BackendSelector;
import io.dynamodbtoolkit.test.server.BackendSettings;
import io.dynamodbtoolkit.test.server.BackendUnavailableException;
import io.dynamodbtoolkit.test.server.DynamoDbServer;
import io.dynamodbtoolkit.test.server.DynamoDbServerProvider;
import org.jspecify.annotations.Nullable;

/**
 * The one server per JVM: selected and started on first use, stopped by a shutdown hook. A failure to start is
 * remembered, so that every later test class fails fast with the same message instead of retrying.
 */
final class SharedDynamoDbServer {

    private static @Nullable DynamoDbEndpoint endpoint;
    private static @Nullable BackendUnavailableException failure;

    private SharedDynamoDbServer() {
    }

    static synchronized DynamoDbEndpoint endpoint() {
        if (endpoint == null) {
            if (failure != null) {
                throw new BackendUnavailableException(failure.getMessage(), failure);
            }
            try {
                endpoint = start(BackendSettings.fromSystem(), BackendSelector.fromServiceLoader());
            } catch (RuntimeException e) {
                failure = e instanceof BackendUnavailableException unavailable
                        ? unavailable
                        : new BackendUnavailableException(e.getMessage(), e);
                throw failure;
            }
        }
        return endpoint;
    }

    /** Selects and starts a server, registering a shutdown hook that stops it. */
    static DynamoDbEndpoint start(BackendSettings settings, BackendSelector selector) {
        DynamoDbServerProvider provider = selector.select(settings);
        DynamoDbServer server;
        try {
            server = provider.start(settings);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BackendUnavailableException("Interrupted while starting the DynamoDB test backend '"
                    + provider.name() + "'", e);
        } catch (Exception e) {
            throw new BackendUnavailableException("Could not start the DynamoDB test backend '" + provider.name()
                    + "': " + e.getMessage(), e);
        }
        Runtime.getRuntime().addShutdownHook(new Thread(server::close, "dynamodb-toolkit-test-" + provider.name()
                + "-shutdown"));
        return DynamoDbEndpoint.of(server.endpoint(), provider.name());
    }
}
