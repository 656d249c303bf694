package io.dynamodbtoolkit.batch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.Test;

class AdaptiveConcurrencyTest {

    @Test
    void throttlingHalvesTheLimitOncePerRoundAndSuccessesRaiseItOneByOne() {
        AdaptiveConcurrency gate = new AdaptiveConcurrency(8);
        assertThat(gate.limit()).isEqualTo(8);

        // a burst: the 8 calls in flight all come back throttled; the limit halves once, not eight times
        for (int i = 0; i < 8; i++) {
            gate.acquire();
        }
        for (int i = 0; i < 8; i++) {
            gate.release(true);
        }
        assertThat(gate.limit()).isEqualTo(4);
        assertThat(gate.decreases()).isEqualTo(1);

        // the next round is throttled again: halves again, down to 1 and no lower
        for (int round = 0; round < 5; round++) {
            throttledRound(gate);
        }
        assertThat(gate.limit()).isEqualTo(1);

        // a limit of calls in a row that succeed raises it by one
        succeed(gate, 1);
        assertThat(gate.limit()).isEqualTo(2);
        succeed(gate, 2);
        assertThat(gate.limit()).isEqualTo(3);
        succeed(gate, 3 + 4 + 5 + 6 + 7);
        assertThat(gate.limit()).isEqualTo(8);
        succeed(gate, 100);
        assertThat(gate.limit()).as("never above the maximum").isEqualTo(8);
    }

    @Test
    void aCallWaitsWhileTheLimitIsReached() throws InterruptedException {
        AdaptiveConcurrency gate = new AdaptiveConcurrency(1);
        gate.acquire();
        AtomicBoolean started = new AtomicBoolean();
        CountDownLatch done = new CountDownLatch(1);
        Thread second = new Thread(() -> {
            gate.acquire();
            started.set(true);
            gate.release(false);
            done.countDown();
        });
        second.start();
        assertThat(done.await(100, TimeUnit.MILLISECONDS)).isFalse();
        assertThat(started).isFalse();

        gate.release(false);

        assertThat(done.await(5, TimeUnit.SECONDS)).isTrue();
        assertThat(started).isTrue();
    }

    @Test
    void theConcurrencyMustBePositive() {
        assertThatThrownBy(() -> new AdaptiveConcurrency(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at least 1");
    }

    private static void throttledRound(AdaptiveConcurrency gate) {
        int limit = gate.limit();
        for (int i = 0; i < limit; i++) {
            gate.acquire();
            gate.release(true);
        }
    }

    private static void succeed(AdaptiveConcurrency gate, int calls) {
        for (int i = 0; i < calls; i++) {
            gate.acquire();
            gate.release(false);
        }
    }
}
