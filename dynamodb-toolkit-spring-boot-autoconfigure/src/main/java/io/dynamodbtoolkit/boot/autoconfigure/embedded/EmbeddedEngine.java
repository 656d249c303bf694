package io.dynamodbtoolkit.boot.autoconfigure.embedded;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.net.URI;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A running embedded DynamoDB engine ({@value #ENGINE_CLASS}, artifact
 * {@code io.dynamodbtoolkit:dynamodb-toolkit-embedded}), bound by its contract: {@code public static
 * EmbeddedDynamoDb start()} (in memory, on a free loopback port), {@code public URI endpoint()} and
 * {@link AutoCloseable}. The autoconfigure module does not depend on the engine at compile time, so that the engine
 * stays an optional, development-time dependency.
 */
public final class EmbeddedEngine implements AutoCloseable {

    /** The class of the embedded engine. */
    public static final String ENGINE_CLASS = "io.dynamodbtoolkit.embedded.EmbeddedDynamoDb";

    private final AutoCloseable engine;
    private final URI endpoint;
    private final AtomicBoolean closed = new AtomicBoolean();

    private EmbeddedEngine(AutoCloseable engine, URI endpoint) {
        this.engine = engine;
        this.endpoint = endpoint;
    }

    /**
     * Starts an engine.
     *
     * @param classLoader where to find the engine class
     * @return the running engine
     * @throws IllegalStateException when the engine class is missing, lacks the contract or fails to start
     */
    public static EmbeddedEngine start(ClassLoader classLoader) {
        MethodHandle start;
        MethodHandle endpoint;
        try {
            Class<?> engineClass = Class.forName(ENGINE_CLASS, false, classLoader);
            MethodHandles.Lookup lookup = MethodHandles.publicLookup();
            start = lookup.findStatic(engineClass, "start", MethodType.methodType(engineClass))
                    .asType(MethodType.methodType(AutoCloseable.class));
            endpoint = lookup.findVirtual(engineClass, "endpoint", MethodType.methodType(URI.class))
                    .asType(MethodType.methodType(URI.class, AutoCloseable.class));
        } catch (ReflectiveOperationException | ClassCastException | IllegalArgumentException e) {
            throw new IllegalStateException(ENGINE_CLASS + " is missing or lacks the expected contract (public static "
                    + "start(), public URI endpoint(), AutoCloseable)", e);
        }
        AutoCloseable engine = invoke(() -> (AutoCloseable) start.invokeExact());
        try {
            return new EmbeddedEngine(engine, invoke(() -> (URI) endpoint.invokeExact(engine)));
        } catch (RuntimeException e) {
            try {
                engine.close();
            } catch (Exception closing) {
                e.addSuppressed(closing);
            }
            throw e;
        }
    }

    /** @return the engine's endpoint, e.g. {@code http://127.0.0.1:38211} */
    public URI endpoint() {
        return endpoint;
    }

    /** @return the engine itself (an {@code io.dynamodbtoolkit.embedded.EmbeddedDynamoDb}) */
    public Object engine() {
        return engine;
    }

    /** Stops the engine; its data is gone. Idempotent. */
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

    private static <T> T invoke(ThrowingSupplier<T> call) {
        try {
            return call.get();
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException("The embedded DynamoDB engine failed", e);
        }
    }

    @FunctionalInterface
    private interface ThrowingSupplier<T> {
        T get() throws Throwable;
    }
}
