package io.dynamodbtoolkit.springbatch.rate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/** The token bucket on a clock the test moves: the waits it asks for, never a real sleep. */
class TokenBucketTest {

    /** A clock that a wait advances, recording each wait. */
    static final class TestClock implements TokenBucket.Sleeper {

        long nanos;
        final List<Long> waits = new ArrayList<>();

        @Override
        public void sleep(long wait) {
            waits.add(wait);
            nanos += wait;
        }
    }

    @Test
    void eachCallWaitsForItsItemsTimeTheFirstOneToo() {
        TestClock clock = new TestClock();
        TokenBucket bucket = new TokenBucket(100, () -> clock.nanos, clock);

        bucket.acquire(50);
        bucket.acquire(50);
        bucket.acquire(100);

        assertThat(clock.waits).containsExactly(500_000_000L, 500_000_000L, 1_000_000_000L);
        assertThat(clock.nanos).as("200 items at 100/s pass after 2 s").isEqualTo(2_000_000_000L);
    }

    @Test
    void overAnyElapsedTimeAtMostTheRatePasses() {
        TestClock clock = new TestClock();
        TokenBucket bucket = new TokenBucket(250, () -> clock.nanos, clock);
        long items = 0;
        for (int call = 0; call < 1_000; call++) {
            int chunk = 1 + call % 37;
            bucket.acquire(chunk);
            items += chunk;
            clock.nanos += call % 5 * 1_000_000L; // the caller's own work between calls
            double seconds = clock.nanos / 1e9;
            assertThat(items).isLessThanOrEqualTo((long) Math.ceil(250 * seconds));
        }
        assertThat(items / (clock.nanos / 1e9)).isBetween(240.0, 250.0);
    }

    @Test
    void timeSpentElsewhereIsNotSavedUpIntoABurst() {
        TestClock clock = new TestClock();
        TokenBucket bucket = new TokenBucket(10, () -> clock.nanos, clock);
        bucket.acquire(10);
        clock.nanos += 60_000_000_000L;
        clock.waits.clear();

        bucket.acquire(10);
        bucket.acquire(10);

        assertThat(clock.waits).as("idle minutes give no credit").containsExactly(1_000_000_000L, 1_000_000_000L);
    }

    @Test
    void aRateMustBePositive() {
        assertThatThrownBy(() -> TokenBucket.of(0)).hasMessageContaining("positive");
        assertThatThrownBy(() -> TokenBucket.of(Double.NaN)).hasMessageContaining("positive");
    }
}
