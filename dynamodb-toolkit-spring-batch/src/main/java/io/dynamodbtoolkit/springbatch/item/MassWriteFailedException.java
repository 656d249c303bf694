package io.dynamodbtoolkit.springbatch.item;

import java.util.List;
import java.util.stream.Collectors;

import io.dynamodbtoolkit.expression.AttributeValues;
import io.dynamodbtoolkit.mass.MassFailure;
import io.dynamodbtoolkit.mass.MassPageResult;

/**
 * Items of a chunk could not be written. The chunk fails with it so that no failure is lost: Spring Batch rolls the
 * chunk back and, with a retry policy (e.g. {@code .retry(MassWriteFailedException.class)}) or on restart, writes it
 * again; every writer of this package is idempotent, so a redo writes nothing twice. The message names the items and
 * why they failed; {@link #result()} holds the whole outcome.
 */
public class MassWriteFailedException extends RuntimeException {

    /** How many failed items the message names; the result holds all of them. */
    static final int NAMED = 10;

    private final transient MassPageResult result;

    /**
     * @param operation the writer's operation, for the message
     * @param result    the chunk's outcome, with at least one failure
     */
    public MassWriteFailedException(String operation, MassPageResult result) {
        super(message(operation, result), result.failed().get(0).cause());
        this.result = result;
    }

    /** @return the chunk's outcome: what was written, skipped, in conflict and failed */
    public MassPageResult result() {
        return result;
    }

    /** @return whether every failure is transient (throttling, a server error): writing the chunk again may succeed */
    public boolean retryable() {
        return result.failed().stream().allMatch(MassFailure::retryable);
    }

    private static String message(String operation, MassPageResult result) {
        List<MassFailure> failed = result.failed();
        String named = failed.stream().limit(NAMED).map(failure -> AttributeValues.showKey(failure.key()) + ": "
                + failure.reason()).collect(Collectors.joining("; "));
        return operation + " failed for " + failed.size() + " item(s) of the chunk (" + result.processed()
                + " written, " + result.skipped() + " skipped, " + result.conflicts().size() + " in conflict): "
                + named + (failed.size() > NAMED ? "; and " + (failed.size() - NAMED) + " more" : "")
                + ". The chunk is rolled back to be written again (the write is idempotent)";
    }
}
