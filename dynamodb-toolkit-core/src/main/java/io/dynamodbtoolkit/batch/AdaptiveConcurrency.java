package io.dynamodbtoolkit.batch;

import java.util.ArrayList;
import java.util.List;

/**
 * How many calls of one bulk operation may be in flight at once, adapted to throttling (additive increase,
 * multiplicative decrease, as TCP does with its window): a throttled call (a {@code ProvisionedThroughputExceeded},
 * {@code ThrottlingException} or {@code RequestLimitExceeded}, a transient server error, or a batch returned partly
 * unprocessed) halves the limit, once for the calls that were in flight together; every {@code limit} calls that
 * succeed in a row raise it by one, up to the maximum. So a run against a table that is short of capacity slows down
 * instead of hammering it, and speeds up again when the capacity is back. Thread-safe; one per bulk operation.
 */
public final class AdaptiveConcurrency {

    private final int max;
    private int limit;
    private int inFlight;
    private int successesInARow;
    private long completed;
    private long lastDecreaseAt;
    private int inFlightAtDecrease = -1;
    private int decreases;
    private List<Runnable> waiting = new ArrayList<>();

    /** @param max the most calls in flight, and where the limit starts (at least 1) */
    public AdaptiveConcurrency(int max) {
        if (max < 1) {
            throw new IllegalArgumentException("The concurrency must be at least 1 but was " + max);
        }
        this.max = max;
        this.limit = max;
    }

    /**
     * Waits until a call may start.
     *
     * @throws RetryPolicy.RetryInterruptedException when the thread is interrupted while waiting
     */
    public synchronized void acquire() {
        while (inFlight >= limit) {
            try {
                wait();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new RetryPolicy.RetryInterruptedException(e);
            }
        }
        inFlight++;
    }

    /**
     * Starts a call if one may start now, without waiting: for a sender that must not block, which tries again
     * when a call it has in flight ends.
     *
     * @return whether the call may start (then end it with {@link #release})
     */
    public synchronized boolean tryAcquire() {
        if (inFlight >= limit) {
            return false;
        }
        inFlight++;
        return true;
    }

    /**
     * Runs {@code retry} once, when a call ends, or now when a call may start now: for a sender that must not block
     * and found no slot with {@link #tryAcquire} while none of its own calls is in flight to end (another sender's
     * are, under the same limit).
     *
     * @param retry what tries again (typically {@link #tryAcquire} again); runs in the thread that ends a call
     */
    public void whenReleased(Runnable retry) {
        synchronized (this) {
            if (inFlight >= limit) {
                waiting.add(retry);
                return;
            }
        }
        retry.run();
    }

    /**
     * Ends a call started with {@link #acquire()} or {@link #tryAcquire()}, then runs what waits for it
     * ({@link #whenReleased}).
     *
     * @param throttled whether DynamoDB throttled it (or left part of a batch unprocessed)
     */
    public void release(boolean throttled) {
        List<Runnable> retries;
        synchronized (this) {
            ended(throttled);
            notifyAll();
            if (waiting.isEmpty()) {
                return;
            }
            retries = waiting;
            waiting = new ArrayList<>();
        }
        retries.forEach(Runnable::run);
    }

    private void ended(boolean throttled) {
        inFlight--;
        completed++;
        if (throttled) {
            successesInARow = 0;
            // the calls that were in flight when the limit last went down were sent at the old rate: their
            // throttling is the same news, so it lowers the limit once
            if (completed - lastDecreaseAt > inFlightAtDecrease) {
                limit = Math.max(1, limit / 2);
                lastDecreaseAt = completed;
                inFlightAtDecrease = inFlight;
                decreases++;
            }
        } else if (++successesInARow >= limit && limit < max) {
            limit++;
            successesInARow = 0;
        }
    }

    /** @return the calls that may be in flight now */
    public synchronized int limit() {
        return limit;
    }

    /** @return the most calls that may ever be in flight */
    public int max() {
        return max;
    }

    /** @return how many times throttling lowered the limit */
    public synchronized int decreases() {
        return decreases;
    }
}
