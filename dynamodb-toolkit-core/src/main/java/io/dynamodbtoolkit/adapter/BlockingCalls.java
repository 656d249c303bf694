package io.dynamodbtoolkit.adapter;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;

import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The blocking executor of the adapter's readings: sends their calls on the {@link DynamoDbClient} in the caller's
 * thread, and the calls a reading wants in flight at once (the first pages of merged shards, parallel Scan
 * segments) on the adapter's executor.
 */
final class BlockingCalls {

    private final DynamoDbClient client;
    private final Executor executor;

    BlockingCalls(DynamoDbClient client, Executor executor) {
        this.client = client;
        this.executor = executor;
    }

    /** Runs a reading to its end. */
    <R extends PageReading> R run(R reading) {
        for (List<PageCall> calls = reading.pending(); !calls.isEmpty(); calls = reading.pending()) {
            reading.accept(calls.size() == 1 ? List.of(calls.get(0).sendWith(client)) : inParallel(calls));
        }
        return reading;
    }

    private List<PageSource.Page> inParallel(List<PageCall> calls) {
        List<CompletableFuture<PageSource.Page>> sent = new ArrayList<>(calls.size());
        calls.forEach(call -> sent.add(CompletableFuture.supplyAsync(() -> call.sendWith(client), executor)));
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
