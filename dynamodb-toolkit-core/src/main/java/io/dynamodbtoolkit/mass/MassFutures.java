package io.dynamodbtoolkit.mass;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;

/** The futures helpers of the mass engine, which runs as a pipeline of futures on either client. */
final class MassFutures {

    /** A future already complete, for work that has nothing to wait for. */
    static final CompletableFuture<Void> DONE = CompletableFuture.completedFuture(null);

    private MassFutures() {
    }

    /** @return the future some work returns; what the work throws fails it */
    static <T> CompletableFuture<T> planned(Supplier<CompletableFuture<T>> work) {
        try {
            return work.get();
        } catch (RuntimeException | Error e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /** @return the failure a future completed with, out of its {@code CompletionException}; null for null */
    static Throwable unwrap(Throwable error) {
        return error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
    }

    /** Throws a failure as it is when it is unchecked, wrapped otherwise; does nothing for null. */
    static void rethrow(Throwable failure) {
        if (failure == null) {
            return;
        }
        if (failure instanceof RuntimeException runtime) {
            throw runtime;
        }
        if (failure instanceof Error error) {
            throw error;
        }
        throw new CompletionException(failure);
    }

    /** @return what a future completed with, its failure thrown as it was thrown (for the blocking API) */
    static <T> T join(CompletableFuture<T> work) {
        try {
            return work.join();
        } catch (CompletionException e) {
            rethrow(unwrap(e));
            throw e;
        }
    }
}
