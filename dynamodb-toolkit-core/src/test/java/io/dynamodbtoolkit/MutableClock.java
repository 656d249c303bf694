package io.dynamodbtoolkit;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/** A UTC clock tests set and move, for the times the toolkit writes (created-at) and filters by (asOf). */
public final class MutableClock extends Clock {

    private Instant now;

    /** @param now the time it starts at */
    public MutableClock(Instant now) {
        this.now = now;
    }

    /** @param instant the time from now on */
    public void set(Instant instant) {
        now = instant;
    }

    /** @param duration how far to move the time forward */
    public void advance(Duration duration) {
        now = now.plus(duration);
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        return this;
    }

    @Override
    public Instant instant() {
        return now;
    }
}
