package io.dynamodbtoolkit.embedded;

import io.dynamodbtoolkit.embedded.EmbeddedDynamoDbServer.Options;
import io.dynamodbtoolkit.embedded.persistence.Durability;
import io.dynamodbtoolkit.embedded.persistence.Recovery;
import io.dynamodbtoolkit.embedded.support.Clients;
import io.dynamodbtoolkit.embedded.support.Tables;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The standalone server's command line (CrashRecoveryIT runs the server itself in a child JVM). */
class EmbeddedDynamoDbServerIT {

    @Test
    void defaultsArePort8000OnTheLoopbackInMemory() {
        Options options = Options.parse(List.of());

        assertThat(options).isEqualTo(new Options(8000, "127.0.0.1", null, Durability.SYNC_EVERY_SECOND,
                Recovery.REFUSE, Duration.ZERO, Duration.ZERO, false));
    }

    @Test
    void optionsAreReadInBothForms(@TempDir Path directory) {
        Options options = Options.parse(List.of("--port=0", "--host", "localhost", "--data-dir", directory.toString(),
                "--durability", "sync-every-write", "--recover", "truncate", "--latency=5",
                "--table-status-delay=60000"));

        assertThat(options).isEqualTo(new Options(0, "localhost", directory, Durability.SYNC_EVERY_WRITE,
                Recovery.TRUNCATE, Duration.ofMillis(5), Duration.ofMinutes(1), false));
        try (EmbeddedDynamoDb dynamo = options.start(); DynamoDbClient client = Clients.client(dynamo.endpoint())) {
            assertThat(dynamo.dataDirectory()).contains(directory);
            assertThat(client.listTables().tableNames()).isEmpty();
            Tables.create(client, "waiting", "pk", ScalarAttributeType.S, null, null);
            assertThat(client.describeTable(b -> b.tableName("waiting")).table().tableStatus())
                    .as("--table-status-delay reaches the engine").isEqualTo(TableStatus.CREATING);
        }
        assertThat(Options.parse(List.of("--help")).help()).isTrue();
    }

    @Test
    void badOptionsAreExplained() {
        assertThatThrownBy(() -> Options.parse(List.of("--port", "http"))).hasMessage(
                "--port must be a number from 0 to 65535, was http");
        assertThatThrownBy(() -> Options.parse(List.of("--data-dir"))).hasMessage(
                "The option --data-dir needs a value");
        assertThatThrownBy(() -> Options.parse(List.of("--durability", "always"))).hasMessage(
                "--durability must be sync-every-second, sync-every-write or no-sync, was always");
        assertThatThrownBy(() -> Options.parse(List.of("--latency", "5ms"))).hasMessage(
                "--latency must be a number of milliseconds from 0 to 60000, was 5ms");
        assertThatThrownBy(() -> Options.parse(List.of("--latency", "-1"))).hasMessage(
                "--latency must be a number of milliseconds from 0 to 60000, was -1");
        assertThatThrownBy(() -> Options.parse(List.of("--recover", "skip"))).hasMessage(
                "--recover must be refuse or truncate, was skip");
        assertThatThrownBy(() -> Options.parse(List.of("--table-status-delay", "2s"))).hasMessage(
                "--table-status-delay must be a number of milliseconds, 0 or more, was 2s");
        assertThatThrownBy(() -> Options.parse(List.of("--table-status-delay", "-5"))).hasMessage(
                "--table-status-delay must be a number of milliseconds, 0 or more, was -5");
        assertThatThrownBy(() -> Options.parse(List.of("--verbose"))).hasMessage("Unknown option: --verbose");
    }
}
