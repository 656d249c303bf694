package io.dynamodbtoolkit.test.server;

/** An engine class that breaks the contract: it can start but has no {@code endpoint()} method. */
public final class EngineWithoutEndpoint implements AutoCloseable {

    public static EngineWithoutEndpoint start() {
        return new EngineWithoutEndpoint();
    }

    @Override
    public void close() {
    }
}
