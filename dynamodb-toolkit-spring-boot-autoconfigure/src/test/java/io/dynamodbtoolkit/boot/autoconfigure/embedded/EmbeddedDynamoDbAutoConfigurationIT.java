package io.dynamodbtoolkit.boot.autoconfigure.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;

import io.awspring.cloud.autoconfigure.dynamodb.DynamoDbClientCustomizer;
import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.boot.autoconfigure.FailureAnalyses;
import io.dynamodbtoolkit.boot.autoconfigure.ToolkitRunners;
import io.dynamodbtoolkit.boot.autoconfigure.properties.ProvisioningMode;
import io.dynamodbtoolkit.boot.autoconfigure.provision.TableProvisioning;
import io.dynamodbtoolkit.embedded.EmbeddedDynamoDb;
import io.dynamodbtoolkit.embedded.persistence.DamagedDataDirectoryException;
import io.dynamodbtoolkit.key.KeyValues;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.interceptor.SdkExecutionAttribute;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** The embedded engine: started and wired when present and enabled, backing off otherwise, explained when missing. */
@ExtendWith(OutputCaptureExtension.class)
class EmbeddedDynamoDbAutoConfigurationIT {

    private static final String RENTALS = "dynamodb.toolkit.adapters.rentals";

    /** No endpoint, no region, no credentials: what a developer starts with. */
    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(ToolkitRunners.SPRING_CLOUD_AWS).withConfiguration(ToolkitRunners.TOOLKIT)
            .withPropertyValues("dynamodb.toolkit.cursor.signing-key=0123456789abcdef0123");

    @Test
    void withNothingConfiguredTheApplicationRunsOnTheEngineAndItStopsWithTheContext() {
        AtomicReference<URI> endpoint = new AtomicReference<>();
        runner.withPropertyValues(RENTALS + ".key-fields=state,facility", RENTALS + ".structural-key=_sk")
                .run(context -> {
                    assertThat(context).hasNotFailed().hasSingleBean(EmbeddedDynamoDb.class)
                            .hasSingleBean(DynamoDbClient.class);
                    EmbeddedDynamoDb engine = context.getBean(EmbeddedDynamoDb.class);
                    endpoint.set(engine.endpoint());
                    assertThat(engine.endpoint().getHost()).isIn("127.0.0.1", "localhost");
                    assertThat(context.getBean(DynamoDbClient.class).serviceClientConfiguration().endpointOverride())
                            .hasValue(engine.endpoint());
                    assertThat(context.getBean(TableProvisioning.class).mode()).isEqualTo(ProvisioningMode.CREATE);
                    @SuppressWarnings("unchecked")
                    Adapter<Map<String, Object>> rentals = context.getBean("rentals", Adapter.class);
                    rentals.post(Map.of("state", "TX", "name", "Texas"));
                    assertThat(rentals.get(KeyValues.of("state", "TX"))).isPresent();
                });
        assertThat(accepts(endpoint.get().getPort())).isFalse();
    }

    @Test
    void anEngineStartedWhileAwsSettingsAreSetIsAWarning(CapturedOutput output) {
        runner.withPropertyValues("spring.cloud.aws.region.static=eu-west-1").run(context -> {
            assertThat(context).hasNotFailed().hasSingleBean(EmbeddedDynamoDb.class);
            assertThat(output).containsPattern("WARN .*Started the embedded DynamoDB engine at .*It started because no "
                    + "endpoint is configured, although spring.cloud.aws.region.static is set: if this application "
                    + "should use DynamoDB in AWS, set dynamodb.toolkit.embedded.enabled=false");
        });
    }

    @Test
    void anEngineAskedForIsNoWarningWhateverElseIsSet(CapturedOutput output) {
        runner.withPropertyValues("spring.cloud.aws.region.static=eu-west-1", "dynamodb.toolkit.embedded.enabled=true")
                .run(context -> {
                    assertThat(context).hasNotFailed().hasSingleBean(EmbeddedDynamoDb.class);
                    // the tests log at WARN: the engine's start is an INFO line here, not shown
                    assertThat(output).doesNotContain("Started the embedded DynamoDB engine");
                });
    }

    @Test
    void listensOnTheConfiguredPort() throws IOException {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        int configured = port;
        runner.withPropertyValues("dynamodb.toolkit.embedded.port=" + port).run(context -> {
            assertThat(context.getBean(EmbeddedDynamoDb.class).port()).isEqualTo(configured);
            assertThat(context.getBean(DynamoDbClient.class).listTables().tableNames()).isEmpty();
        });
    }

    @Test
    void theEngineAnswersAfterTheConfiguredLatency() {
        runner.withPropertyValues("dynamodb.toolkit.embedded.latency=250ms").run(context -> {
            assertThat(context.getBean(EmbeddedDynamoDb.class).latency()).isEqualTo(Duration.ofMillis(250));
            DynamoDbClient client = context.getBean(DynamoDbClient.class);
            long start = System.nanoTime();
            assertThat(client.listTables().tableNames()).isEmpty();
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThanOrEqualTo(Duration.ofMillis(250));
        });
        runner.run(context -> assertThat(context.getBean(EmbeddedDynamoDb.class).latency()).isZero());
    }

