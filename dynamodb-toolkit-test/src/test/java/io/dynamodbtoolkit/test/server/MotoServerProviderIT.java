package io.dynamodbtoolkit.test.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MotoServerProviderIT {

    private final MotoServerProvider provider = new MotoServerProvider();

    @TempDir
    Path temp;

    @BeforeEach
    void buildDirectoryForServerLogs() throws Exception {
        Files.createDirectories(temp.resolve("target"));
    }

    /** Settings with a PATH of only {@code pathDirectory} and a home directory under the temp folder. */
    private BackendSettings isolated(Path pathDirectory, Map<String, String> extraProperties) {
        Map<String, String> properties = new HashMap<>(extraProperties);
        properties.put("user.home", temp.resolve("home").toString());
        return BackendSettings.of(properties, Map.of("PATH", pathDirectory.toString()), temp);
    }

    @Test
    void missingMotoSaysHowToInstallItOrWhereElseToPoint() throws Exception {
        Path emptyPath = Files.createDirectories(temp.resolve("empty-bin"));

        Availability availability = provider.availability(isolated(emptyPath, Map.of()));

        assertThat(availability.isAvailable()).isFalse();
        assertThat(availability.reason())
                .contains("moto_server was not found on PATH or in ~/.pyenv/shims")
                .contains("pip install \"moto[server]==5.2.1\"")
                .contains("-Ddynamodb.toolkit.test.endpoint=http://host:port")
                .contains("DYNAMODB_ENDPOINT")
                .contains("-Ddynamodb.toolkit.test.backend=embedded|dynalite|testcontainers");
    }

    @Test
    void choosingMotoExplicitlyWhenItIsMissingFailsWithTheInstallCommand() {
        BackendSettings settings = BackendSettings.of(Map.of(
                BackendSettings.BACKEND_PROPERTY, "moto",
                MotoServerProvider.COMMAND_PROPERTY, temp.resolve("no-such-moto_server").toString()), Map.of(), temp);

        assertThatThrownBy(() -> BackendSelector.fromServiceLoader().select(settings))
                .isInstanceOf(BackendUnavailableException.class)
                .hasMessageContaining("The DynamoDB test backend 'moto' was chosen")
                .hasMessageContaining("no-such-moto_server' (set by -Ddynamodb.toolkit.test.moto.command")
                .hasMessageContaining("pip install \"moto[server]==5.2.1\"");
    }

    @Test
    void findsMotoServerInPyenvShimsWhenItIsNotOnPath() throws Exception {
        Path emptyPath = Files.createDirectories(temp.resolve("empty-bin"));
        Path shim = Scripts.executable(temp.resolve("home/.pyenv/shims/moto_server"), "exit 0");

        assertThat(provider.resolveCommand(isolated(emptyPath, Map.of()))).contains(List.of(shim.toString()));
    }

    @Test
    void fallsBackToPythonDashMWhenPythonCanImportMoto() throws Exception {
        Path bin = temp.resolve("bin");
        Path python = Scripts.executable(bin.resolve("python3"), "exit 0");

        assertThat(provider.resolveCommand(isolated(bin, Map.of())))
                .contains(List.of(python.toString(), "-m", "moto.server"));
    }

    @Test
    void ignoresAPythonThatCannotImportMoto() throws Exception {
        Path bin = temp.resolve("bin");
        Scripts.executable(bin.resolve("python3"), "exit 1");

        assertThat(provider.resolveCommand(isolated(bin, Map.of()))).isEqualTo(Optional.empty());
    }

    @Test
    void theCommandOverrideIsSplitAtWhiteSpaceAndResolvedOnPath() throws Exception {
        Path bin = temp.resolve("bin");
        Path python = Scripts.executable(bin.resolve("python3"), "exit 1");

        Optional<List<String>> command = provider.resolveCommand(isolated(bin,
                Map.of(MotoServerProvider.COMMAND_PROPERTY, "python3  -m moto.server")));

        assertThat(command).contains(List.of(python.toString(), "-m", "moto.server"));
    }

    @Test
    void aServerThatExitsEarlyFailsWithItsOutputAndExitCode() throws Exception {
        Path script = Scripts.executable(temp.resolve("bin/broken-moto"), "echo \"boom: $* is not supported\"\nexit 3");

        assertThatThrownBy(() -> provider.start(isolated(temp,
                Map.of(MotoServerProvider.COMMAND_PROPERTY, script.toString()))))
                .hasMessageContaining("The moto server exited (code 3) before answering")
                .hasMessageContaining("Command: " + script + " -H 127.0.0.1 -p ")
                .hasMessageContaining("boom: -H 127.0.0.1 -p");
    }

    @Test
    void aServerThatNeverAnswersTimesOutAndIsStopped() throws Exception {
        Path pidFile = temp.resolve("pid");
        Path script = Scripts.executable(temp.resolve("bin/silent-moto"),
                "echo $$ > " + pidFile + "\necho still starting\nexec sleep 60");

        assertThatThrownBy(() -> provider.start(isolated(temp, Map.of(
                MotoServerProvider.COMMAND_PROPERTY, script.toString(),
                BackendSettings.START_TIMEOUT_PROPERTY, "1"))))
                .hasMessageContaining("did not answer at http://127.0.0.1:")
                .hasMessageContaining("within 1000 ms")
                .hasMessageContaining("still starting");

        long pid = Long.parseLong(Files.readString(pidFile).trim());
        Optional<ProcessHandle> process = ProcessHandle.of(pid);
        if (process.isPresent()) {
            process.get().onExit().get(10, TimeUnit.SECONDS);
        }
        assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive)).isNotEqualTo(Optional.of(true));
    }

    @Test
    void startsARealMotoServerThatAnswersAndStopsIt() throws Exception {
        BackendSettings settings = BackendSettings.fromSystem();
        assertThat(provider.availability(settings).isAvailable())
                .as("moto must be installed on this machine: %s", provider.availability(settings).reason())
                .isTrue();

        ServerProcess server = (ServerProcess) provider.start(settings);
        try {
            assertThat(EndpointProbe.answers(server.endpoint())).isTrue();
            assertThat(server.logFile()).startsWith(settings.buildDirectory());
            assertThat(server.logFile().getFileName().toString())
                    .isEqualTo("moto-server-" + server.endpoint().getPort() + ".log");
        } finally {
            server.close();
        }
        assertThat(server.isAlive()).isFalse();
        assertThat(EndpointProbe.answers(server.endpoint())).isFalse();
    }

    @Test
    void rejectsANonPositiveStartTimeout() {
        BackendSettings settings = BackendSettings.of(Map.of(BackendSettings.START_TIMEOUT_PROPERTY, "0"), Map.of(),
                temp);

        assertThatThrownBy(settings::startTimeout)
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("-Ddynamodb.toolkit.test.start-timeout-seconds=0")
                .hasMessageContaining("positive number of seconds");
        assertThat(BackendSettings.of(Map.of(BackendSettings.START_TIMEOUT_PROPERTY, "2.5"), Map.of(), temp)
                .startTimeout()).isEqualTo(Duration.ofMillis(2500));
    }
}
