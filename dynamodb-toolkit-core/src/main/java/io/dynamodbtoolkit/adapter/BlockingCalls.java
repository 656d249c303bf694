package io.dynamodbtoolkit.adapter;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

import io.dynamodbtoolkit.adapter.SingleItemWrites.RawWrite;
import io.dynamodbtoolkit.transaction.TransactionCancelledException;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;

/**
 * The blocking executor of the adapter's plans: sends the calls of readings and write steps on the
 * {@link DynamoDbClient} in the caller's thread, and the calls a reading wants in flight at once (the first pages of
 * merged shards, parallel Scan segments) on the adapter's executor. Transactions go through the adapter's
 * transaction writer (its retries of conflicts), or into the unit of work the adapter collects into.
 */
final class BlockingCalls {

    private final AdapterContext context;
    private final DynamoDbClient client;

    BlockingCalls(AdapterContext context) {
        this.context = context;
        this.client = context.client();
    }

    /** Runs a reading to its end. */
    <R extends PageReading> R run(R reading) {
        for (List<PageCall> calls = reading.pending(); !calls.isEmpty(); calls = reading.pending()) {
            reading.accept(calls.size() == 1 ? List.of(calls.get(0).sendWith(client)) : inParallel(calls));
        }
        return reading;
    }

    /**
     * Runs a write's steps to their end.
     *
     * @return the write's outcome
     * @throws RuntimeException the write's failure, explained
     */
    RawWrite run(WriteStep step) {
        while (true) {
            if (step instanceof WriteStep.Done done) {
                return done.write();
            }
            if (step instanceof WriteStep.Failed failed) {
                throw failed.failure();
            }
            step = next(step);
        }
    }

    /**
     * Runs a bulk operation's steps to their end.
     *
     * @return the outcome
     */
    @SuppressWarnings("NullAway") // false positive: a plan without an outcome is a BatchStep<Void>, done(null)
    <R> R run(BatchStep<R> step) {
        while (true) {
            if (step instanceof BatchStep.Done<R> done) {
                return done.outcome();
            }
            if (step instanceof BatchStep.Get<R> get) {
                step = get.found().apply(context.batchGetter().get(context.table(), context.keys().primaryKeyNames(),
                        get.keys(), get.options()));
            } else {
                BatchStep.Write<R> write = (BatchStep.Write<R>) step;
                step = write.written().apply(context.batchWriter().write(context.table(), write.requests()));
            }
        }
    }

    /** @return the failure a write's steps end in (after any reads); null when they end in an outcome */
    @Nullable RuntimeException failureOf(WriteStep step) {
        try {
            run(step);
            return null;
        } catch (RuntimeException failure) {
            return failure;
        }
    }

    private WriteStep next(WriteStep step) {
        if (step instanceof WriteStep.Read read) {
            Map<String, AttributeValue> item = client.getItem(read.request()).item();
            return read.then().apply(item == null || item.isEmpty() ? null : item);
        }
        if (step instanceof WriteStep.Query query) {
            List<Map<String, AttributeValue>> items = client.query(query.request()).items();
            return query.then().apply(items == null ? List.of() : items);
        }
        if (step instanceof WriteStep.Send send) {
            try {
                return send.then().apply(attributes(send.request()));
            } catch (ConditionalCheckFailedException e) {
                return send.onCheckFailed().apply(e.item(), e);
            }
        }
        return transact((WriteStep.Transact) step);
    }

    private Map<String, AttributeValue> attributes(WriteStep.Request request) {
        Map<String, AttributeValue> returned;
        if (request.put() != null) {
            returned = client.putItem(request.put()).attributes();
        } else if (request.update() != null) {
            returned = client.updateItem(request.update()).attributes();
        } else {
            returned = client.deleteItem(request.delete()).attributes();
        }
        return returned == null ? Map.of() : returned;
    }

    /**
     * Sends one write's actions as a transaction, or hands them to the unit of work the adapter collects into. A
     * cancellation is explained by the first failure the explainer knows, else rethrown as it is.
     */
    private WriteStep transact(WriteStep.Transact transact) {
        if (context.collecting()) {
            Objects.requireNonNull(context.collector(), "collecting").collect(transact.actions(),
                    (index, failure, cancelled) -> {
                WriteStep explained = transact.explainer().explain(index, failure, cancelled);
                return explained == null ? null : failureOf(explained);
            });
            return transact.then().get();
        }
        try {
            context.transactions().write(transact.actions(), null);
        } catch (TransactionCancelledException e) {
            for (TransactionCancelledException.ActionFailure failure : e.failures()) {
                WriteStep explained = transact.explainer().explain(failure.index(), failure, e);
                if (explained != null) {
                    return explained;
                }
            }
            throw e;
        }
        return transact.then().get();
    }

    private List<PageSource.Page> inParallel(List<PageCall> calls) {
        List<CompletableFuture<PageSource.Page>> sent = new ArrayList<>(calls.size());
        calls.forEach(call -> sent.add(CompletableFuture.supplyAsync(() -> call.sendWith(client),
                context.options().executor())));
        List<PageSource.Page> pages = new ArrayList<>(calls.size());
        sent.forEach(future -> pages.add(join(future)));
        return pages;
    }

    /** @return what a call returned, its failure rethrown as it was thrown */
    private static PageSource.Page join(CompletableFuture<PageSource.Page> future) {
        try {
            return future.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException runtime) {
                throw runtime;
            }
            throw e;
        }
    }
}
