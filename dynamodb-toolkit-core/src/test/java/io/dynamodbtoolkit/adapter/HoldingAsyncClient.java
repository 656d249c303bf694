package io.dynamodbtoolkit.adapter;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/**
 * A {@link DynamoDbAsyncClient} that passes every call to a real one but holds back the answer of one Query (counted
 * from 1) until the test releases it, so that a test knows which calls were sent before and after what it did.
 */
final class HoldingAsyncClient implements InvocationHandler {

    private final DynamoDbAsyncClient real;
    private final int heldQuery;
    private final AtomicInteger queries = new AtomicInteger();
    private final CountDownLatch held = new CountDownLatch(1);
    private final CompletableFuture<QueryResponse> heldAnswer = new CompletableFuture<>();
    private volatile QueryRequest heldRequest;

    private HoldingAsyncClient(DynamoDbAsyncClient real, int heldQuery) {
        this.real = real;
        this.heldQuery = heldQuery;
    }

    /** @return a client holding back the answer of the {@code number}th Query sent through it */
    static HoldingAsyncClient holdingQuery(int number, DynamoDbAsyncClient real) {
        return new HoldingAsyncClient(real, number);
    }

    DynamoDbAsyncClient client() {
        return (DynamoDbAsyncClient) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {DynamoDbAsyncClient.class}, this);
    }

    @Override
    public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
        if (method.getName().equals("query") && args != null && args.length == 1
                && args[0] instanceof QueryRequest request) {
            if (queries.incrementAndGet() == heldQuery) {
                heldRequest = request;
                held.countDown();
                return heldAnswer;
            }
            return real.query(request);
        }
        try {
            return method.invoke(real, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    /** @return whether the held Query was sent within the time given */
    boolean awaitHeld(Duration timeout) throws InterruptedException {
        return held.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Sends the held Query to the real client and answers it; what waits on the answer runs in this thread. */
    void release() {
        heldAnswer.complete(real.query(heldRequest).join());
    }

    /** @return the Queries sent through this client so far, the held one included */
    int queries() {
        return queries.get();
    }
}
