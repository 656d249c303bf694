package io.dynamodbtoolkit.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dynamodbtoolkit.test.server.Availability;
import io.dynamodbtoolkit.test.server.BackendSelector;
import io.dynamodbtoolkit.test.server.BackendSettings;
import io.dynamodbtoolkit.test.server.BackendUnavailableException;
import io.dynamodbtoolkit.test.server.DynamoDbServer;
import io.dynamodbtoolkit.test.server.DynamoDbServerProvider;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SharedDynamoDbServerIT {

    private static final BackendSettings SETTINGS = BackendSettings.of(
            Map.of(BackendSettings.BACKEND_PROPERTY, "custom"), Map.of(), Path.of("."));

    /** A provider named "custom" whose start does what the test says. */
    private record CustomProvider(Starter starter) implements DynamoDbServerProvider {

        interface Starter {
            DynamoDbServer start() throws Exception;
        }

        @Override
        public String name() {
            return "custom";
        }

        @Override
        public Availability availability(BackendSettings settings) {
            return Availability.available();
        }

        @Override
        public DynamoDbServer start(BackendSettings settings) throws Exception {
            return starter.start();
        }
    }

    @Test
    void returnsTheEndpointOfTheStartedServerUnderTheProvidersName() {
        DynamoDbServer server = new DynamoDbServer() {
            @Override
            public URI endpoint() {
                return URI.create("http://127.0.0.1:1234");
            }

            @Override
            public void close() {
            }
        };

        DynamoDbEndpoint endpoint = SharedDynamoDbServer.start(SETTINGS,
                new BackendSelector(List.of(new CustomProvider(() -> server))));

        assertThat(endpoint.uri()).isEqualTo(URI.create("http://127.0.0.1:1234"));
        assertThat(endpoint.backend()).isEqualTo("custom");
        assertThat(endpoint).hasToString("custom at http://127.0.0.1:1234");
    }

    @Test
    void aServerThatFailsToStartIsReportedWithTheBackendName() {
        BackendSelector selector = new BackendSelector(List.of(new CustomProvider(() -> {
            throw new IOException("port exploded\nserver output here");
        })));

        assertThatThrownBy(() -> SharedDynamoDbServer.start(SETTINGS, selector))
                .isInstanceOf(BackendUnavailableException.class)
                .hasMessage("Could not start the DynamoDB test backend 'custom': port exploded\nserver output here")
                .hasCauseInstanceOf(IOException.class);
    }
}
