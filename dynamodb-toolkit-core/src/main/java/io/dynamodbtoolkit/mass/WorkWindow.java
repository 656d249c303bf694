package io.dynamodbtoolkit.mass;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.Semaphore;
import java.util.function.Consumer;

import io.dynamodbtoolkit.batch.AdaptiveConcurrency;

/**
 * The calls in flight of one mass-operation run, shared by all of its pages: work is submitted as it comes (the
 * submitter waits while twice {@code concurrency} pieces of work are under way), so the calls of the next page
 * start as soon as those of the last one finish instead of after the whole page. The run's
 * {@link AdaptiveConcurrency} bounds the calls actually in flight to {@code concurrency} (fewer while DynamoDB
 * throttles); the pieces of work beyond it prepare their next call (mapping, key composition, validation) while
 * the others' calls are in flight, so a call slot is never kept waiting for that work.
 */
final class WorkWindow {

    private final Semaphore slots;
    private final Executor executor;
    private final AdaptiveConcurrency gate;

    /**
     * @param concurrency the most calls in flight
     * @param executor    where the work runs
     */
    WorkWindow(int concurrency, Executor executor) {
        this.slots = new Semaphore(2 * concurrency);
        this.executor = executor;
        this.gate = new AdaptiveConcurrency(concurrency);
    }

    /** @return the run's limit of calls in flight, for each call to hold a slot of */
    AdaptiveConcurrency gate() {
        return gate;
    }

    /**
     * Starts {@code work} on each item, waiting for a free slot before each.
     *
     * @param items the work items
     * @param work  what to do with each; records its own outcome (it should not throw)
     * @return completes when all items are done; exceptionally (a {@code CompletionException}) when one threw
     */
    <T> CompletableFuture<Void> submitEach(List<T> items, Consumer<T> work) {
        CompletableFuture<?>[] running = new CompletableFuture<?>[items.size()];
        for (int i = 0; i < running.length; i++) {
            T item = items.get(i);
            slots.acquireUninterruptibly();
            running[i] = CompletableFuture.runAsync(() -> {
                try {
                    work.accept(item);
                } finally {
                    slots.release();
                }
            }, executor);
        }
        return CompletableFuture.allOf(running);
    }
}
