package io.dynamodbtoolkit.springdata.core;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

import io.dynamodbtoolkit.mass.MassPacing;
import org.jspecify.annotations.Nullable;

/**
 * Paces a mass run by a subscriber's demand for its progress (one element per page): a page is read only while the
 * pages read are fewer than those requested plus the {@value #PAGES_IN_PROCESS} the engine may have in process, so
 * a slow subscriber holds the run back instead of letting pages pile up; once stopped (the subscriber cancelled),
 * the run reads no further page. Nothing waits in a thread: a read that must wait goes on when demand comes.
 */
final class DemandPacing implements MassPacing {

    /** The pages the engine may have in process besides those the subscriber asked for. */
    static final int PAGES_IN_PROCESS = 2;

    private long requested;
    private long read = 1; // the first page is read without asking
    private boolean stopped;
    private @Nullable CompletableFuture<Boolean> waiting;

    /** @return pacing that lets every page be read until stopped */
    static DemandPacing unbounded() {
        DemandPacing pacing = new DemandPacing();
        pacing.request(Long.MAX_VALUE);
        return pacing;
    }

    /** Adds demand, letting a waiting read go on when it now may. */
    void request(long elements) {
        CompletableFuture<Boolean> go = null;
        synchronized (this) {
            requested = requested + elements < 0 ? Long.MAX_VALUE : requested + elements;
            if (waiting != null && mayRead()) {
                read++;
                go = waiting;
                waiting = null;
            }
        }
        if (go != null) {
            go.complete(true);
        }
    }

    /** Stops the run: a waiting read and every later one are refused. */
    void stop() {
        CompletableFuture<Boolean> refused;
        synchronized (this) {
            stopped = true;
            refused = waiting;
            waiting = null;
        }
        if (refused != null) {
            refused.complete(false);
        }
    }

    @Override
    public synchronized CompletionStage<Boolean> beforeNextPage() {
        if (stopped) {
            return CompletableFuture.completedFuture(false);
        }
        if (mayRead()) {
            read++;
            return CompletableFuture.completedFuture(true);
        }
        waiting = new CompletableFuture<>();
        return waiting;
    }

    private boolean mayRead() {
        return read < requested + PAGES_IN_PROCESS || requested == Long.MAX_VALUE;
    }
}
