package io.dynamodbtoolkit.test.server;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

import org.jspecify.annotations.Nullable;

/**
 * The configuration a backend is selected and started with: system properties and environment variables (read
 * through functions so that tests can inject their own), and the working directory.
 *
 * <p>Blank values count as unset, so that a build tool passing {@code -Ddynamodb.toolkit.test.backend=} (empty)
 * behaves as if nothing was passed.
 */
public final class BackendSettings {

    /** System property choosing the backend: {@code auto}, {@code external}, {@code embedded}, {@code moto}, ... */
    public static final String BACKEND_PROPERTY = "dynamodb.toolkit.test.backend";
    /** Environment variable choosing the backend, used when {@link #BACKEND_PROPERTY} is unset or blank. */
    public static final String BACKEND_ENVIRONMENT_VARIABLE = "DYNAMODB_TOOLKIT_TEST_BACKEND";
    /** System property giving the endpoint of an already running server (the {@code external} backend). */
    public static final String ENDPOINT_PROPERTY = "dynamodb.toolkit.test.endpoint";
    /** Environment variable giving the endpoint of an already running server. */
    public static final String ENDPOINT_ENVIRONMENT_VARIABLE = "DYNAMODB_ENDPOINT";

    /** System property: seconds a launched server may take to answer its first request (default 30). */
    public static final String START_TIMEOUT_PROPERTY = "dynamodb.toolkit.test.start-timeout-seconds";

    private static final Duration DEFAULT_START_TIMEOUT = Duration.ofSeconds(30);

    private final Function<String, @Nullable String> systemProperties;
    private final Function<String, @Nullable String> environment;
    private final Path workingDirectory;

    private BackendSettings(Function<String, @Nullable String> systemProperties,
            Function<String, @Nullable String> environment,
            Path workingDirectory) {
        this.systemProperties = systemProperties;
        this.environment = environment;
        this.workingDirectory = workingDirectory.toAbsolutePath().normalize();
    }

    /** Settings of this JVM: {@link System#getProperty}, {@link System#getenv} and the current directory. */
    public static BackendSettings fromSystem() {
        return new BackendSettings(System::getProperty, System::getenv, Paths.get(""));
    }

    /**
     * Settings from explicit maps, for tests of backend selection. {@code user.home} is read from
     * {@code systemProperties} like every other property.
     */
    public static BackendSettings of(Map<String, String> systemProperties, Map<String, String> environment,
            Path workingDirectory) {
        Map<String, String> properties = Map.copyOf(systemProperties);
        Map<String, String> variables = Map.copyOf(environment);
        return new BackendSettings(properties::get, variables::get, Objects.requireNonNull(workingDirectory));
    }

    /** A system property, empty when unset or blank; the value is trimmed. */
    public Optional<String> systemProperty(String name) {
        return nonBlank(systemProperties.apply(name));
    }

    /** An environment variable, empty when unset or blank; the value is trimmed. */
    public Optional<String> environmentVariable(String name) {
        return nonBlank(environment.apply(name));
    }

    /** The system property if set, otherwise the environment variable. */
    public Optional<String> value(String systemProperty, String environmentVariable) {
        return systemProperty(systemProperty).or(() -> environmentVariable(environmentVariable));
    }

    /** The backend name asked for, lower case; empty when neither property nor environment variable is set. */
    public Optional<String> requestedBackend() {
        return value(BACKEND_PROPERTY, BACKEND_ENVIRONMENT_VARIABLE).map(name -> name.toLowerCase(Locale.ROOT));
    }

    /** The endpoint of a running server: {@link #ENDPOINT_PROPERTY}, else {@link #ENDPOINT_ENVIRONMENT_VARIABLE}. */
    public Optional<String> externalEndpoint() {
        return value(ENDPOINT_PROPERTY, ENDPOINT_ENVIRONMENT_VARIABLE);
    }

    /** How long a launched server may take to answer: {@link #START_TIMEOUT_PROPERTY}, default 30 s. */
    public Duration startTimeout() {
        return systemProperty(START_TIMEOUT_PROPERTY).map(value -> {
            try {
                Duration timeout = Duration.ofMillis(Math.round(Double.parseDouble(value) * 1000));
                if (timeout.isNegative() || timeout.isZero()) {
                    throw new NumberFormatException("not positive");
                }
                return timeout;
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("-D" + START_TIMEOUT_PROPERTY + "=" + value
                        + " must be a positive number of seconds, e.g. 30", e);
            }
        }).orElse(DEFAULT_START_TIMEOUT);
    }

    /** The absolute working directory (the module directory when run by Maven Surefire). */
    public Path workingDirectory() {
        return workingDirectory;
    }

    /** The user's home directory, from the {@code user.home} system property. */
    public Optional<Path> userHome() {
        return systemProperty("user.home").map(Paths::get);
    }

    /**
     * Where server logs go: {@code target/} (Maven) or {@code build/} (Gradle) under the working directory when it
     * exists, otherwise the system temporary directory.
     */
    public Path buildDirectory() {
        for (String candidate : new String[] {"target", "build"}) {
            Path directory = workingDirectory.resolve(candidate);
            if (Files.isDirectory(directory)) {
                return directory;
            }
        }
        return Paths.get(System.getProperty("java.io.tmpdir"));
    }

    private static Optional<String> nonBlank(@Nullable String value) {
        return value == null || value.isBlank() ? Optional.empty() : Optional.of(value.trim());
    }
}
