package io.dynamodbtoolkit.test.server;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Finds executables the way a shell would: on {@code PATH}, plus extra directories a provider knows about. */
final class Executables {

    private Executables() {
    }

    /**
     * Finds an executable file.
     *
     * @param name a bare command name (searched on {@code PATH}, then in {@code extraDirectories}) or a path
     *     containing a separator (resolved against the working directory)
     */
    static Optional<Path> find(String name, BackendSettings settings, List<Path> extraDirectories) {
        try {
            if (name.contains("/") || name.contains(File.separator)) {
                return executable(settings.workingDirectory().resolve(name));
            }
            List<Path> directories = new ArrayList<>();
            settings.environmentVariable("PATH").ifPresent(path -> {
                for (String entry : path.split(File.pathSeparator)) {
                    if (!entry.isBlank()) {
                        directories.add(Path.of(entry));
                    }
                }
            });
            directories.addAll(extraDirectories);
            for (Path directory : directories) {
                Optional<Path> found = executable(directory.resolve(name));
                if (found.isPresent()) {
                    return found;
                }
            }
            return Optional.empty();
        } catch (InvalidPathException e) {
            return Optional.empty();
        }
    }

    private static Optional<Path> executable(Path candidate) {
        return Files.isRegularFile(candidate) && Files.isExecutable(candidate)
                ? Optional.of(candidate.toAbsolutePath())
                : Optional.empty();
    }
}
