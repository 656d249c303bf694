package io.dynamodbtoolkit.adapter;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Supplier;

import io.dynamodbtoolkit.adapter.SingleItemWrites.RawWrite;
import io.dynamodbtoolkit.batch.BatchStats;
import io.dynamodbtoolkit.transaction.TransactionCancelledException;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;

/**
 * The asynchronous executor of the adapter's plans: sends the same readings and write steps as {@link BlockingCalls}
 * on a {@link DynamoDbAsyncClient}, never blocking a thread. Each step goes on in the thread that completed the call
 * before it; the calls a reading wants in flight at once are all sent before any is awaited. Failures complete the
 * returned future exceptionally with the exception the blocking path throws.
 */
final class AsyncCalls {

    private final AdapterContext context;
    private final DynamoDbAsyncClient client;

    AsyncCalls(AdapterContext context, DynamoDbAsyncClient client) {
        this.context = context;
        this.client = client;
    }

    /** @return the client the calls go to */
    DynamoDbAsyncClient client() {
        return client;
    }

    /**
     * @param plan builds what to run; what it throws fails the returned future
     * @return the plan's outcome
     */
    static <T> CompletableFuture<T> planned(Supplier<CompletableFuture<T>> plan) {
        try {
            return plan.get();
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /**
     * @return the reading, run to its end; cancelling the returned future stops it: the calls in flight are
     *         cancelled (the SDK aborts their requests) and no further call is sent
     */
    <R extends PageReading> CompletableFuture<R> run(R reading) {
        CompletableFuture<R> result = new CompletableFuture<>();
        List<CompletableFuture<PageSource.Page>> inFlight = new CopyOnWriteArrayList<>();
        result.whenComplete((done, failure) -> {
            if (result.isCancelled()) {
                inFlight.forEach(call -> call.cancel(true));
            }
        });
        step(reading, result, inFlight);
        return result;
    }

    /** Sends the calls the reading wants now, then goes on with their pages, unless the reading was cancelled. */
    private <R extends PageReading> void step(R reading, CompletableFuture<R> result,
            List<CompletableFuture<PageSource.Page>> inFlight) {
        List<PageCall> calls;
        try {
            calls = reading.pending();
        } catch (RuntimeException e) {
            result.completeExceptionally(e);
            return;
        }
        if (calls.isEmpty()) {
            result.complete(reading);
            return;
        }
        List<CompletableFuture<PageSource.Page>> sent = new ArrayList<>(calls.size());
        for (PageCall call : calls) {
            if (result.isDone()) {
                return;
            }
            CompletableFuture<PageSource.Page> page = call.sendWith(client);
            inFlight.add(page);
            sent.add(page);
        }
        CompletableFuture<Void> all = CompletableFuture.allOf(sent.toArray(CompletableFuture[]::new));
        all.whenComplete((done, failure) -> inFlight.removeAll(sent));
        all.whenComplete(goOn(result, done -> {
            List<PageSource.Page> pages = new ArrayList<>(sent.size());
            sent.forEach(page -> pages.add(page.join()));
            reading.accept(pages);
            step(reading, result, inFlight);
        }));
    }

    /** @return the item a GetItem found, or null */
    CompletableFuture<Map<String, AttributeValue>> get(GetItemRequest request) {
        return client.getItem(request).thenApply(response -> {
            Map<String, AttributeValue> item = response.item();
            return item == null || item.isEmpty() ? null : item;
        });
    }

    /** @return the outcome of a write's steps; fails with the write's failure, explained */
    CompletableFuture<RawWrite> run(WriteStep step) {
        if (step instanceof WriteStep.Done done) {
            return CompletableFuture.completedFuture(done.write());
        }
        if (step instanceof WriteStep.Failed failed) {
            return CompletableFuture.failedFuture(failed.failure());
        }
        return next(step).thenCompose(this::run);
    }

    /**
     * @return the outcome of a bulk operation's steps; cancelling it stops the batch call running (no further
     *         chunk or retry is sent) and the steps after it
     */
    <R> CompletableFuture<R> run(BatchStep<R> step) {
        CompletableFuture<R> result = new CompletableFuture<>();
        AtomicReference<CompletableFuture<?>> running = new AtomicReference<>();
        result.whenComplete((outcome, failure) -> {
            if (result.isCancelled() && running.get() != null) {
                running.get().cancel(true);
            }
        });
        proceed(step, result, running);
        return result;
    }

    private <R> void proceed(BatchStep<R> step, CompletableFuture<R> result,
            AtomicReference<CompletableFuture<?>> running) {
        if (step instanceof BatchStep.Done<R> done) {
            result.complete(done.outcome());
            return;
        }
        CompletableFuture<BatchStep<R>> next;
        CompletableFuture<?> call;
        if (step instanceof BatchStep.Get<R> get) {
            CompletableFuture<List<Map<String, AttributeValue>>> read = context.batchGetter().getAsync(client,
                    context.table(), context.keys().primaryKeyNames(), get.keys(), get.options());
            running.set(read);
            call = read;
            next = read.thenApply(get.found());
        } else {
            BatchStep.Write<R> write = (BatchStep.Write<R>) step;
            CompletableFuture<BatchStats> written = context.batchWriter().writeAsync(client, context.table(),
                    write.requests());
            running.set(written);
            call = written;
            next = written.thenApply(write.written());
        }
        if (result.isCancelled()) {
            call.cancel(true);
            return;
        }
        next.whenComplete(goOn(result, following -> proceed(following, result, running)));
    }

    private CompletableFuture<WriteStep> next(WriteStep step) {
        if (step instanceof WriteStep.Read read) {
            return get(read.request()).thenApply(read.then());
        }
        if (step instanceof WriteStep.Query query) {
            return client.query(query.request()).thenApply(response -> query.then().apply(
                    response.items() == null ? List.of() : response.items()));
        }
        if (step instanceof WriteStep.Send send) {
            return attributes(send.request()).handle((returned, error) -> {
                if (error == null) {
                    return send.then().apply(returned == null ? Map.of() : returned);
                }
                Throwable cause = unwrap(error);
                if (cause instanceof ConditionalCheckFailedException failed) {
                    return send.onCheckFailed().apply(failed.item(), failed);
                }
                throw cause instanceof RuntimeException runtime ? runtime : new CompletionException(cause);
            });
        }
        return transact((WriteStep.Transact) step);
    }

    private CompletableFuture<Map<String, AttributeValue>> attributes(WriteStep.Request request) {
        if (request.put() != null) {
            return client.putItem(request.put()).thenApply(response -> response.attributes());
        }
        if (request.update() != null) {
            return client.updateItem(request.update()).thenApply(response -> response.attributes());
        }
        return client.deleteItem(request.delete()).thenApply(response -> response.attributes());
    }

    /** Sends one write's actions as a transaction; a cancellation is explained as on the blocking path. */
    private CompletableFuture<WriteStep> transact(WriteStep.Transact transact) {
        if (context.collecting()) {
            return CompletableFuture.failedFuture(new IllegalStateException("An asynchronous write cannot join a "
                    + "unit of work: write through the blocking adapter inside the transaction"));
        }
        return context.transactions().writeAsync(client, transact.actions()).handle((written, error) -> {
            if (error == null) {
                return transact.then().get();
            }
            Throwable cause = unwrap(error);
            if (cause instanceof TransactionCancelledException cancelled) {
                for (TransactionCancelledException.ActionFailure failure : cancelled.failures()) {
                    WriteStep explained = transact.explainer().explain(failure.index(), failure, cancelled);
                    if (explained != null) {
                        return explained;
                    }
                }
            }
            throw cause instanceof RuntimeException runtime ? runtime : new CompletionException(cause);
        });
    }

    /**
     * @return the completion of one call of a run: unless the run's result is done (cancelled), it fails with the
     *         call's failure, or goes on with the call's value, failing with what that throws
     */
    private static <V> BiConsumer<V, Throwable> goOn(CompletableFuture<?> result, Consumer<V> next) {
        return (value, failure) -> {
            if (result.isDone()) {
                return;
            }
            if (failure != null) {
                result.completeExceptionally(unwrap(failure));
                return;
            }
            try {
                next.accept(value);
            } catch (RuntimeException e) {
                result.completeExceptionally(e);
            }
        };
    }

    /** @return the failure a future completed with, out of its CompletionException */
    static Throwable unwrap(Throwable error) {
        return error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
    }

}
