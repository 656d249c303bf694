package io.dynamodbtoolkit.mass;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.Semaphore;
import java.util.function.Consumer;

/** Runs work items on an executor with at most a given number in flight, and waits for all of them. */
final class BoundedParallel {

    private BoundedParallel() {
    }

    /**
     * @param items       the work items
     * @param concurrency the most running at once
     * @param executor    where they run
     * @param work        what to do with each; records its own outcome (it should not throw)
     */
    static <T> void run(List<T> items, int concurrency, Executor executor, Consumer<T> work) {
        if (items.size() <= 1 || concurrency == 1) {
            items.forEach(work);
            return;
        }
        Semaphore slots = new Semaphore(concurrency);
        List<CompletableFuture<Void>> running = new ArrayList<>(items.size());
        for (T item : items) {
            slots.acquireUninterruptibly();
            running.add(CompletableFuture.runAsync(() -> {
                try {
                    work.accept(item);
                } finally {
                    slots.release();
                }
            }, executor));
        }
        try {
            CompletableFuture.allOf(running.toArray(CompletableFuture[]::new)).join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException runtime) {
                throw runtime;
            }
            throw e;
        }
    }
}
