package io.dynamodbtoolkit.test.server;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The {@code dynalite} backend: launches the Node.js server
 * <a href="https://github.com/architect/dynalite">dynalite</a>, found on {@code PATH} or in
 * {@code node_modules/.bin} of the working directory or any parent directory. Tables become ACTIVE immediately
 * ({@code --createTableMs 0}). dynalite listens on all interfaces; the tests use {@code 127.0.0.1}.
 */
public final class DynaliteServerProvider implements DynamoDbServerProvider {

    /** The backend name. */
    public static final String NAME = "dynalite";

    private static final String EXECUTABLE = "dynalite";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Availability availability(BackendSettings settings) {
        return findExecutable(settings).isPresent()
                ? Availability.available()
                : Availability.unavailable(EXECUTABLE + " was not found on PATH or in node_modules/.bin of "
                        + settings.workingDirectory() + " or its parents. Install it with: npm install --save-dev"
                        + " dynalite (or npm install -g dynalite).");
    }

    @Override
    public DynamoDbServer start(BackendSettings settings) throws IOException, InterruptedException {
        Path executable = findExecutable(settings).orElseThrow(() ->
                new BackendUnavailableException(availability(settings).reason()));
        return ServerProcess.start(NAME, port -> List.of(executable.toString(), "--port", Integer.toString(port),
                "--createTableMs", "0", "--deleteTableMs", "0", "--updateTableMs", "0"),
                settings.buildDirectory(), settings.startTimeout());
    }

    /** dynalite on {@code PATH}, else the nearest {@code node_modules/.bin/dynalite} from the working directory up. */
    Optional<Path> findExecutable(BackendSettings settings) {
        List<Path> nodeModules = new ArrayList<>();
        for (Path directory = settings.workingDirectory(); directory != null; directory = directory.getParent()) {
            nodeModules.add(directory.resolve("node_modules").resolve(".bin"));
        }
        return Executables.find(EXECUTABLE, settings, nodeModules);
    }
}
