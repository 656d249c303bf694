package io.dynamodbtoolkit.springdata.reactive;

import java.util.concurrent.ThreadPoolExecutor;

import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import reactor.blockhound.BlockHound;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * Installs BlockHound once per JVM (no agent on the command line: {@code BlockHound.install()} attaches it), so that
 * any blocking call on a non-blocking thread fails the test that made it. Non-blocking are Reactor's parallel and
 * single schedulers (BlockHound's Reactor integration) and the threads the AWS SDK completes asynchronous calls on
 * ({@code sdk-async-response-*}), where the toolkit's continuations run (their idle wait for work excepted, and the
 * SDK's closing of its connection pools when a client is closed). Java 13+ needs
 * {@code -XX:+AllowRedefinitionToAddDeleteMethods} (set in this module's Surefire configuration).
 */
public final class NoBlockingCalls implements BeforeAllCallback {

    private static final String SDK_RESPONSE_THREADS = "sdk-async-response";
    /** The SDK's pool of message digests, used when it signs a request. */
    private static final String SDK_DIGEST_POOL = "software.amazon.awssdk.checksums.internal.DigestAlgorithm";
    /** Micrometer's registry of context accessors, which Reactor and the toolkit's caller context use. */
    private static final String CONTEXT_REGISTRY = "io.micrometer.context.ContextRegistry";

    @Override
    public void beforeAll(ExtensionContext context) {
        Installation.ONCE.hashCode();
    }

    /** @return a Mono subscribed to on Reactor's parallel scheduler, whose threads BlockHound watches */
    public static <T> Mono<T> nonBlocking(Mono<T> mono) {
        return mono.subscribeOn(Schedulers.parallel());
    }

    /** @return a Flux subscribed to on Reactor's parallel scheduler, whose threads BlockHound watches */
    public static <T> Flux<T> nonBlocking(Flux<T> flux) {
        return flux.subscribeOn(Schedulers.parallel());
    }

    /** Holds the one installation (class initialization runs it once, thread-safely). */
    private enum Installation {
        ONCE;

        Installation() {
            BlockHound.install(builder -> builder
                    .nonBlockingThreadPredicate(current -> current.or(
                            thread -> thread.getName().startsWith(SDK_RESPONSE_THREADS)))
                    // an idle worker of the SDK's response pool waits for its next task: that wait is no work's
                    .allowBlockingCallsInside(ThreadPoolExecutor.class.getName(), "getTask")
                    // closing a client, the SDK closes its connection pools on Netty's global executor thread (a
                    // thread Netty's own BlockHound integration marks non-blocking), where Netty awaits each channel's
                    // closing: refused, the close timed out after 5 s with a WARN per client
                    .allowBlockingCallsInside("io.netty.channel.pool.SimpleChannelPool", "close")
                    // signing a request, the SDK takes a message digest from its small pool and puts it back, each a
                    // lock held only to unlink or link it: under several calls at once the lock is contended and
                    // parks for that moment (seen failing mass runs' calls, 1 run in 3, with Unsafe#park)
                    .allowBlockingCallsInside(SDK_DIGEST_POOL, "getDigest")
                    .allowBlockingCallsInside(SDK_DIGEST_POOL + "$CloseableMessageDigest", "close")
                    // the first subscription in the JVM initializes Micrometer's context registry, which reads its
                    // accessors from the jars once (ServiceLoader): on a parallel thread, refused, that failed the
                    // class's initialization and every later run hung (seen when a reactive test class ran first)
                    .allowBlockingCallsInside(CONTEXT_REGISTRY, "loadContextAccessors")
                    .allowBlockingCallsInside(CONTEXT_REGISTRY, "loadThreadLocalAccessors"));
        }
    }
}
