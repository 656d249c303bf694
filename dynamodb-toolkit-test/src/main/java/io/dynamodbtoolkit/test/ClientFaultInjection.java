package io.dynamodbtoolkit.test;

import java.util.Arrays;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * What faults to inject and how often, for reliability tests of retrying code. Decisions come from a
 * {@link java.util.SplittableRandom} seeded with {@link Builder#seed}, one per wrapped client, so a single-threaded
 * sequence of calls gets the same faults on every run (calls from several threads get them in the order the threads
 * reach the client).
 *
 * <p>Per call, in this order: throttling (with {@link Builder#throttlingRate}), then a server error (with
 * {@link Builder#serverErrorRate}), then for BatchWriteItem / BatchGetItem a partial batch (with
 * {@link Builder#unprocessedItemsRate} / {@link Builder#unprocessedKeysRate}). A partial batch sends a random subset
 * of the requests (possibly none) to the server and returns the others, at least one, as unprocessed, merged with
 * whatever the server itself left unprocessed; the returned ones are really not written or read.
 */
public final class ClientFaultInjection {

    private final long seed;
    private final double unprocessedItemsRate;
    private final double unprocessedKeysRate;
    private final double throttlingRate;
    private final Set<String> throttledOperations;
    private final double serverErrorRate;
    private final Set<String> serverErrorOperations;

    private ClientFaultInjection(Builder builder) {
        this.seed = builder.seed;
        this.unprocessedItemsRate = builder.unprocessedItemsRate;
        this.unprocessedKeysRate = builder.unprocessedKeysRate;
        this.throttlingRate = builder.throttlingRate;
        this.throttledOperations = builder.throttledOperations;
        this.serverErrorRate = builder.serverErrorRate;
        this.serverErrorOperations = builder.serverErrorOperations;
    }

    /** A builder with no faults and seed 0. */
    public static Builder builder() {
        return new Builder();
    }

    /** Wraps a client; every wrapped client starts its own random sequence from the seed. */
    public FaultInjectingDynamoDbClient wrap(DynamoDbClient delegate) {
        return FaultInjectionHandler.proxy(Objects.requireNonNull(delegate, "delegate"), this);
    }

    long seed() {
        return seed;
    }

    double unprocessedItemsRate() {
        return unprocessedItemsRate;
    }

    double unprocessedKeysRate() {
        return unprocessedKeysRate;
    }

    /** The throttling probability for this operation (0 when it is not among the throttled operations). */
    double throttlingRate(String operation) {
        return throttledOperations.isEmpty() || throttledOperations.contains(operation) ? throttlingRate : 0;
    }

    /** The server error probability for this operation. */
    double serverErrorRate(String operation) {
        return serverErrorOperations.isEmpty() || serverErrorOperations.contains(operation) ? serverErrorRate : 0;
    }

    /** Builds a {@link ClientFaultInjection}. Rates are probabilities per call, from 0 (never) to 1 (always). */
    public static final class Builder {

        private long seed;
        private double unprocessedItemsRate;
        private double unprocessedKeysRate;
        private double throttlingRate;
        private Set<String> throttledOperations = Set.of();
        private double serverErrorRate;
        private Set<String> serverErrorOperations = Set.of();

        private Builder() {
        }

        /** The seed of the random decisions (default 0). */
        public Builder seed(long seed) {
            this.seed = seed;
            return this;
        }

        /** Probability that a BatchWriteItem call leaves some of its write requests unprocessed. */
        public Builder unprocessedItemsRate(double rate) {
            this.unprocessedItemsRate = checkRate("unprocessedItemsRate", rate);
            return this;
        }

        /** Probability that a BatchGetItem call leaves some of its keys unprocessed. */
        public Builder unprocessedKeysRate(double rate) {
            this.unprocessedKeysRate = checkRate("unprocessedKeysRate", rate);
            return this;
        }

        /**
         * Probability that a call fails with ProvisionedThroughputExceededException (HTTP 400).
         *
         * @param operations operation names such as {@code Query} or {@code BatchWriteItem} to restrict it to; none
         *     means every operation
         */
        public Builder throttlingRate(double rate, String... operations) {
            this.throttlingRate = checkRate("throttlingRate", rate);
            this.throttledOperations = checkOperations("throttlingRate", operations);
            return this;
        }

        /**
         * Probability that a call fails with InternalServerErrorException (HTTP 500, error code InternalServerError).
         *
         * @param operations operation names to restrict it to; none means every operation
         */
        public Builder serverErrorRate(double rate, String... operations) {
            this.serverErrorRate = checkRate("serverErrorRate", rate);
            this.serverErrorOperations = checkOperations("serverErrorRate", operations);
            return this;
        }

        /** The configured fault injection; it can wrap any number of clients. */
        public ClientFaultInjection build() {
            return new ClientFaultInjection(this);
        }

        /** Shorthand for {@code build().wrap(delegate)}. */
        public FaultInjectingDynamoDbClient wrap(DynamoDbClient delegate) {
            return build().wrap(delegate);
        }

        private static double checkRate(String setting, double rate) {
            if (!(rate >= 0 && rate <= 1)) {
                throw new IllegalArgumentException(setting + " must be a probability between 0 and 1, was " + rate);
            }
            return rate;
        }

        private static Set<String> checkOperations(String setting, String... operations) {
            Set<String> known = FaultInjectionHandler.operationNames();
            for (String operation : operations) {
                if (!known.contains(operation)) {
                    throw new IllegalArgumentException("Unknown DynamoDB operation '" + operation + "' given to "
                            + setting + "; operations are named like the API, e.g. Query, PutItem, BatchWriteItem."
                            + " Known: " + new TreeSet<>(known));
                }
            }
            return Set.copyOf(Arrays.asList(operations));
        }
    }
}