    @Test
    void theStartLineSaysAnswersAreHeld(CapturedOutput output) {
        // the region makes the start line a warning, which the tests' logging shows
        runner.withPropertyValues("spring.cloud.aws.region.static=eu-west-1", "dynamodb.toolkit.embedded.latency=5ms")
                .run(context -> assertThat(output).containsPattern("Started the embedded DynamoDB engine at .*; each"
                        + " answer held until 5 ms after its request, dynamodb.toolkit.embedded.latency; set"));
    }

    @Test
    void aLatencyBelowZeroOrAboveAMinuteFailsStartUpNamingTheProperty() {
        for (String latency : List.of("-5ms", "2m")) {
            runner.withPropertyValues("dynamodb.toolkit.embedded.latency=" + latency).run(context -> {
                FailureAnalysis analysis = FailureAnalyses.of(context);
                assertThat(analysis.getDescription()).contains("dynamodb.toolkit.embedded.latency")
                        .contains("The latency must be from 0 (answer at once) to 1m").contains("such as 5ms");
            });
        }
    }

    @Test
    void aDataDirectoryKeepsTheTablesAcrossRestarts(@TempDir Path directory) {
        ApplicationContextRunner keeping = runner.withPropertyValues(RENTALS + ".key-fields=state,facility",
                RENTALS + ".structural-key=_sk", "dynamodb.toolkit.embedded.data-dir=" + directory);
        keeping.run(context -> {
            assertThat(context).hasNotFailed();
            assertThat(context.getBean(EmbeddedDynamoDb.class).dataDirectory()).contains(directory);
            @SuppressWarnings("unchecked")
            Adapter<Map<String, Object>> rentals = context.getBean("rentals", Adapter.class);
            rentals.post(Map.of("state", "TX", "name", "Texas"));
        });

        keeping.run(context -> {
            @SuppressWarnings("unchecked")
            Adapter<Map<String, Object>> rentals = context.getBean("rentals", Adapter.class);
            assertThat(rentals.get(KeyValues.of("state", "TX"))).hasValueSatisfying(
                    state -> assertThat(state).containsEntry("name", "Texas"));
        });
    }

    @Test
    void aDataDirectoryInUseFailsStartUpNamingTheProperty(@TempDir Path directory) {
        try (EmbeddedDynamoDb other = EmbeddedDynamoDb.builder().dataDirectory(directory).start()) {
            runner.withPropertyValues("dynamodb.toolkit.embedded.data-dir=" + directory).run(context ->
                    assertThat(context.getStartupFailure()).rootCause().hasMessageContaining("is in use by another"));
            runner.withPropertyValues("dynamodb.toolkit.embedded.data-dir=" + directory).run(context ->
                    assertThat(context.getStartupFailure()).hasStackTraceContaining("The embedded DynamoDB engine"
                            + " cannot keep its tables in dynamodb.toolkit.embedded.data-dir=" + directory)
                            .hasStackTraceContaining("Set dynamodb.toolkit.embedded.data-dir to a directory this"
                                    + " application alone can write"));
            assertThat(other.dataDirectory()).contains(directory);
        }
    }

    @Test
    void aDamagedDataDirectoryFailsStartUpUnlessRecoverIsTruncate(@TempDir Path directory) throws IOException {
        try (EmbeddedDynamoDb engine = EmbeddedDynamoDb.builder().dataDirectory(directory).start();
             DynamoDbClient client = DynamoDbClient.builder().endpointOverride(engine.endpoint())
                     .region(software.amazon.awssdk.regions.Region.US_EAST_1)
                     .credentialsProvider(software.amazon.awssdk.auth.credentials.AnonymousCredentialsProvider.create())
                     .build()) {
            client.createTable(b -> b.tableName("kept").billingMode("PAY_PER_REQUEST")
                    .keySchema(k -> k.attributeName("pk").keyType("HASH"))
                    .attributeDefinitions(a -> a.attributeName("pk").attributeType("S")));
        }
        Path snapshot = directory.resolve("snapshot-1.db");
        byte[] bytes = Files.readAllBytes(snapshot);
        bytes[bytes.length / 2] ^= 0x20;
        Files.write(snapshot, bytes);
        String data = "dynamodb.toolkit.embedded.data-dir=" + directory;

        runner.withPropertyValues(data).run(context -> {
            assertThat(context.getStartupFailure()).rootCause().isInstanceOf(DamagedDataDirectoryException.class)
                    .hasMessageContaining(snapshot + " is damaged at byte offset")
                    .hasMessageContaining("dynamodb.toolkit.embedded.recover=truncate");
            assertThat(context.getStartupFailure()).hasStackTraceContaining("Restore the directory from a backup, "
                    + "or set dynamodb.toolkit.embedded.recover=truncate");
        });
        runner.withPropertyValues(data, "dynamodb.toolkit.embedded.recover=skip").run(context ->
                assertThat(context.getStartupFailure()).rootCause()
                        .isInstanceOf(InvalidConfigurationPropertyValueException.class)
                        .hasMessageContaining("dynamodb.toolkit.embedded.recover").hasMessageContaining("truncate"));
        assertThat(Files.readAllBytes(snapshot)).isEqualTo(bytes);
        runner.withPropertyValues(data, "dynamodb.toolkit.embedded.recover=truncate").run(context -> {
            assertThat(context).hasNotFailed();
            assertThat(context.getBean(DynamoDbClient.class).listTables().tableNames()).doesNotContain("kept");
        });
        try (Stream<Path> files = Files.list(directory)) {
            assertThat(files.map(file -> file.getFileName().toString())).anyMatch(name ->
                    name.startsWith("snapshot-1.db.damaged-from-"));
        }
    }

