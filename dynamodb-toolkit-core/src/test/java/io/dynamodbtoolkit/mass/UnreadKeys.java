package io.dynamodbtoolkit.mass;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;

import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;

/**
 * A client whose BatchGetItem, while the fault is on, never reads the keys a predicate picks: it sends the other keys
 * to the server and returns the picked ones as UnprocessedKeys, on every attempt, so the retry policy gives up on
 * them (and only on them). Every other call goes to the server as it is.
 */
final class UnreadKeys {

    private final DynamoDbClient client;
    private final AtomicInteger withheld = new AtomicInteger();
    private volatile boolean on = true;

    /**
     * @param delegate the server's client
     * @param unread   picks the keys never read while the fault is on
     */
    UnreadKeys(DynamoDbClient delegate, Predicate<Map<String, AttributeValue>> unread) {
        this.client = (DynamoDbClient) Proxy.newProxyInstance(DynamoDbClient.class.getClassLoader(),
                new Class<?>[] {DynamoDbClient.class}, (proxy, method, args) -> {
                    if (on && method.getName().equals("batchGetItem") && args != null
                            && args[0] instanceof BatchGetItemRequest request) {
                        return withholding(delegate, request, unread);
                    }
                    try {
                        return method.invoke(delegate, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }

    DynamoDbClient client() {
        return client;
    }

    /** Ends the fault: from now on every key is read. */
    void clear() {
        on = false;
    }

    /** @return how many keys were returned unread */
    int withheld() {
        return withheld.get();
    }

    private BatchGetItemResponse withholding(DynamoDbClient delegate, BatchGetItemRequest request,
            Predicate<Map<String, AttributeValue>> unread) {
        Map<String, KeysAndAttributes> sent = new HashMap<>();
        Map<String, KeysAndAttributes> kept = new HashMap<>();
        request.requestItems().forEach((table, keys) -> {
            List<Map<String, AttributeValue>> read = new ArrayList<>();
            List<Map<String, AttributeValue>> notRead = new ArrayList<>();
            keys.keys().forEach(key -> (unread.test(key) ? notRead : read).add(key));
            if (!read.isEmpty()) {
                sent.put(table, keys.toBuilder().keys(read).build());
            }
            if (!notRead.isEmpty()) {
                kept.put(table, keys.toBuilder().keys(notRead).build());
                withheld.addAndGet(notRead.size());
            }
        });
        BatchGetItemResponse response = sent.isEmpty() ? BatchGetItemResponse.builder().responses(Map.of()).build()
                : delegate.batchGetItem(request.toBuilder().requestItems(sent).build());
        Map<String, KeysAndAttributes> unprocessed = new HashMap<>(response.unprocessedKeys());
        kept.forEach((table, keys) -> unprocessed.merge(table, keys, (server, ours) -> server.toBuilder()
                .keys(concat(server.keys(), ours.keys())).build()));
        return response.toBuilder().unprocessedKeys(unprocessed).build();
    }

    private static List<Map<String, AttributeValue>> concat(List<Map<String, AttributeValue>> first,
            List<Map<String, AttributeValue>> second) {
        List<Map<String, AttributeValue>> both = new ArrayList<>(first);
        both.addAll(second);
        return both;
    }
}
