package io.dynamodbtoolkit.test;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;

import io.dynamodbtoolkit.test.server.EmbeddedEngineProvider;
import io.dynamodbtoolkit.test.server.ExternalEndpointProvider;
import io.dynamodbtoolkit.test.server.MotoServerProvider;
import org.junit.jupiter.api.Test;

class DynamoDbEndpointTest {

    private static final URI LOCAL = URI.create("http://127.0.0.1:8000");

    @Test
    void onlyMotoDoesNotIsolateConcurrentWrites() {
        assertThat(DynamoDbEndpoint.of(LOCAL, MotoServerProvider.NAME).isolatesConcurrentWrites()).isFalse();
        assertThat(DynamoDbEndpoint.of(LOCAL, EmbeddedEngineProvider.NAME).isolatesConcurrentWrites()).isTrue();
        assertThat(DynamoDbEndpoint.of(LOCAL, ExternalEndpointProvider.NAME).isolatesConcurrentWrites()).isTrue();
    }
}
