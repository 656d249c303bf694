package io.dynamodbtoolkit.mass;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.Supplier;

import io.dynamodbtoolkit.adapter.StoredItemCalls;
import io.dynamodbtoolkit.batch.AdaptiveConcurrency;
import io.dynamodbtoolkit.batch.RetryPolicy;

/**
 * The calls in flight of one mass-operation run, shared by all of its pages: pieces of work are queued as they come
 * and started in order while fewer than twice {@code concurrency} are under way, so the calls of the next page start
 * as soon as those of the last one finish instead of after the whole page. The run's {@link AdaptiveConcurrency}
 * bounds the calls actually in flight to {@code concurrency} (fewer while DynamoDB throttles); the pieces of work
 * beyond it prepare their next call (mapping, key composition, validation) while the others' calls are in flight, so
 * a call slot is never kept waiting for that work. Nothing here waits in a thread: a piece that ends starts the next
 * (on the blocking client the pieces run on the adapter's executor, where their calls block; on the asynchronous
 * client they start in the thread that frees their place).
 */
final class WorkWindow {

    private final int pieces;
    private final StoredItemCalls<?> calls;
    private final AdaptiveConcurrency gate;
    private final Deque<Runnable> queued = new ArrayDeque<>();
    private final AtomicInteger starting = new AtomicInteger();
    private int running;

    /**
     * @param concurrency the most calls in flight
     * @param calls       the stored items' calls, on either client
     */
    WorkWindow(int concurrency, StoredItemCalls<?> calls) {
        this.pieces = 2 * concurrency;
        this.calls = calls;
        this.gate = new AdaptiveConcurrency(concurrency);
    }

    /** @return the run's limit of calls in flight, for each call to hold a slot of */
    AdaptiveConcurrency gate() {
        return gate;
    }

    /**
     * Runs a piece of work holding one slot of the run's limit from start to end (released as throttled when it
     * fails with a failure worth retrying).
     *
     * @return the work's outcome
     */
    <V> CompletableFuture<V> holdingSlot(Supplier<CompletableFuture<V>> work) {
        return calls.acquire(gate).thenCompose(slot -> MassFutures.planned(work).whenComplete((done, error) ->
                gate.release(error != null && RetryPolicy.isRetryable(MassFutures.unwrap(error)))));
    }

    /**
     * Queues {@code work} on each item, after the work queued before.
     *
     * @param items the work items
     * @param work  what to do with each; records its own outcome (it should not fail)
     * @return completes when all items are done; exceptionally when one failed
     */
    <T> CompletableFuture<Void> submitEach(List<T> items, Function<T, CompletableFuture<Void>> work) {
        CompletableFuture<?>[] done = new CompletableFuture<?>[items.size()];
        synchronized (this) {
            for (int i = 0; i < done.length; i++) {
                T item = items.get(i);
                CompletableFuture<Void> piece = new CompletableFuture<>();
                done[i] = piece;
                queued.add(() -> calls.start(() -> work.apply(item)).whenComplete((ok, error) -> {
                    ended();
                    if (error != null) {
                        piece.completeExceptionally(MassFutures.unwrap(error));
                    } else {
                        piece.complete(null);
                    }
                }));
            }
        }
        startQueued();
        return CompletableFuture.allOf(done);
    }

    private void ended() {
        synchronized (this) {
            running--;
        }
        startQueued();
    }

    /** Starts queued pieces while there is room; one thread at a time does, the others leave it the work. */
    private void startQueued() {
        if (starting.getAndIncrement() != 0) {
            return;
        }
        do {
            while (true) {
                Runnable next;
                synchronized (this) {
                    if (running >= pieces || queued.isEmpty()) {
                        break;
                    }
                    running++;
                    next = queued.poll();
                }
                next.run();
            }
        } while (starting.decrementAndGet() != 0);
    }
}
