package io.dynamodbtoolkit.batch;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.function.UnaryOperator;

import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;

/**
 * Reads any number of items of one table by key with BatchGetItem, {@value #MAX_KEYS_PER_CALL} keys per call,
 * up to {@code concurrency} calls in flight (fewer while DynamoDB throttles: see {@link AdaptiveConcurrency}),
 * retrying unprocessed keys and throttling with the {@link RetryPolicy} (its {@code maxAttempts} bounds
 * consecutive calls without progress, as for {@link BatchWriter}). Results come back in the caller's order
 * with {@code null} where no item exists; a key asked for twice is read once.
 */
public final class BatchGetter {

    /** DynamoDB's limit of keys per BatchGetItem call. */
    public static final int MAX_KEYS_PER_CALL = 100;

    private final DynamoDbClient client;
    private final RetryPolicy policy;
    private final int concurrency;
    private final Executor executor;

    /**
     * A reader making one call at a time.
     *
     * @param client the client to call
     * @param policy how to retry
     */
    public BatchGetter(DynamoDbClient client, RetryPolicy policy) {
        this(client, policy, 1, Runnable::run);
    }

    /**
     * @param client      the client to call
     * @param policy      how to retry
     * @param concurrency the most calls in flight at once
     * @param executor    runs the calls when more than one is in flight
     */
    public BatchGetter(DynamoDbClient client, RetryPolicy policy, int concurrency, Executor executor) {
        this.client = Objects.requireNonNull(client, "client");
        this.policy = Objects.requireNonNull(policy, "policy");
        this.executor = Objects.requireNonNull(executor, "executor");
        if (concurrency < 1) {
            throw new IllegalArgumentException("The concurrency must be at least 1 but was " + concurrency);
        }
        this.concurrency = concurrency;
    }

    /**
     * Reads items by primary key.
     *
     * @param table    the table
     * @param keyNames the primary key attribute names (used to match items to keys; a projection must
     *                 include them)
     * @param keys     the primary keys, in the order results are wanted
     * @param options  sets consistency and projection on each call's {@link KeysAndAttributes} (its keys are set
     *                 by this method)
     * @return one entry per key, in the same order, {@code null} where no item exists
     * @throws BatchRetriesExhaustedException with the keys not read, when the policy gives up
     */
    public List<Map<String, AttributeValue>> get(String table, List<String> keyNames,
            List<Map<String, AttributeValue>> keys, UnaryOperator<KeysAndAttributes.Builder> options) {
        Map<Map<String, AttributeValue>, Map<String, AttributeValue>> found = new ConcurrentHashMap<>();
        try {
            new ParallelChunks<>(chunks(table, keyNames, keys), policy, new AdaptiveConcurrency(concurrency),
                    concurrency, executor).send(pending -> unprocessed(client.batchGetItem(
                            request(pending, options)), keyNames, found));
        } catch (ChunkRetrier.GaveUp gaveUp) {
            throw exhausted(gaveUp);
        }
        return inOrder(keys, keyNames, found);
    }

    /**
     * Reads items by primary key on an asynchronous client, as {@link #get} does (the same chunks, retries,
     * backoff, bound of calls in flight and order of results), without blocking a thread: the pauses before
     * retries are scheduled, not slept. Cancelling the returned future stops sending further calls.
     *
     * @param client the asynchronous client to call
     * @return one entry per key, in the same order, {@code null} where no item exists; fails with a
     *         {@link BatchRetriesExhaustedException} carrying the keys not read when the policy gives up
     */
    public CompletableFuture<List<Map<String, AttributeValue>>> getAsync(DynamoDbAsyncClient client, String table,
            List<String> keyNames, List<Map<String, AttributeValue>> keys,
            UnaryOperator<KeysAndAttributes.Builder> options) {
        Map<Map<String, AttributeValue>, Map<String, AttributeValue>> found = new ConcurrentHashMap<>();
        List<Map<String, List<Map<String, AttributeValue>>>> chunks;
        try {
            chunks = chunks(table, keyNames, keys);
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
        return new AsyncChunks<Map<String, AttributeValue>, List<Map<String, AttributeValue>>>(chunks, policy,
                new AdaptiveConcurrency(concurrency), concurrency, pending -> client.batchGetItem(request(pending,
                        options)).thenApply(response -> unprocessed(response, keyNames, found)),
                stats -> inOrder(keys, keyNames, found), this::exhausted).send();
    }

    private static List<Map<String, List<Map<String, AttributeValue>>>> chunks(String table, List<String> keyNames,
            List<Map<String, AttributeValue>> keys) {
        List<Map<String, AttributeValue>> distinct = keys.stream().map(key -> keyOf(keyNames, key)).distinct()
                .toList();
        return BatchChunks.split(Map.of(table, distinct), MAX_KEYS_PER_CALL);
    }

    private static BatchGetItemRequest request(Map<String, List<Map<String, AttributeValue>>> pending,
            UnaryOperator<KeysAndAttributes.Builder> options) {
        Map<String, KeysAndAttributes> request = new LinkedHashMap<>();
        pending.forEach((table, tableKeys) -> request.put(table,
                options.apply(KeysAndAttributes.builder()).keys(tableKeys).build()));
        return BatchGetItemRequest.builder().requestItems(request).build();
    }

    private static Map<String, List<Map<String, AttributeValue>>> unprocessed(BatchGetItemResponse response,
            List<String> keyNames, Map<Map<String, AttributeValue>, Map<String, AttributeValue>> found) {
        response.responses().values().forEach(items -> items.forEach(item -> found.put(keyOf(keyNames, item), item)));
        Map<String, List<Map<String, AttributeValue>>> unprocessed = new LinkedHashMap<>();
        if (response.hasUnprocessedKeys()) {
            response.unprocessedKeys().forEach((table, keysAndAttributes) -> unprocessed.put(table,
                    keysAndAttributes.keys()));
        }
        return unprocessed;
    }

    private static List<Map<String, AttributeValue>> inOrder(List<Map<String, AttributeValue>> keys,
            List<String> keyNames, Map<Map<String, AttributeValue>, Map<String, AttributeValue>> found) {
        List<Map<String, AttributeValue>> results = new ArrayList<>(keys.size());
        for (Map<String, AttributeValue> key : keys) {
            results.add(found.get(keyOf(keyNames, key)));
        }
        return results;
    }

    private BatchRetriesExhaustedException exhausted(ChunkRetrier.GaveUp gaveUp) {
        Map<String, List<Map<String, AttributeValue>>> notRead = gaveUp.pending();
        return new BatchRetriesExhaustedException("BatchGetItem gave up after " + policy.maxAttempts()
                + " attempts without progress; " + BatchChunks.count(notRead)
                + " keys were not read and are attached to this exception", Map.of(), notRead, gaveUp.getCause());
    }

    private static Map<String, AttributeValue> keyOf(List<String> keyNames, Map<String, AttributeValue> item) {
        Map<String, AttributeValue> key = new HashMap<>(keyNames.size() * 2);
        for (String name : keyNames) {
            AttributeValue value = item.get(name);
            if (value == null) {
                throw new IllegalArgumentException("Key attribute '" + name + "' is missing from " + item.keySet()
                        + ": keys must be complete, and a projection must include the key attributes");
            }
            key.put(name, value);
        }
        return key;
    }
}
