package io.dynamodbtoolkit.test.server;

import java.net.URI;
import java.net.URISyntaxException;

/**
 * The {@code external} backend: a server that is already running at the endpoint given by
 * {@code -Ddynamodb.toolkit.test.endpoint} or {@code DYNAMODB_ENDPOINT}. Nothing is started or stopped.
 */
public final class ExternalEndpointProvider implements DynamoDbServerProvider {

    /** The backend name. */
    public static final String NAME = "external";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Availability availability(BackendSettings settings) {
        return settings.externalEndpoint().isPresent()
                ? Availability.available()
                : Availability.unavailable("no endpoint is configured: set -D" + BackendSettings.ENDPOINT_PROPERTY
                        + "=http://host:port or the environment variable "
                        + BackendSettings.ENDPOINT_ENVIRONMENT_VARIABLE);
    }

    @Override
    public DynamoDbServer start(BackendSettings settings) {
        String value = settings.externalEndpoint().orElseThrow(() ->
                new BackendUnavailableException(availability(settings).reason()));
        URI endpoint = parse(value);
        return new DynamoDbServer() {
            @Override
            public URI endpoint() {
                return endpoint;
            }

            @Override
            public void close() {
                // not ours to stop
            }

            @Override
            public String toString() {
                return "external DynamoDB endpoint " + endpoint;
            }
        };
    }

    static URI parse(String value) {
        String problem = "The DynamoDB endpoint '" + value + "' (from -D" + BackendSettings.ENDPOINT_PROPERTY + " or "
                + BackendSettings.ENDPOINT_ENVIRONMENT_VARIABLE + ") must be an absolute http or https URI such as"
                + " http://localhost:8000";
        try {
            URI uri = new URI(value);
            boolean http = "http".equalsIgnoreCase(uri.getScheme()) || "https".equalsIgnoreCase(uri.getScheme());
            if (!http || uri.getHost() == null) {
                throw new IllegalArgumentException(problem);
            }
            return uri;
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException(problem, e);
        }
    }
}
