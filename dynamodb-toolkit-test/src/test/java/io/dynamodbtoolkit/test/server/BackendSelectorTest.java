package io.dynamodbtoolkit.test.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BackendSelectorTest {

    private static final Path HERE = Path.of(".");

    private final FakeProvider embeddedMissing = FakeProvider.unavailable("embedded", "embedded engine not on classpath");
    private final FakeProvider motoMissing = FakeProvider.unavailable("moto", "install moto");

    private static BackendSettings settings(Map<String, String> properties, Map<String, String> environment) {
        return BackendSettings.of(properties, environment, HERE);
    }

    private static BackendSelector selector(DynamoDbServerProvider... providers) {
        return new BackendSelector(List.of(providers));
    }

    @Test
    void autoPrefersAnExternalEndpointFromTheSystemProperty() {
        BackendSelector selector = selector(new ExternalEndpointProvider(), FakeProvider.available("embedded"),
                FakeProvider.available("moto"));

        DynamoDbServerProvider chosen = selector.select(settings(
                Map.of(BackendSettings.ENDPOINT_PROPERTY, "http://localhost:8000"), Map.of()));

        assertThat(chosen.name()).isEqualTo("external");
    }

    @Test
    void autoPrefersAnExternalEndpointFromTheEnvironment() {
        BackendSelector selector = selector(new ExternalEndpointProvider(), FakeProvider.available("embedded"));

        DynamoDbServerProvider chosen = selector.select(settings(
                Map.of(), Map.of(BackendSettings.ENDPOINT_ENVIRONMENT_VARIABLE, "http://localhost:8000")));

        assertThat(chosen.name()).isEqualTo("external");
    }

    @Test
    void autoChoosesEmbeddedWhenNoEndpointIsSet() {
        BackendSelector selector = selector(new ExternalEndpointProvider(), FakeProvider.available("embedded"),
                FakeProvider.available("moto"));

        assertThat(selector.select(settings(Map.of(), Map.of())).name()).isEqualTo("embedded");
    }

    @Test
    void autoFallsBackToMotoWithoutTheEmbeddedEngine() {
        BackendSelector selector = selector(new ExternalEndpointProvider(), embeddedMissing,
                FakeProvider.available("moto"));

        assertThat(selector.select(settings(Map.of(), Map.of())).name()).isEqualTo("moto");
    }

    @Test
    void autoNeverPicksBackendsOutsideItsOrder() {
        BackendSelector selector = selector(new ExternalEndpointProvider(), embeddedMissing, motoMissing,
                FakeProvider.available("dynalite"));

        assertThatThrownBy(() -> selector.select(settings(Map.of(), Map.of())))
                .isInstanceOf(BackendUnavailableException.class)
                .hasMessageContaining("No DynamoDB-compatible server is available")
                .hasMessageContaining("external: no endpoint is configured")
                .hasMessageContaining("embedded: embedded engine not on classpath")
                .hasMessageContaining("moto: install moto")
                .hasMessageContaining("-Ddynamodb.toolkit.test.backend=external|embedded|moto|dynalite");
    }

    @Test
    void blankAndAutoValuesMeanAuto() {
        BackendSelector selector = selector(new ExternalEndpointProvider(), embeddedMissing,
                FakeProvider.available("moto"));

        assertThat(selector.select(settings(Map.of(BackendSettings.BACKEND_PROPERTY, ""), Map.of())).name())
                .isEqualTo("moto");
        assertThat(selector.select(settings(Map.of(BackendSettings.BACKEND_PROPERTY, "  "), Map.of())).name())
                .isEqualTo("moto");
        assertThat(selector.select(settings(Map.of(BackendSettings.BACKEND_PROPERTY, "AUTO"), Map.of())).name())
                .isEqualTo("moto");
    }

    @Test
    void anExplicitBackendWinsOverAnExternalEndpoint() {
        BackendSelector selector = selector(new ExternalEndpointProvider(), FakeProvider.available("moto"));

        DynamoDbServerProvider chosen = selector.select(settings(Map.of(
                BackendSettings.BACKEND_PROPERTY, "Moto",
                BackendSettings.ENDPOINT_PROPERTY, "http://localhost:8000"), Map.of()));

        assertThat(chosen.name()).isEqualTo("moto");
    }

    @Test
    void theEnvironmentVariableChoosesWhenThePropertyIsEmpty() {
        BackendSelector selector = selector(FakeProvider.available("moto"), FakeProvider.available("dynalite"));

        DynamoDbServerProvider chosen = selector.select(settings(
                Map.of(BackendSettings.BACKEND_PROPERTY, ""),
                Map.of(BackendSettings.BACKEND_ENVIRONMENT_VARIABLE, "dynalite")));

        assertThat(chosen.name()).isEqualTo("dynalite");
    }

    @Test
    void thePropertyWinsOverTheEnvironmentVariable() {
        BackendSelector selector = selector(FakeProvider.available("moto"), FakeProvider.available("dynalite"));

        DynamoDbServerProvider chosen = selector.select(settings(
                Map.of(BackendSettings.BACKEND_PROPERTY, "moto"),
                Map.of(BackendSettings.BACKEND_ENVIRONMENT_VARIABLE, "dynalite")));

        assertThat(chosen.name()).isEqualTo("moto");
    }

    @Test
    void anExplicitButUnavailableBackendFailsWithItsReason() {
        BackendSelector selector = selector(motoMissing, FakeProvider.available("embedded"));

        assertThatThrownBy(() -> selector.select(settings(Map.of(BackendSettings.BACKEND_PROPERTY, "moto"), Map.of())))
                .isInstanceOf(BackendUnavailableException.class)
                .hasMessage("The DynamoDB test backend 'moto' was chosen (-Ddynamodb.toolkit.test.backend or"
                        + " DYNAMODB_TOOLKIT_TEST_BACKEND) but is not available: install moto");
    }

    @Test
    void anUnknownBackendListsTheKnownOnes() {
        BackendSelector selector = selector(FakeProvider.available("moto"), FakeProvider.available("embedded"));

        assertThatThrownBy(() -> selector.select(settings(Map.of(BackendSettings.BACKEND_PROPERTY, "dynamo-local"),
                Map.of())))
                .isInstanceOf(BackendUnavailableException.class)
                .hasMessageContaining("Unknown DynamoDB test backend 'dynamo-local'")
                .hasMessageContaining("Known backends: moto, embedded, or auto");
    }

    @Test
    void theFirstProviderOfANameWins() {
        BackendSelector selector = selector(FakeProvider.unavailable("moto", "first"), FakeProvider.available("moto"));

        assertThatThrownBy(() -> selector.select(settings(Map.of(BackendSettings.BACKEND_PROPERTY, "moto"), Map.of())))
                .hasMessageEndingWith("not available: first");
    }

    @Test
    void theServiceLoaderFindsEveryShippedProvider() {
        assertThat(BackendSelector.fromServiceLoader().backendNames())
                .containsExactly("external", "embedded", "moto", "dynalite", "testcontainers");
    }
}
