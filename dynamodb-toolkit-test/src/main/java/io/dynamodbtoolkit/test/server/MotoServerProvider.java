package io.dynamodbtoolkit.test.server;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The {@code moto} backend: launches {@code moto_server -H 127.0.0.1 -p <free port>} as a child process.
 *
 * <p>The command is, in order: {@code -Ddynamodb.toolkit.test.moto.command} (or
 * {@code DYNAMODB_TOOLKIT_TEST_MOTO_COMMAND}) split at white space; {@code moto_server} on {@code PATH} or in
 * {@code ~/.pyenv/shims}; {@code python3 -m moto.server} when python3 can import moto. The server's output goes to
 * {@code target/moto-server-<port>.log}.
 */
public final class MotoServerProvider implements DynamoDbServerProvider {

    /** The backend name. */
    public static final String NAME = "moto";
    /** System property overriding the command that starts moto, e.g. {@code python3 -m moto.server}. */
    public static final String COMMAND_PROPERTY = "dynamodb.toolkit.test.moto.command";
    /** Environment variable overriding the command, used when {@link #COMMAND_PROPERTY} is unset. */
    public static final String COMMAND_ENVIRONMENT_VARIABLE = "DYNAMODB_TOOLKIT_TEST_MOTO_COMMAND";
    /** The pip command that installs the moto version this project is tested with. */
    public static final String INSTALL_COMMAND = "pip install \"moto[server]==5.2.1\"";

    private static final String EXECUTABLE = "moto_server";
    private static final String ALTERNATIVES = " Or run the tests against a server that is already running with -D"
            + BackendSettings.ENDPOINT_PROPERTY + "=http://host:port (or the environment variable "
            + BackendSettings.ENDPOINT_ENVIRONMENT_VARIABLE + "), or choose another backend with -D"
            + BackendSettings.BACKEND_PROPERTY + "=embedded|dynalite|testcontainers.";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Availability availability(BackendSettings settings) {
        return resolveCommand(settings).isPresent()
                ? Availability.available()
                : Availability.unavailable(missingReason(settings));
    }

    @Override
    public DynamoDbServer start(BackendSettings settings) throws IOException, InterruptedException {
        List<String> command = resolveCommand(settings).orElseThrow(() ->
                new BackendUnavailableException(missingReason(settings)));
        return ServerProcess.start(NAME, port -> withAddress(command, port), settings.buildDirectory(),
                settings.startTimeout());
    }

    /** The command that starts moto, without host and port arguments; empty when moto cannot be found. */
    Optional<List<String>> resolveCommand(BackendSettings settings) {
        Optional<String> override = settings.value(COMMAND_PROPERTY, COMMAND_ENVIRONMENT_VARIABLE);
        if (override.isPresent()) {
            List<String> parts = Arrays.asList(override.get().split("\\s+"));
            return Executables.find(parts.get(0), settings, List.of()).map(executable -> {
                List<String> command = new ArrayList<>(parts);
                command.set(0, executable.toString());
                return List.copyOf(command);
            });
        }
        List<Path> pyenvShims = settings.userHome().map(home -> home.resolve(".pyenv").resolve("shims"))
                .map(List::of).orElse(List.of());
        Optional<List<String>> motoServer = Executables.find(EXECUTABLE, settings, pyenvShims)
                .map(executable -> List.of(executable.toString()));
        return motoServer.or(() -> pythonWithMoto(settings));
    }

    private static Optional<List<String>> pythonWithMoto(BackendSettings settings) {
        return Executables.find("python3", settings, List.of())
                .filter(MotoServerProvider::canImportMotoServer)
                .map(python -> List.of(python.toString(), "-m", "moto.server"));
    }

    private static boolean canImportMotoServer(Path python) {
        try {
            Process check = new ProcessBuilder(python.toString(), "-c",
                    "import importlib.util, sys; sys.exit(0 if importlib.util.find_spec('moto')"
                            + " and importlib.util.find_spec('flask') else 1)")
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start();
            if (!check.waitFor(10, TimeUnit.SECONDS)) {
                check.destroyForcibly();
                return false;
            }
            return check.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static String missingReason(BackendSettings settings) {
        Optional<String> override = settings.value(COMMAND_PROPERTY, COMMAND_ENVIRONMENT_VARIABLE);
        String what = override
                .map(command -> "the moto command '" + command + "' (set by -D" + COMMAND_PROPERTY + " or "
                        + COMMAND_ENVIRONMENT_VARIABLE + ") was not found or is not executable.")
                .orElse(EXECUTABLE + " was not found on PATH or in ~/.pyenv/shims, and python3 -m moto.server is not"
                        + " available.");
        return what + " Install moto with: " + INSTALL_COMMAND + "." + ALTERNATIVES;
    }

    private static List<String> withAddress(List<String> command, int port) {
        List<String> withAddress = new ArrayList<>(command);
        withAddress.addAll(List.of("-H", "127.0.0.1", "-p", Integer.toString(port)));
        return withAddress;
    }
}
