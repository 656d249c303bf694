package io.dynamodbtoolkit.sample.web;

import java.util.List;
import java.util.Map;

import io.dynamodbtoolkit.mass.MassResult;

/**
 * What one run of a mass operation did, as the REST API returns it (the engine's {@link MassResult} with the keys
 * of failed and conflicting items in plain JSON).
 *
 * @param processed items written or deleted
 * @param skipped   items left alone
 * @param failed    items that could not be processed, and why
 * @param conflicts items changed by someone else meanwhile, and why
 * @param cursor    pass it back as {@code cursor} to resume a run that stopped early (at {@code maxItems}, or on a
 *                  failure: the failed items are retried first); null when done
 * @param complete  whether the run covered the whole subtree and every item in it was processed
 * @param stoppedBy why the run stopped before its end, when a failure stopped it; else null
 */
public record MassRun(long processed, long skipped, List<Problem> failed, List<Problem> conflicts, String cursor,
        boolean complete, String stoppedBy) {

    /**
     * An item the run could not process.
     *
     * @param key    the item's key
     * @param reason why
     */
    public record Problem(Map<String, Object> key, String reason) {
    }

    /** @return the REST form of an engine result */
    public static MassRun of(MassResult result) {
        return new MassRun(result.processed(), result.skipped(),
                result.failed().stream().map(f -> new Problem(Keys.plain(f.key()), ClientMessages.safe(f.reason())))
                        .toList(),
                result.conflicts().stream().map(c -> new Problem(Keys.plain(c.key()), ClientMessages.safe(c.reason())))
                        .toList(),
                result.cursor(), result.isComplete(), result.stopped().map(cause -> ClientMessages.safe(
                        cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage()))
                        .orElse(null));
    }
}
