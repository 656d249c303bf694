package io.dynamodbtoolkit.test;

import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A {@link DynamoDbClient} that injects faults, as configured by a {@link ClientFaultInjection}, in front of a real
 * client. Every operation, paginator and the waiter go through the fault injection; calls that get no fault reach the
 * wrapped client unchanged. Closing it does not close the wrapped client.
 *
 * <pre>{@code
 * FaultInjectingDynamoDbClient faulty = ClientFaultInjection.builder()
 *     .seed(7)
 *     .unprocessedItemsRate(0.3)
 *     .throttlingRate(0.1, "Query")
 *     .wrap(client);
 * ... run the code under test with faulty ...
 * assertThat(faulty.injectedFaults(FaultKind.UNPROCESSED_ITEMS)).isPositive();
 * }</pre>
 */
public interface FaultInjectingDynamoDbClient extends DynamoDbClient {

    /** Wraps a client; same as {@code faults.wrap(delegate)}. */
    static FaultInjectingDynamoDbClient wrap(DynamoDbClient delegate, ClientFaultInjection faults) {
        return faults.wrap(delegate);
    }

    /** How many faults of this kind were injected since creation or the last {@link #resetInjectedFaults()}. */
    long injectedFaults(FaultKind kind);

    /** How many faults of any kind were injected. */
    long injectedFaults();

    /** Sets every fault counter back to zero (the random sequence continues). */
    void resetInjectedFaults();

    /** The wrapped client, e.g. to check the server state without faults. */
    DynamoDbClient delegate();
}
