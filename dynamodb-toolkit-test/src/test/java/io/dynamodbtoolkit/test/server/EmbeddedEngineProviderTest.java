package io.dynamodbtoolkit.test.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class EmbeddedEngineProviderTest {

    private final BackendSettings settings = BackendSettings.of(Map.of(), Map.of(), Path.of("."));

    @Test
    void isUnavailableWithoutTheEmbeddedModuleAndSaysWhichArtifactToAdd() {
        Availability availability = new EmbeddedEngineProvider().availability(settings);

        assertThat(availability.isAvailable()).isFalse();
        assertThat(availability.reason())
                .contains("io.dynamodbtoolkit.embedded.EmbeddedDynamoDb")
                .contains("io.dynamodbtoolkit:dynamodb-toolkit-embedded");
    }

    @Test
    void bindsAClassWithTheEngineContractAndStopsItOnClose() throws Exception {
        EmbeddedEngineProvider provider = new EmbeddedEngineProvider(FakeEmbeddedDynamoDb.class.getName());
        assertThat(provider.availability(settings).isAvailable()).isTrue();

        URI endpoint;
        try (DynamoDbServer server = provider.start(settings)) {
            endpoint = server.endpoint();
            assertThat(endpoint.getHost()).isEqualTo("127.0.0.1");
            assertThat(EndpointProbe.answers(endpoint)).isTrue();
        }
        assertThat(EndpointProbe.answers(endpoint)).isFalse();
    }

    @Test
    void reportsAClassThatBreaksTheContract() {
        Availability availability = new EmbeddedEngineProvider(EngineWithoutEndpoint.class.getName())
                .availability(settings);

        assertThat(availability.isAvailable()).isFalse();
        assertThat(availability.reason()).contains("does not have the expected contract").contains("endpoint");
    }

    @Test
    void reportsAClassThatIsNotAutoCloseable() {
        Availability availability = new EmbeddedEngineProvider(String.class.getName()).availability(settings);

        assertThat(availability.isAvailable()).isFalse();
        assertThat(availability.reason()).contains("AutoCloseable");
    }
}
