package io.dynamodbtoolkit.test.server;

/**
 * Service provider interface for a kind of DynamoDB-compatible server that tests can run against.
 *
 * <p>Implementations are found with {@link java.util.ServiceLoader}: list the implementation class in
 * {@code META-INF/services/io.dynamodbtoolkit.test.server.DynamoDbServerProvider}. Each needs a public no-argument
 * constructor. The test support selects one provider per JVM by {@link #name()} (see {@link BackendSelector}),
 * starts it once, and stops it at JVM exit.
 */
public interface DynamoDbServerProvider {

    /** The backend name users select it by, e.g. {@code moto}; lower case, unique among providers. */
    String name();

    /**
     * Whether this provider can start a server with these settings. Must be cheap and must not start anything.
     *
     * @return {@link Availability#available()} or {@link Availability#unavailable(String)} with a reason that names
     *     what to install or set
     */
    Availability availability(BackendSettings settings);

    /** Shorthand for {@code availability(settings).isAvailable()}. */
    default boolean isAvailable(BackendSettings settings) {
        return availability(settings).isAvailable();
    }

    /**
     * Starts a server and returns once it answers requests. Only called when {@link #availability} said available.
     *
     * @throws Exception when the server cannot be started; the message should include the server's own output
     */
    DynamoDbServer start(BackendSettings settings) throws Exception;
}
