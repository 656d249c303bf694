package io.dynamodbtoolkit.mass;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Paces the runs of a mass operation from outside, e.g. by the demand of a reactive subscriber: before a run reads
 * each page after its first, it asks, and reads the page once the answer comes. An answer of {@code false} stops
 * the run as {@code maxItems} would: the pages in process are finished, and the result's cursor resumes exactly
 * after them. A run never waits in a thread for the answer.
 */
@FunctionalInterface
public interface MassPacing {

    /** Reads every page as soon as the run is ready for it. */
    MassPacing UNPACED = () -> CompletableFuture.completedFuture(true);

    /** @return completes with whether the run reads its next page ({@code false}: it stops) */
    CompletionStage<Boolean> beforeNextPage();
}
