package io.dynamodbtoolkit.mass;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.function.Function;

/**
 * Where a blocking run's page loop goes on: in the thread that called the blocking method and waits for the run, as
 * the blocking engine always ran it. So what the caller's thread carries (a scope provider's current scope, a
 * security context an auditor reads) holds for the loop's steps: the first page's preflight, the copies a page
 * prepares before it is written, progress to the listeners. The calls themselves still run on the adapter's executor.
 */
final class CallerLoop implements Executor {

    private static final Runnable WAKE_UP = () -> { };

    private final LinkedBlockingQueue<Runnable> steps = new LinkedBlockingQueue<>();

    private CallerLoop() {
    }

    /**
     * Starts a run whose continuations go to this thread, runs them here as they come, and returns its outcome.
     *
     * @param run starts the run, given where its continuations go
     * @return the run's result; what the run failed with is thrown as it was thrown
     */
    static <T> T run(Function<Executor, CompletableFuture<T>> run) {
        CallerLoop loop = new CallerLoop();
        CompletableFuture<T> started = MassFutures.planned(() -> run.apply(loop));
        started.whenComplete((result, failure) -> loop.execute(WAKE_UP));
        boolean interrupted = false;
        while (!started.isDone()) {
            try {
                loop.steps.take().run();
            } catch (InterruptedException e) {
                interrupted = true; // a run is not abandoned half-way: its writes finish, as CompletableFuture.join
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        return MassFutures.join(started);
    }

    @Override
    public void execute(Runnable step) {
        steps.add(step);
    }
}
