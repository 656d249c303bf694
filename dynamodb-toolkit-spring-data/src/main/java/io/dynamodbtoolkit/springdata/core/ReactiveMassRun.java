package io.dynamodbtoolkit.springdata.core;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;

import io.dynamodbtoolkit.mass.MassPacing;
import io.dynamodbtoolkit.mass.MassProgress;
import io.dynamodbtoolkit.mass.MassProgressListener;
import io.dynamodbtoolkit.mass.MassResult;
import reactor.core.publisher.Flux;
import reactor.core.publisher.FluxSink;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;

/**
 * One run of a mass operation on the asynchronous client, with its progress as it goes and its result at the end.
 * The run starts when {@link #progress()} or {@link #result()} is first subscribed to, and runs once.
 *
 * <p>{@link #progress()} emits one {@link MassProgress} per page done, in order (the last one with the run's
 * totals), and reads a page only while the pages read are fewer than the elements requested plus the two the engine
 * may have in process: a slow subscriber holds the run back. Cancelling it stops the run: no further page is read,
 * the writes in flight finish (none is left half-known), and {@link #result()} then gives the cursor that resumes
 * exactly after the pages finished, so that a run resumed from it processes every item once.
 *
 * <pre>{@code
 * ReactiveMassRun run = repository.deleteAllUnderWithProgress(dallas, MassOptions.defaults());
 * run.progress().take(3).subscribe(page -> log.info("{} deleted", page.processed()));
 * run.result().subscribe(result -> cursors.save(result.cursor())); // resumes after what the run did
 * }</pre>
 */
public final class ReactiveMassRun {

    private final Starter starter;
    private final Function<RuntimeException, RuntimeException> translator;
    private final AtomicBoolean started = new AtomicBoolean();
    private final Sinks.One<MassResult> outcome = Sinks.one();

    /**
     * @param starter    starts the run
     * @param translator translates a failure of the run into the template's exceptions
     */
    ReactiveMassRun(Starter starter, Function<RuntimeException, RuntimeException> translator) {
        this.starter = starter;
        this.translator = translator;
    }

    /**
     * @return the run's progress, one element per page done; completes when the run ends, fails with its failure
     *         (translated as the template translates failures). Cancelling it stops the run (see the class comment).
     *         Starts the run; a second subscriber, or one after {@link #result()} started the run, gets an
     *         {@code IllegalStateException}
     */
    public Flux<MassProgress> progress() {
        return Flux.create(sink -> {
            if (!started.compareAndSet(false, true)) {
                sink.error(new IllegalStateException("This mass run has started already: its progress has one "
                        + "subscriber, the one that started it; ask the template for a new run"));
                return;
            }
            DemandPacing pacing = new DemandPacing();
            sink.onRequest(pacing::request);
            sink.onCancel(pacing::stop);
            start(pacing, sink::next).whenComplete((result, failure) -> {
                if (failure != null) {
                    sink.error(failure instanceof CompletionException && failure.getCause() != null
                            ? failure.getCause() : failure);
                } else {
                    sink.complete();
                }
            });
        }, FluxSink.OverflowStrategy.BUFFER);
    }

    /**
     * @return the run's result once it ended: its scope done, {@code maxItems} reached, stopped early (see
     *         {@link MassResult#stoppedBy()}), or stopped by the cancellation of {@link #progress()}; fails with the
     *         run's failure, translated. Subscribed before the run started, it starts the run without pacing, and
     *         cancelling it stops the run as a cancellation of {@link #progress()} does
     */
    public Mono<MassResult> result() {
        return Mono.defer(() -> {
            if (!started.compareAndSet(false, true)) {
                return outcome.asMono();
            }
            DemandPacing pacing = DemandPacing.unbounded();
            start(pacing, MassProgressListener.NONE);
            return outcome.asMono().doOnCancel(pacing::stop);
        });
    }

    /** @return the run, started; its outcome also goes to {@link #result()} */
    private CompletableFuture<MassResult> start(MassPacing pacing, MassProgressListener listener) {
        CompletableFuture<MassResult> run;
        try {
            run = starter.start(pacing, listener);
        } catch (RuntimeException e) {
            run = CompletableFuture.failedFuture(e);
        }
        return run.handle((result, failure) -> {
            if (failure == null) {
                outcome.tryEmitValue(result);
                return result;
            }
            Throwable cause = failure instanceof CompletionException && failure.getCause() != null
                    ? failure.getCause() : failure;
            Throwable translated = cause instanceof RuntimeException runtime ? translator.apply(runtime) : cause;
            outcome.tryEmitError(translated);
            throw translated instanceof RuntimeException runtime ? runtime : new CompletionException(translated);
        });
    }

    /** Starts a run paced as given, its progress also reported to a listener. */
    @FunctionalInterface
    interface Starter {
        CompletableFuture<MassResult> start(MassPacing pacing, MassProgressListener listener);
    }
}
