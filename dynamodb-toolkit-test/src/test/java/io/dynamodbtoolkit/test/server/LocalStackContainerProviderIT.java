package io.dynamodbtoolkit.test.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

class LocalStackContainerProviderIT {

    private final BackendSettings settings = BackendSettings.of(Map.of(), Map.of(), Path.of("."));

    @Test
    void withoutTestcontainersOnTheClasspathSaysWhichDependenciesToAdd() {
        Availability availability = new LocalStackContainerProvider(className -> false, () -> true)
                .availability(settings);

        assertThat(availability.isAvailable()).isFalse();
        assertThat(availability.reason()).contains("org.testcontainers:testcontainers-localstack");
    }

    @Test
    void theRealProviderWorksWithoutTestcontainersOnTheClasspath() throws Exception {
        URL mainClasses = LocalStackContainerProvider.class.getProtectionDomain().getCodeSource().getLocation();
        try (URLClassLoader withoutTestcontainers = new URLClassLoader(new URL[] {mainClasses},
                ClassLoader.getPlatformClassLoader())) {
            Class<?> providerClass = withoutTestcontainers.loadClass(LocalStackContainerProvider.class.getName());
            Class<?> settingsClass = withoutTestcontainers.loadClass(BackendSettings.class.getName());
            Object provider = providerClass.getConstructor().newInstance();
            Object isolatedSettings = settingsClass.getMethod("of", Map.class, Map.class, Path.class)
                    .invoke(null, Map.of(), Map.of(), Path.of("."));

            Object availability = providerClass.getMethod("availability", settingsClass)
                    .invoke(provider, isolatedSettings);

            assertThat(availability.getClass().getMethod("reason").invoke(availability)).asString()
                    .startsWith("Testcontainers is not on the test classpath");
        }
    }

    @Test
    void withoutDockerReportsNoDocker() {
        Availability availability = new LocalStackContainerProvider(className -> true, () -> false)
                .availability(settings);

        assertThat(availability.isAvailable()).isFalse();
        assertThat(availability.reason()).startsWith("no Docker");
    }

    @Test
    void theRealProviderReportsNoDockerCleanlyOnAMachineWithoutDocker() {
        assumeFalse(LocalStackContainerServer.isDockerAvailable(), "Docker is available here");

        Availability availability = new LocalStackContainerProvider().availability(settings);

        assertThat(availability.isAvailable()).isFalse();
        assertThat(availability.reason()).startsWith("no Docker");
    }

    @Test
    void startsLocalStackWhenDockerIsAvailable() {
        LocalStackContainerProvider provider = new LocalStackContainerProvider();
        assumeTrue(provider.isAvailable(settings), () -> provider.availability(settings).reason());

        try (DynamoDbServer server = provider.start(settings);
                DynamoDbClient client = DynamoDbClient.builder()
                        .endpointOverride(server.endpoint())
                        .region(Region.US_EAST_1)
                        .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("test", "test")))
                        .httpClientBuilder(UrlConnectionHttpClient.builder())
                        .build()) {
            assertThat(client.listTables().tableNames()).isNotNull();
        }
    }
}
