package io.dynamodbtoolkit.adapter;

import java.time.Clock;
import java.util.Objects;

import io.dynamodbtoolkit.batch.RetryPolicy;
import io.dynamodbtoolkit.cursor.CursorCodec;

/**
 * Run-time options of an adapter, shared by the adapters of an application. Immutable; start from
 * {@link #defaults()}.
 *
 * @param retryPolicy           how batches and transactions retry
 * @param cursors               how cursors are signed; configure one key for every instance so cursors survive
 *                              restarts and load balancing
 * @param clock                 the time written to created-at fields
 * @param reportCapacity        whether to ask DynamoDB for consumed capacity on every call (for metrics)
 */
public record AdapterOptions(RetryPolicy retryPolicy, CursorCodec cursors, Clock clock, boolean reportCapacity) {

    public AdapterOptions {
        Objects.requireNonNull(retryPolicy, "retryPolicy");
        Objects.requireNonNull(cursors, "cursors");
        Objects.requireNonNull(clock, "clock");
    }

    /** @return the default retry policy, a random cursor key (cursors valid in this process), the system clock */
    public static AdapterOptions defaults() {
        return new AdapterOptions(RetryPolicy.DEFAULT, CursorCodec.withRandomKey(), Clock.systemUTC(), false);
    }

    /** @return a copy with another retry policy */
    public AdapterOptions withRetryPolicy(RetryPolicy policy) {
        return new AdapterOptions(policy, cursors, clock, reportCapacity);
    }

    /** @return a copy signing cursors with this codec */
    public AdapterOptions withCursors(CursorCodec codec) {
        return new AdapterOptions(retryPolicy, codec, clock, reportCapacity);
    }

    /** @return a copy with another clock */
    public AdapterOptions withClock(Clock other) {
        return new AdapterOptions(retryPolicy, cursors, other, reportCapacity);
    }

    /** @return a copy asking for consumed capacity on every call */
    public AdapterOptions withCapacityReporting(boolean report) {
        return new AdapterOptions(retryPolicy, cursors, clock, report);
    }
}
