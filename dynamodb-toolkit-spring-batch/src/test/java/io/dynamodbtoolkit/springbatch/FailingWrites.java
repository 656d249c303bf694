package io.dynamodbtoolkit.springbatch;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.Set;
import java.util.function.Consumer;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;

/**
 * A client that lets a number of write calls through and then fails every further one (a crash of the writes in the
 * middle of a job, as a lost network or a killed process would leave it), until told to let writes through again; it
 * also counts the read calls.
 */
public final class FailingWrites {

    private static final Set<String> WRITES = Set.of("batchWriteItem", "putItem", "deleteItem", "updateItem",
            "transactWriteItems");
    private static final Set<String> READS = Set.of("query", "scan", "getItem", "batchGetItem");

    private final AtomicInteger writesLeft = new AtomicInteger(Integer.MAX_VALUE);
    private final AtomicLong reads = new AtomicLong();
    private final DynamoDbClient client;

    /** @param delegate the real client */
    public FailingWrites(DynamoDbClient delegate) {
        this.client = (DynamoDbClient) Proxy.newProxyInstance(DynamoDbClient.class.getClassLoader(),
                new Class<?>[] {DynamoDbClient.class}, (proxy, method, arguments) -> {
                    if (method.getName().endsWith("Paginator") || arguments != null && arguments.length == 1
                            && arguments[0] instanceof Consumer) {
                        // builds the request (or the pages) and comes back through this proxy
                        return InvocationHandler.invokeDefault(proxy, method, arguments);
                    }
                    if (WRITES.contains(method.getName()) && writesLeft.getAndDecrement() <= 0) {
                        throw DynamoDbException.builder().message("Injected: the writes are down").statusCode(400)
                                .build();
                    }
                    if (READS.contains(method.getName())) {
                        reads.incrementAndGet();
                    }
                    try {
                        return method.invoke(delegate, arguments);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }

    /** @return the client */
    public DynamoDbClient client() {
        return client;
    }

    /** Lets {@code calls} more write calls through, then fails the others. */
    public void failAfter(int calls) {
        writesLeft.set(calls);
    }

    /** Lets every write through again. */
    public void heal() {
        writesLeft.set(Integer.MAX_VALUE);
    }

    /** @return the read calls made so far */
    public long reads() {
        return reads.get();
    }
}
