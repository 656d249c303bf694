package io.dynamodbtoolkit.test.server;

import java.net.URI;

/**
 * A running DynamoDB-compatible server, as returned by {@link DynamoDbServerProvider#start(BackendSettings)}.
 * Closing it stops the server (and its process, container or in-process engine); closing twice is harmless.
 */
public interface DynamoDbServer extends AutoCloseable {

    /** The HTTP endpoint that DynamoDB clients should use, e.g. {@code http://127.0.0.1:49152}. */
    URI endpoint();

    /** Stops the server. Never throws a checked exception. */
    @Override
    void close();
}
