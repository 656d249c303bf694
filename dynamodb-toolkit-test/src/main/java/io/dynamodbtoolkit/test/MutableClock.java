package io.dynamodbtoolkit.test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * A UTC clock that stands still until the test sets or moves it, so that the times a test asserts (a created-at the
 * toolkit writes, an {@code asOf} it filters by, an engine's time to live or stream retention) are the ones it set.
 * Thread-safe: the code under test may read it from other threads while the test moves it.
 */
public final class MutableClock extends Clock {

    private volatile Instant now;

    /** @param start the time it starts at */
    public MutableClock(Instant start) {
        this.now = start;
    }

    /** @param instant the time from now on */
    public synchronized void set(Instant instant) {
        now = instant;
    }

    /** @param duration how far to move the time forward (backward when negative) */
    public synchronized void advance(Duration duration) {
        now = now.plus(duration);
    }

    @Override
    public Instant instant() {
        return now;
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    /** @return this clock: a test clock is in UTC, whatever zone is asked for */
    @Override
    public Clock withZone(ZoneId zone) {
        return this;
    }
}
