package io.dynamodbtoolkit.test.server;

import java.util.function.BooleanSupplier;
import java.util.function.Predicate;

/**
 * The {@code testcontainers} backend: LocalStack's DynamoDB in a Docker container, started with Testcontainers.
 * Available when {@code org.testcontainers:testcontainers-localstack} is on the test classpath and Docker is
 * running. The image is {@value #DEFAULT_IMAGE} (one that needs no LocalStack auth token); override it with
 * {@code -Ddynamodb.toolkit.test.localstack.image}.
 */
public final class LocalStackContainerProvider implements DynamoDbServerProvider {

    /** The backend name. */
    public static final String NAME = "testcontainers";
    /** The LocalStack image used unless {@link #IMAGE_PROPERTY} says otherwise. */
    public static final String DEFAULT_IMAGE = "localstack/localstack:3.8.1";
    /** System property overriding the LocalStack image. */
    public static final String IMAGE_PROPERTY = "dynamodb.toolkit.test.localstack.image";

    static final String CONTAINER_CLASS = "org.testcontainers.localstack.LocalStackContainer";

    private final Predicate<String> classPresent;
    private final BooleanSupplier dockerAvailable;

    /** The provider using the real classpath and Docker environment. */
    public LocalStackContainerProvider() {
        this(LocalStackContainerProvider::isClassPresent, () -> LocalStackContainerServer.isDockerAvailable());
    }

    /** A provider with injected checks, for tests of the availability logic. */
    LocalStackContainerProvider(Predicate<String> classPresent, BooleanSupplier dockerAvailable) {
        this.classPresent = classPresent;
        this.dockerAvailable = dockerAvailable;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Availability availability(BackendSettings settings) {
        if (!classPresent.test(CONTAINER_CLASS)) {
            return Availability.unavailable("Testcontainers is not on the test classpath: add the test dependencies"
                    + " org.testcontainers:testcontainers and org.testcontainers:testcontainers-localstack (2.0.5).");
        }
        if (!dockerAvailable.getAsBoolean()) {
            return Availability.unavailable("no Docker: Testcontainers found no running Docker environment (start"
                    + " Docker, or set DOCKER_HOST), so the LocalStack container cannot run.");
        }
        return Availability.available();
    }

    @Override
    public DynamoDbServer start(BackendSettings settings) {
        return LocalStackContainerServer.start(settings.systemProperty(IMAGE_PROPERTY).orElse(DEFAULT_IMAGE));
    }

    private static boolean isClassPresent(String className) {
        try {
            Class.forName(className, false, LocalStackContainerProvider.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }
}
