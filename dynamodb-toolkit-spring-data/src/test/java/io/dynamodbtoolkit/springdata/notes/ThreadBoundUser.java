package io.dynamodbtoolkit.springdata.notes;

import java.util.function.Supplier;

import io.micrometer.context.ContextRegistry;

/**
 * The user of the current thread, as a request filter or Spring Security sets one, registered with Micrometer's
 * context-propagation library (as Spring Security registers its context) while a test class runs.
 */
public final class ThreadBoundUser {

    private static final ThreadLocal<String> CURRENT = new ThreadLocal<>();
    private static final String KEY = ThreadBoundUser.class.getName();

    private ThreadBoundUser() {
    }

    /** Lets the library capture and restore the user; call before the test class's calls. */
    public static void propagate() {
        ContextRegistry.getInstance().registerThreadLocalAccessor(KEY, CURRENT::get, CURRENT::set, CURRENT::remove);
    }

    /** Undoes {@link #propagate}. */
    public static void stopPropagating() {
        ContextRegistry.getInstance().removeThreadLocalAccessor(KEY);
    }

    /** @return the user of the current thread, or null */
    public static String current() {
        return CURRENT.get();
    }

    /** Runs work as a user. */
    public static <T> T as(String user, Supplier<T> work) {
        CURRENT.set(user);
        try {
            return work.get();
        } finally {
            CURRENT.remove();
        }
    }
}
