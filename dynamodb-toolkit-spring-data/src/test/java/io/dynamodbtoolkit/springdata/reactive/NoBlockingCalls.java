package io.dynamodbtoolkit.springdata.reactive;

import java.util.concurrent.ThreadPoolExecutor;

import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import reactor.blockhound.BlockHound;

/**
 * Installs BlockHound once per JVM (no agent on the command line: {@code BlockHound.install()} attaches it), so that
 * any blocking call on a non-blocking thread fails the test that made it. Non-blocking are Reactor's parallel and
 * single schedulers (BlockHound's Reactor integration) and the threads the AWS SDK completes asynchronous calls on
 * ({@code sdk-async-response-*}), where the toolkit's continuations run (their idle wait for work excepted), and
 * Netty's threads (BlockHound's Netty integration; the SDK client's close excepted). Java 13+
 * needs
 * {@code -XX:+AllowRedefinitionToAddDeleteMethods} (set in this module's Surefire configuration).
 */
public final class NoBlockingCalls implements BeforeAllCallback {

    private static final String SDK_RESPONSE_THREADS = "sdk-async-response";

    @Override
    public void beforeAll(ExtensionContext context) {
        Installation.ONCE.hashCode();
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
                    // closing the SDK's Netty client waits, on Netty's global executor, for each pool's channels to
                    // close: the client's shutdown, not a request's path (refused, the close timed out after 5 s
                    // with an error in the log)
                    .allowBlockingCallsInside("io.netty.channel.pool.SimpleChannelPool", "close"));
        }
    }
}
