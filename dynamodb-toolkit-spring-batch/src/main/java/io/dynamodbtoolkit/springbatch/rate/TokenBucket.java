package io.dynamodbtoolkit.springbatch.rate;

import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * Holds its callers to a number of items per second: a call for {@code n} items waits until the items before it and
 * its own have had their time ({@code 1 / rate} seconds each), so over any time {@code t} since the bucket was made at
 * most {@code rate * t} items pass, the first call included (a bucket made for each partition gives none a head
 * start). Time spent elsewhere is not saved up into a burst. Thread-safe; the wait happens outside the lock. Spring has
 * no rate limiter of this kind (its concurrency throttles bound calls in flight, not calls per second), hence this
 * small one.
 */
public final class TokenBucket {

    /** Waits a number of nanoseconds; a test gives one that advances its clock instead. */
    @FunctionalInterface
    public interface Sleeper {

        /** The sleeper of the running thread ({@link TimeUnit#sleep}). */
        Sleeper THREAD = nanos -> TimeUnit.NANOSECONDS.sleep(nanos);

        /**
         * @param nanos how long to wait (more than 0)
         * @throws InterruptedException when the thread is interrupted while waiting
         */
        void sleep(long nanos) throws InterruptedException;
    }

    private final double itemsPerSecond;
    private final LongSupplier nanoClock;
    private final Sleeper sleeper;
    private long nextFreeNanos;
    private boolean started;

    /**
     * @param itemsPerSecond the rate (more than 0)
     * @param nanoClock      a monotonic clock in nanoseconds (e.g. {@code System::nanoTime})
     * @param sleeper        how a caller waits
     */
    public TokenBucket(double itemsPerSecond, LongSupplier nanoClock, Sleeper sleeper) {
        if (!(itemsPerSecond > 0) || Double.isInfinite(itemsPerSecond)) {
            throw new IllegalArgumentException("A rate must be a positive number of items per second, not "
                    + itemsPerSecond);
        }
        this.itemsPerSecond = itemsPerSecond;
        this.nanoClock = nanoClock;
        this.sleeper = sleeper;
    }

    /** @return a bucket on the system's monotonic clock, waiting with {@link Thread#sleep} */
    public static TokenBucket of(double itemsPerSecond) {
        return new TokenBucket(itemsPerSecond, System::nanoTime, Sleeper.THREAD);
    }

    /** @return the items per second this bucket lets through */
    public double itemsPerSecond() {
        return itemsPerSecond;
    }

    /**
     * Waits until {@code items} may pass: until they and the items before them have had their time.
     *
     * @param items how many items the caller is about to write (0 passes at once)
     * @throws IllegalStateException when the thread is interrupted while waiting (its interrupt flag is set again)
     */
    public void acquire(int items) {
        if (items <= 0) {
            return;
        }
        long waitNanos = reserve(items);
        if (waitNanos <= 0) {
            return;
        }
        try {
            sleeper.sleep(waitNanos);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while waiting for the job's rate", e);
        }
    }

    private synchronized long reserve(int items) {
        long now = nanoClock.getAsLong();
        long start = started && nextFreeNanos - now > 0 ? nextFreeNanos : now;
        started = true;
        nextFreeNanos = start + Math.round(items * 1e9 / itemsPerSecond);
        return nextFreeNanos - now;
    }
}
