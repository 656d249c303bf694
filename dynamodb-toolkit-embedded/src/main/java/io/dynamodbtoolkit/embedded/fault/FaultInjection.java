package io.dynamodbtoolkit.embedded.fault;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Faults the embedded engine injects, for reliability tests: per operation, a rate of
 * {@code ProvisionedThroughputExceededException}, of HTTP 500 {@code InternalServerError}, and (for BatchGetItem
 * and BatchWriteItem) of keys or items left unprocessed. Draws come from one random generator seeded with
 * {@link #seed()}, so a run that sends the same requests in the same order gets the same faults.
 *
 * <pre>{@code
 * FaultInjection faults = FaultInjection.builder(42)
 *         .unprocessed("BatchWriteItem", 0.3)
 *         .throttle("*", 0.05)          // "*" applies to every operation
 *         .build();
 * }</pre>
 */
public final class FaultInjection {

    /** The wildcard operation name: a rate given for it applies to operations without their own rate. */
    public static final String ALL_OPERATIONS = "*";

    private static final FaultInjection NONE = new FaultInjection(0, Map.of(), Map.of(), Map.of());

    private final long seed;
    private final Map<String, Double> throttleRates;
    private final Map<String, Double> serverErrorRates;
    private final Map<String, Double> unprocessedRates;

    private FaultInjection(long seed, Map<String, Double> throttleRates, Map<String, Double> serverErrorRates,
                           Map<String, Double> unprocessedRates) {
        this.seed = seed;
        this.throttleRates = Map.copyOf(throttleRates);
        this.serverErrorRates = Map.copyOf(serverErrorRates);
        this.unprocessedRates = Map.copyOf(unprocessedRates);
    }

    /** No faults. */
    public static FaultInjection none() {
        return NONE;
    }

    /** A builder of faults drawn from a generator seeded with {@code seed}. */
    public static Builder builder(long seed) {
        return new Builder(seed);
    }

    public long seed() {
        return seed;
    }

    /** Whether any rate is above zero. */
    public boolean isActive() {
        return !throttleRates.isEmpty() || !serverErrorRates.isEmpty() || !unprocessedRates.isEmpty();
    }

    /** The rate of ProvisionedThroughputExceededException for the operation (e.g. "PutItem"). */
    public double throttleRate(String operation) {
        return rate(throttleRates, operation);
    }

    /** The rate of HTTP 500 InternalServerError for the operation. */
    public double serverErrorRate(String operation) {
        return rate(serverErrorRates, operation);
    }

    /** The rate at which each key or item of a BatchGetItem / BatchWriteItem is left unprocessed. */
    public double unprocessedRate(String operation) {
        return rate(unprocessedRates, operation);
    }

    private static double rate(Map<String, Double> rates, String operation) {
        Double rate = rates.get(operation);
        if (rate == null) {
            rate = rates.get(ALL_OPERATIONS);
        }
        return rate == null ? 0 : rate;
    }

    /** Builds a {@link FaultInjection}. */
    public static final class Builder {
        private final long seed;
        private final Map<String, Double> throttleRates = new LinkedHashMap<>();
        private final Map<String, Double> serverErrorRates = new LinkedHashMap<>();
        private final Map<String, Double> unprocessedRates = new LinkedHashMap<>();

        private Builder(long seed) {
            this.seed = seed;
        }

        /** Answers this share (0..1) of the operation's requests with ProvisionedThroughputExceededException. */
        public Builder throttle(String operation, double rate) {
            throttleRates.put(operation, checked(rate));
            return this;
        }

        /** Answers this share (0..1) of the operation's requests with HTTP 500 InternalServerError. */
        public Builder serverError(String operation, double rate) {
            serverErrorRates.put(operation, checked(rate));
            return this;
        }

        /**
         * Leaves this share (0..1) of the keys (BatchGetItem) or items (BatchWriteItem) of each request unprocessed,
         * returned in UnprocessedKeys / UnprocessedItems.
         */
        public Builder unprocessed(String operation, double rate) {
            unprocessedRates.put(operation, checked(rate));
            return this;
        }

        public FaultInjection build() {
            return new FaultInjection(seed, throttleRates, serverErrorRates, unprocessedRates);
        }

        private static double checked(double rate) {
            if (rate < 0 || rate > 1 || Double.isNaN(rate)) {
                throw new IllegalArgumentException("A fault rate must be between 0 and 1, was " + rate);
            }
            return rate;
        }
    }
}
