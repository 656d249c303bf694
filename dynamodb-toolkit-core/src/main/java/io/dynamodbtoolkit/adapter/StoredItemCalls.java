package io.dynamodbtoolkit.adapter;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

import io.dynamodbtoolkit.adapter.SingleItemWrites.RawWrite;
import io.dynamodbtoolkit.batch.AdaptiveConcurrency;
import io.dynamodbtoolkit.batch.BatchStats;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * The calls of {@link StoredItems} as futures, for engines written once for both clients (the mass operations): the
 * same plans as the blocking methods of {@link StoredItems}, run by the blocking executor ({@link StoredItems#calls()}:
 * each call completes before it returns, in the calling thread, except page reads, which run on the adapter's
 * executor) or by the asynchronous one ({@link AsyncAdapter#storedCalls()}: nothing blocks a thread, and a future
 * completes in a thread of the client's). What a blocking method throws fails the future instead. Not needed by
 * applications.
 *
 * @param <T> the adapter's item type
 */
public final class StoredItemCalls<T> {

    private final StoredItems<T> stored;
    private final Runner runner;

    StoredItemCalls(StoredItems<T> stored, Runner runner) {
        this.stored = stored;
        this.runner = runner;
    }

    /** @return the stored items (what needs no call: keys, copies prepared, batch requests) */
    public StoredItems<T> stored() {
        return stored;
    }

    /** @see StoredItems#page */
    public CompletableFuture<StoredItems.Page> page(QueryPlan plan, ListOptions options) {
        return runner.read(() -> stored.pageReading(plan, options)).thenApply(StoredItems::pageOf);
    }

    /** @see StoredItems#scanPage(ListOptions, int) */
    public CompletableFuture<StoredItems.Page> scanPage(ListOptions options, int segments) {
        return runner.read(() -> stored.scanReading(options, segments)).thenApply(StoredItems::pageOf);
    }

    /**
     * @param field   a unique field
     * @param options the cursor of the page
     * @return a page of a strongly consistent Scan of the guard items of the field (guards only, raw)
     */
    public CompletableFuture<StoredItems.Page> guardsPage(String field, ListOptions options) {
        return runner.read(() -> stored.guardScanReading(field, options)).thenApply(StoredItems::pageOf);
    }

    /** Writes a row's missing guard of a unique field, checking the row still holds the value (a backfill). */
    public CompletableFuture<Void> takeGuard(String field, Map<String, AttributeValue> row) {
        return runner.run(() -> stored.takeGuardPlan(field, row), write -> null);
    }

    /** @see StoredItems#readAll */
    public CompletableFuture<List<Map<String, AttributeValue>>> readAll(List<Map<String, AttributeValue>> keys) {
        return runner.run(() -> stored.readAllPlan(keys, false));
    }

    /** @see StoredItems#readAllConsistently */
    public CompletableFuture<List<Map<String, AttributeValue>>> readAllConsistently(
            List<Map<String, AttributeValue>> keys) {
        return runner.run(() -> stored.readAllPlan(keys, true));
    }

    /**
     * Writes batch requests (25 a call) one call after the other, each holding a slot of an engine's concurrency
     * limit while in flight (on the asynchronous client, a call that finds no slot is sent when a call of the limit
     * ends), retrying unprocessed items and throttling with the retry policy.
     *
     * @see StoredItems#write(List, AdaptiveConcurrency)
     */
    public CompletableFuture<BatchStats> write(List<WriteRequest> requests, AdaptiveConcurrency gate) {
        return runner.write(requests, gate);
    }

    /**
     * @return completes when a call may start under the limit, holding one of its slots (end it with
     *         {@link AdaptiveConcurrency#release}): on the blocking client the calling thread waits for it, on the
     *         asynchronous one no thread waits
     */
    public CompletableFuture<Void> acquire(AdaptiveConcurrency gate) {
        return runner.acquire(gate);
    }

    /**
     * Starts a piece of an engine's work where this executor does: on the blocking client in a thread of the
     * adapter's executor (its calls block it), on the asynchronous one in the calling thread (its calls do not).
     *
     * @return the work's outcome; fails with what the work throws
     */
    public <V> CompletableFuture<V> start(Supplier<CompletableFuture<V>> work) {
        return runner.start(work);
    }

    /** @see StoredItems#putIfAbsent */
    public CompletableFuture<Boolean> putIfAbsent(StoredItems.Prepared prepared) {
        return written(() -> stored.putIfAbsentPlan(prepared));
    }

    /** @see StoredItems#deleteIfExists */
    public CompletableFuture<Boolean> deleteIfExists(Map<String, AttributeValue> key) {
        return written(() -> stored.deleteIfExistsPlan(key));
    }

    /** @see StoredItems#deleteUnchanged */
    public CompletableFuture<Void> deleteUnchanged(Map<String, AttributeValue> item) {
        return runner.run(() -> stored.deleteUnchangedPlan(item), write -> null);
    }

    /** Moves an item of an adapter with unique fields in one transaction re-pointing its guards (a mass move). */
    public CompletableFuture<Void> moveReguarding(Map<String, AttributeValue> item, StoredItems.Prepared target) {
        return runner.run(() -> stored.moveReguardingPlan(item, target), write -> null);
    }

    /** Rewrites an item of an adapter with unique fields in one transaction with its guards (a mass rewrite). */
    public CompletableFuture<Void> rewriteReguarding(Map<String, AttributeValue> item,
            StoredItems.Prepared rewrite) {
        return runner.run(() -> stored.rewriteReguardingPlan(item, rewrite), write -> null);
    }

    /** @see StoredItems#rewriteIfUnchanged */
    public CompletableFuture<Boolean> rewriteIfUnchanged(Map<String, AttributeValue> item,
            Map<String, AttributeValue> toWrite, Collection<String> toRemove, Collection<String> watched) {
        return written(() -> stored.rewritePlan(item, toWrite, toRemove, watched));
    }

    /** @see StoredItems#read */
    public CompletableFuture<Map<String, AttributeValue>> read(Map<String, AttributeValue> key) {
        return runner.run(() -> stored.readPlan(key), RawWrite::item);
    }

    /** @see StoredItems#edit */
    public CompletableFuture<Boolean> edit(Map<String, AttributeValue> item, UnaryOperator<T> mapper) {
        return written(() -> stored.editPlan(item, mapper));
    }

    /** @see StoredItems#markDeleting */
    public CompletableFuture<StoredItems.DeletingMark> markDeleting(Map<String, AttributeValue> key) {
        return runner.run(() -> stored.markPlan(key), stored::markOf);
    }

    /** @see StoredItems#deleteMarked */
    public CompletableFuture<StoredItems.NodeDelete> deleteMarked(Map<String, AttributeValue> key,
            StoredItems.DeletingMark mark) {
        return runner.run(() -> stored.deleteMarkedPlan(key, mark), ParentGuard::nodeDeleteOf);
    }

    /** @see StoredItems#fallen */
    public CompletableFuture<List<StoredItems.Prepared>> fallen(List<StoredItems.Prepared> written) {
        return runner.run(() -> stored.fallenPlan(written));
    }

    /** @see StoredItems#requireParents */
    public CompletableFuture<Void> requireParents(List<StoredItems.Prepared> items) {
        return runner.run(() -> stored.requireParentsPlan(items));
    }

    private CompletableFuture<Boolean> written(Supplier<WriteStep> plan) {
        return runner.run(plan, RawWrite::written);
    }

    /** Runs the plans of stored items on one client. */
    interface Runner {

        /** @return a reading, run to its end */
        CompletableFuture<ListRead> read(Supplier<ListRead> reading);

        /** @return a bulk plan's outcome */
        <R> CompletableFuture<R> run(Supplier<BatchStep<R>> plan);

        /** @return what a write's outcome says */
        <R> CompletableFuture<R> run(Supplier<WriteStep> plan, Function<RawWrite, R> outcome);

        /** @see StoredItemCalls#write */
        CompletableFuture<BatchStats> write(List<WriteRequest> requests, AdaptiveConcurrency gate);

        /** @see StoredItemCalls#acquire */
        CompletableFuture<Void> acquire(AdaptiveConcurrency gate);

        /** @see StoredItemCalls#start */
        <V> CompletableFuture<V> start(Supplier<CompletableFuture<V>> work);

        /** @return the runner of the blocking client */
        static Runner blocking(BlockingCalls calls, AdapterContext context) {
            return new Runner() {
                @Override
                public CompletableFuture<ListRead> read(Supplier<ListRead> reading) {
                    return CompletableFuture.supplyAsync(() -> calls.run(reading.get()), context.options().executor());
                }

                @Override
                public <R> CompletableFuture<R> run(Supplier<BatchStep<R>> plan) {
                    return now(() -> calls.run(plan.get()));
                }

                @Override
                public <R> CompletableFuture<R> run(Supplier<WriteStep> plan, Function<RawWrite, R> outcome) {
                    return now(() -> outcome.apply(calls.run(plan.get())));
                }

                @Override
                public CompletableFuture<BatchStats> write(List<WriteRequest> requests, AdaptiveConcurrency gate) {
                    return now(() -> context.batchWriter().write(context.table(), requests, gate));
                }

                @Override
                public CompletableFuture<Void> acquire(AdaptiveConcurrency gate) {
                    return now(() -> {
                        gate.acquire();
                        return null;
                    });
                }

                @Override
                public <V> CompletableFuture<V> start(Supplier<CompletableFuture<V>> work) {
                    return CompletableFuture.supplyAsync(work, context.options().executor())
                            .thenCompose(Function.identity());
                }
            };
        }

        /** @return the runner of an asynchronous client */
        static Runner async(AsyncCalls calls, AdapterContext context) {
            DynamoDbAsyncClient client = calls.client();
            return new Runner() {
                @Override
                public CompletableFuture<ListRead> read(Supplier<ListRead> reading) {
                    return AsyncCalls.planned(() -> calls.run(reading.get()));
                }

                @Override
                public <R> CompletableFuture<R> run(Supplier<BatchStep<R>> plan) {
                    return AsyncCalls.planned(() -> calls.run(plan.get()));
                }

                @Override
                public <R> CompletableFuture<R> run(Supplier<WriteStep> plan, Function<RawWrite, R> outcome) {
                    return AsyncCalls.planned(() -> calls.run(plan.get()).thenApply(outcome));
                }

                @Override
                public CompletableFuture<BatchStats> write(List<WriteRequest> requests, AdaptiveConcurrency gate) {
                    return AsyncCalls.planned(() -> context.batchWriter().writeAsync(client, context.table(),
                            requests, gate));
                }

                @Override
                public CompletableFuture<Void> acquire(AdaptiveConcurrency gate) {
                    CompletableFuture<Void> slot = new CompletableFuture<>();
                    tryAcquire(gate, slot);
                    return slot;
                }

                private void tryAcquire(AdaptiveConcurrency gate, CompletableFuture<Void> slot) {
                    if (gate.tryAcquire()) {
                        slot.complete(null);
                    } else {
                        gate.whenReleased(() -> tryAcquire(gate, slot));
                    }
                }

                @Override
                public <V> CompletableFuture<V> start(Supplier<CompletableFuture<V>> work) {
                    return AsyncCalls.planned(work);
                }
            };
        }

        /** @return the outcome of a blocking call made now, its failure in the future */
        private static <R> CompletableFuture<R> now(Supplier<R> call) {
            try {
                return CompletableFuture.completedFuture(call.get());
            } catch (RuntimeException | Error e) {
                return CompletableFuture.failedFuture(e);
            }
        }
    }
}
