package io.dynamodbtoolkit.springdata.core;

import java.util.function.UnaryOperator;

import io.micrometer.context.ContextSnapshot;
import io.micrometer.context.ContextSnapshotFactory;
import org.springframework.util.ClassUtils;

/**
 * The caller's thread-bound context, captured where a call starts and restored around the work the call runs later in
 * other threads: the changes and entity callbacks (auditing: {@code @LastModifiedBy} from an {@code AuditorAware}) of
 * a mass run, which prepares its rows on the adapter's executor, and of an asynchronous call, continued in the
 * client's threads. What is captured is every value Micrometer's context-propagation library has a
 * {@code ThreadLocalAccessor} for (Spring Security registers one for its {@code SecurityContextHolder}; register one
 * for a {@code ThreadLocal} of your own with {@code ContextRegistry.getInstance().registerThreadLocalAccessor(...)}).
 * Without the library ({@code io.micrometer:context-propagation}) on the classpath nothing is captured, and that work
 * sees the thread-bound values of the thread it runs in.
 */
final class CallerContext {

    private static final boolean PROPAGATION_PRESENT = ClassUtils.isPresent(
            "io.micrometer.context.ContextSnapshotFactory", CallerContext.class.getClassLoader());

    private CallerContext() {
    }

    /**
     * @param work what runs later, possibly in another thread
     * @return the work run with the thread-bound values of the thread calling this method now
     */
    static <T> UnaryOperator<T> carrying(UnaryOperator<T> work) {
        return PROPAGATION_PRESENT ? Snapshots.carrying(work) : work;
    }

    /** The library's part, in a class of its own so that its types load only when it is present. */
    private static final class Snapshots {

        private static final ContextSnapshotFactory FACTORY = ContextSnapshotFactory.builder().build();

        static <T> UnaryOperator<T> carrying(UnaryOperator<T> work) {
            ContextSnapshot snapshot = FACTORY.captureAll();
            return value -> {
                try (ContextSnapshot.Scope restored = snapshot.setThreadLocals()) {
                    return work.apply(value);
                }
            };
        }
    }
}
