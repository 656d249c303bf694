package io.dynamodbtoolkit.test.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ExternalEndpointProviderTest {

    private final ExternalEndpointProvider provider = new ExternalEndpointProvider();

    private static BackendSettings endpoint(String value) {
        return BackendSettings.of(Map.of(BackendSettings.ENDPOINT_PROPERTY, value), Map.of(), Path.of("."));
    }

    @Test
    void isUnavailableWithoutAnEndpointAndNamesBothSettings() {
        Availability availability = provider.availability(BackendSettings.of(Map.of(), Map.of(), Path.of(".")));

        assertThat(availability.isAvailable()).isFalse();
        assertThat(availability.reason()).contains("-Ddynamodb.toolkit.test.endpoint=").contains("DYNAMODB_ENDPOINT");
    }

    @Test
    void usesTheGivenEndpointAndStartsNothing() {
        try (DynamoDbServer server = provider.start(endpoint(" http://dynamo.internal:8000 "))) {
            assertThat(server.endpoint()).isEqualTo(URI.create("http://dynamo.internal:8000"));
        }
    }

    @Test
    void rejectsAnEndpointThatIsNotAnHttpUri() {
        for (String bad : new String[] {"localhost:8000", "ftp://host:21", "http://", "http://bad host"}) {
            assertThatThrownBy(() -> provider.start(endpoint(bad)))
                    .as(bad)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("'" + bad + "'")
                    .hasMessageContaining("dynamodb.toolkit.test.endpoint")
                    .hasMessageContaining("http://localhost:8000");
        }
    }
}