    @Test
    void springCloudAwsCustomizersApplyToTheEnginesClient() {
        List<String> operations = new CopyOnWriteArrayList<>();
        ExecutionInterceptor recorder = new ExecutionInterceptor() {
            @Override
            public void beforeExecution(Context.BeforeExecution execution, ExecutionAttributes attributes) {
                operations.add(attributes.getAttribute(SdkExecutionAttribute.OPERATION_NAME));
            }
        };
        runner.withBean(DynamoDbClientCustomizer.class, () -> builder -> builder.overrideConfiguration(
                configuration -> configuration.addExecutionInterceptor(recorder))).run(context -> {
                    context.getBean(DynamoDbClient.class).listTables();
                    assertThat(operations).containsExactly("ListTables");
                });
    }

    @Test
    void aConfiguredEndpointKeepsTheEngineOff() {
        runner.withPropertyValues(ToolkitRunners.serverProperties()).run(context -> {
            assertThat(context).hasNotFailed().doesNotHaveBean(EmbeddedDynamoDb.class);
            assertThat(context.getBean(TableProvisioning.class).mode()).isEqualTo(ProvisioningMode.NONE);
        });
    }

    @Test
    void enabledFalseKeepsTheEngineOff() {
        runner.withPropertyValues("dynamodb.toolkit.embedded.enabled=false", "spring.cloud.aws.region.static=us-east-1")
                .run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(EmbeddedDynamoDb.class));
    }

    @Test
    void anApplicationClientKeepsTheEngineOff() {
        try (DynamoDbClient mine = io.dynamodbtoolkit.test.DynamoDbEndpoint.shared().newClient()) {
            runner.withBean(DynamoDbClient.class, () -> mine).run(context -> {
                assertThat(context).hasNotFailed().doesNotHaveBean(EmbeddedDynamoDb.class);
                assertThat(context.getBean(DynamoDbClient.class)).isSameAs(mine);
            });
        }
    }

    @Test
    void withoutTheEngineSpringCloudAwsKeepsItsClient() {
        runner.withClassLoader(new FilteredClassLoader(EmbeddedDynamoDb.class))
                .withPropertyValues("spring.cloud.aws.region.static=us-east-1",
                        "spring.cloud.aws.credentials.access-key=test", "spring.cloud.aws.credentials.secret-key=test")
                .run(context -> {
                    assertThat(context).hasNotFailed().doesNotHaveBean("embeddedDynamoDb")
                            .hasSingleBean(DynamoDbClient.class);
                    assertThat(context.getBean(DynamoDbClient.class).serviceClientConfiguration().endpointOverride())
                            .isEmpty();
                });
    }

    @Test
    void anEngineAskedForButMissingFailsStartUpWithAnExplanation() {
        runner.withClassLoader(new FilteredClassLoader(EmbeddedDynamoDb.class))
                .withPropertyValues("dynamodb.toolkit.embedded.enabled=true").run(context -> {
                    assertThat(context.getStartupFailure()).isInstanceOf(EmbeddedEngineMissingException.class);
                    FailureAnalysis analysis = FailureAnalyses.of(context);
                    assertThat(analysis.getDescription()).isEqualTo("The embedded DynamoDB engine is enabled "
                            + "(dynamodb.toolkit.embedded.enabled=true) but it is not on the classpath: the class "
                            + "io.dynamodbtoolkit.embedded.EmbeddedDynamoDb was not found.");
                    assertThat(analysis.getAction()).startsWith("Add the dependency "
                            + "io.dynamodbtoolkit:dynamodb-toolkit-embedded")
                            .contains("dynamodb.toolkit.embedded.enabled=false");
                });
    }

    private static boolean accepts(int port) {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            return true;
        } catch (IOException refused) {
            return false;
        }
    }
}
