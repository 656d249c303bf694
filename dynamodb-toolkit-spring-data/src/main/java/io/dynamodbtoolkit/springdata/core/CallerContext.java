package io.dynamodbtoolkit.springdata.core;

import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

import io.micrometer.context.ContextSnapshot;
import io.micrometer.context.ContextSnapshotFactory;
import org.jspecify.annotations.Nullable;
import org.springframework.util.ClassUtils;

/**
 * The caller's thread-bound context, captured where a call starts and restored around the work the call runs later in
 * other threads: the changes and entity callbacks (auditing: {@code @LastModifiedBy} from an {@code AuditorAware}) of
 * a mass run, which prepares its rows on the adapter's executor, and of an asynchronous call, continued in the
 * client's threads (a reactive save's after-save callbacks, the windows of a reactive {@code saveAll} after the
 * first, the pages of a reactive list read after the first, the after-convert callbacks of every reactive read). What
 * is captured is every value Micrometer's context-propagation library has a {@code ThreadLocalAccessor} for (Spring
 * Security registers one for its {@code SecurityContextHolder}; register one for a {@code ThreadLocal} of your own
 * with {@code ContextRegistry.getInstance().registerThreadLocalAccessor(...)}). Without the library
 * ({@code io.micrometer:context-propagation}) on the classpath nothing is captured, and that work sees the
 * thread-bound values of the thread it runs in. Needs no Reactor: blocking mass runs use it too.
 */
final class CallerContext {

    private static final boolean PROPAGATION_PRESENT = ClassUtils.isPresent(
            "io.micrometer.context.ContextSnapshotFactory", CallerContext.class.getClassLoader());
    private static final CallerContext NOTHING = new CallerContext(null);

    /** The captured values (a {@code ContextSnapshot}), or null when the library is absent. */
    private final @Nullable Object snapshot;

    private CallerContext(@Nullable Object snapshot) {
        this.snapshot = snapshot;
    }

    /** @return the thread-bound values of the thread calling this method now */
    static CallerContext capture() {
        return PROPAGATION_PRESENT ? new CallerContext(Snapshots.capture()) : NOTHING;
    }

    /**
     * @param work what runs later, possibly in another thread
     * @return the work run with the thread-bound values of the thread calling this method now
     */
    static <T> UnaryOperator<T> carrying(UnaryOperator<T> work) {
        CallerContext caller = capture();
        return value -> caller.within(() -> work.apply(value));
    }

    /** @return what the work returns, run with the captured values (restored afterwards) */
    <R> R within(Supplier<R> work) {
        return snapshot == null ? work.get() : Snapshots.within(snapshot, work);
    }

    /** @return the work, run with the captured values wherever it is called */
    <A, B> Function<A, B> around(Function<A, B> work) {
        return value -> within(() -> work.apply(value));
    }

    /** The library's part, in a class of its own so that its types load only when it is present. */
    private static final class Snapshots {

        private static final ContextSnapshotFactory FACTORY = ContextSnapshotFactory.builder().build();

        static Object capture() {
            return FACTORY.captureAll();
        }

        static <R> R within(Object snapshot, Supplier<R> work) {
            try (ContextSnapshot.Scope restored = ((ContextSnapshot) snapshot).setThreadLocals()) {
                return work.get();
            }
        }
    }
}
