package io.dynamodbtoolkit.test.server;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.net.URI;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The {@code embedded} backend: the toolkit's pure-Java engine, found reflectively so that this module does not
 * depend on it. It is available when the class {@value #ENGINE_CLASS} (artifact
 * {@code io.dynamodbtoolkit:dynamodb-toolkit-embedded}) is on the classpath with the contract
 * {@code public static EmbeddedDynamoDb start()}, {@code public URI endpoint()} and {@link AutoCloseable}.
 */
public final class EmbeddedEngineProvider implements DynamoDbServerProvider {

    /** The backend name. */
    public static final String NAME = "embedded";
    /** The class of the embedded engine. */
    public static final String ENGINE_CLASS = "io.dynamodbtoolkit.embedded.EmbeddedDynamoDb";

    private final String engineClassName;

    /** The provider of the real embedded engine. */
    public EmbeddedEngineProvider() {
        this(ENGINE_CLASS);
    }

    /** A provider looking for another class with the same contract (used to test the reflective binding). */
    EmbeddedEngineProvider(String engineClassName) {
        this.engineClassName = engineClassName;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Availability availability(BackendSettings settings) {
        try {
            bind();
            return Availability.available();
        } catch (ClassNotFoundException e) {
            return Availability.unavailable("the embedded engine (" + engineClassName + ") is not on the test"
                    + " classpath. Add the test dependency io.dynamodbtoolkit:dynamodb-toolkit-embedded.");
        } catch (ReflectiveOperationException | ClassCastException e) {
            return Availability.unavailable(engineClassName + " does not have the expected contract (public static "
                    + "start(), public URI endpoint(), AutoCloseable): " + e);
        }
    }

    @Override
    public DynamoDbServer start(BackendSettings settings) throws Exception {
        EngineBinding binding = bind();
        AutoCloseable engine = (AutoCloseable) invoke(binding.start());
        try {
            return new EmbeddedServer(engine, (URI) invoke(binding.endpoint(), engine));
        } catch (Exception | Error e) {
            engine.close();
            throw e;
        }
    }

    private static Object invoke(MethodHandle method, Object... arguments) throws Exception {
        try {
            return method.invokeWithArguments(arguments);
        } catch (Exception | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    private EngineBinding bind() throws ReflectiveOperationException {
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        Class<?> engineClass = Class.forName(engineClassName, false,
                loader != null ? loader : EmbeddedEngineProvider.class.getClassLoader());
        if (!AutoCloseable.class.isAssignableFrom(engineClass)) {
            throw new ClassCastException(engineClassName + " does not implement AutoCloseable");
        }
        MethodHandles.Lookup lookup = MethodHandles.publicLookup();
        MethodHandle start = lookup.findStatic(engineClass, "start", MethodType.methodType(engineClass));
        MethodHandle endpoint = lookup.findVirtual(engineClass, "endpoint", MethodType.methodType(URI.class));
        return new EngineBinding(start.asType(MethodType.methodType(Object.class)),
                endpoint.asType(MethodType.methodType(URI.class, Object.class)));
    }

    private record EngineBinding(MethodHandle start, MethodHandle endpoint) {
    }

    private static final class EmbeddedServer implements DynamoDbServer {

        private final AutoCloseable engine;
        private final URI endpoint;
        private final AtomicBoolean closed = new AtomicBoolean();

        EmbeddedServer(AutoCloseable engine, URI endpoint) {
            this.engine = engine;
            this.endpoint = endpoint;
        }

        @Override
        public URI endpoint() {
            return endpoint;
        }

        @Override
        public void close() {
            if (closed.compareAndSet(false, true)) {
                try {
                    engine.close();
                } catch (Exception e) {
                    throw new IllegalStateException("Could not stop the embedded DynamoDB engine at " + endpoint, e);
                }
            }
        }

        @Override
        public String toString() {
            return "embedded DynamoDB engine at " + endpoint;
        }
    }
}
