package io.dynamodbtoolkit.embedded.protocol;

import io.dynamodbtoolkit.embedded.error.DynamoDbException;
import io.dynamodbtoolkit.embedded.error.ErrorCode;
import io.dynamodbtoolkit.embedded.fault.FaultInjection;

import java.util.Random;

/** Draws the faults a {@link FaultInjection} asks for, from one seeded generator. */
public final class FaultInjector {

    private final FaultInjection configuration;
    private final Random random;

    public FaultInjector(FaultInjection configuration) {
        this.configuration = configuration;
        this.random = new Random(configuration.seed());
    }

    /** Throws the throttling or server error drawn for this request of the operation, if any. */
    void beforeOperation(String operation) {
        if (!configuration.isActive()) {
            return;
        }
        if (draw(configuration.serverErrorRate(operation))) {
            throw new DynamoDbException(ErrorCode.INTERNAL_SERVER_ERROR, "Internal server error (injected fault)");
        }
        if (draw(configuration.throttleRate(operation))) {
            throw new DynamoDbException(ErrorCode.PROVISIONED_THROUGHPUT_EXCEEDED, "The level of configured"
                    + " provisioned throughput for the table was exceeded. Consider increasing your provisioning level"
                    + " with the UpdateTable API.");
        }
    }

    /** Whether to leave one key or item of a batch request unprocessed. */
    boolean leaveUnprocessed(String operation) {
        return configuration.isActive() && draw(configuration.unprocessedRate(operation));
    }

    private boolean draw(double rate) {
        if (rate <= 0) {
            return false;
        }
        synchronized (random) {
            return random.nextDouble() < rate;
        }
    }
}
