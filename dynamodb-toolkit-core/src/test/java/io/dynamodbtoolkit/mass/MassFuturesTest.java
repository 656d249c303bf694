package io.dynamodbtoolkit.mass;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

/** The futures helpers of the mass engine: failures keep their own type from the work to the blocking caller. */
class MassFuturesTest {

    @Test
    void plannedWorkThatThrowsFailsItsFutureWithWhatItThrew() {
        IllegalStateException refused = new IllegalStateException("refused");
        AssertionError broken = new AssertionError("broken");

        assertThat(MassFutures.planned(() -> CompletableFuture.completedFuture("done")).join()).isEqualTo("done");
        assertThat(MassFutures.<String>planned(() -> {
            throw refused;
        })).isCompletedExceptionally().failsWithin(Duration.ZERO).withThrowableThat().havingCause()
                .isSameAs(refused);
        assertThat(MassFutures.<String>planned(() -> {
            throw broken;
        })).failsWithin(Duration.ZERO).withThrowableThat().havingCause().isSameAs(broken);
    }

    @Test
    void unwrapTakesTheCauseOutOfACompletionExceptionOnly() {
        IllegalStateException cause = new IllegalStateException("cause");
        CompletionException empty = new CompletionException("no cause", null);
        IllegalArgumentException plain = new IllegalArgumentException("plain", cause);

        assertThat(MassFutures.unwrap(new CompletionException(cause))).isSameAs(cause);
        assertThat(MassFutures.unwrap(empty)).isSameAs(empty);
        assertThat(MassFutures.unwrap(plain)).isSameAs(plain);
        assertThat(MassFutures.unwrap(null)).isNull();
    }

    @Test
    void rethrowThrowsUncheckedFailuresAsTheyAreAndWrapsCheckedOnes() {
        IllegalStateException runtime = new IllegalStateException("runtime");
        AssertionError error = new AssertionError("error");
        IOException checked = new IOException("checked");

        assertThatCode(() -> MassFutures.rethrow(null)).doesNotThrowAnyException();
        assertThatThrownBy(() -> MassFutures.rethrow(runtime)).isSameAs(runtime);
        assertThatThrownBy(() -> MassFutures.rethrow(error)).isSameAs(error);
        assertThatThrownBy(() -> MassFutures.rethrow(checked)).isInstanceOf(CompletionException.class)
                .hasCause(checked);
    }

    @Test
    void joinReturnsTheResultOrThrowsTheFailureAsTheWorkThrewIt() {
        IllegalStateException failure = new IllegalStateException("failure");

        assertThat(MassFutures.join(CompletableFuture.completedFuture("done"))).isEqualTo("done");
        assertThatThrownBy(() -> MassFutures.join(CompletableFuture.supplyAsync(() -> {
            throw failure;
        }))).isSameAs(failure);
    }

    @Test
    void aBlockingRunGoesOnInTheCallersThreadAndReturnsItsOutcome() {
        Thread caller = Thread.currentThread();

        String result = CallerLoop.run(loop -> CompletableFuture.supplyAsync(() -> "read")
                .thenApplyAsync(read -> read + " in " + Thread.currentThread().getName(), loop));

        assertThat(result).isEqualTo("read in " + caller.getName());
        IllegalStateException refused = new IllegalStateException("refused");
        assertThatThrownBy(() -> CallerLoop.run(loop -> {
            throw refused;
        })).isSameAs(refused);
        assertThatThrownBy(() -> CallerLoop.run(loop -> CompletableFuture.supplyAsync(() -> "read")
                .thenApplyAsync(read -> {
                    throw refused;
                }, loop))).isSameAs(refused);
    }

    @Test
    void anInterruptedBlockingRunFinishesItsWorkAndKeepsTheInterrupt() throws InterruptedException {
        CompletableFuture<String> written = new CompletableFuture<>();
        List<Object> seen = new CopyOnWriteArrayList<>();
        // a thread of its own: the interrupt is the caller's, not the test runner's
        Thread caller = new Thread(() -> {
            seen.add(CallerLoop.run(loop -> CompletableFuture.completedFuture("quiet")));
            seen.add(Thread.interrupted());
            Thread self = Thread.currentThread();
            seen.add(CallerLoop.run(loop -> {
                Executor delayer = CompletableFuture.delayedExecutor(50, TimeUnit.MILLISECONDS);
                delayer.execute(self::interrupt);
                CompletableFuture.delayedExecutor(250, TimeUnit.MILLISECONDS)
                        .execute(() -> written.complete("written"));
                return written.thenApplyAsync(done -> done + " after the interrupt", loop);
            }));
            seen.add(Thread.interrupted());
        });

        caller.start();
        caller.join(10_000);

        assertThat(seen).as("no interrupt made up; then the result of the interrupted run, the interrupt kept")
                .containsExactly("quiet", false, "written after the interrupt", true);
    }
}
