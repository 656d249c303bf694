package io.dynamodbtoolkit.batch;

/**
 * What a batch cost in calls.
 *
 * @param calls   calls made, retries included
 * @param retries calls that repeated unprocessed work or followed throttling
 */
public record BatchStats(int calls, int retries) {

    /** No calls. */
    public static final BatchStats NONE = new BatchStats(0, 0);

    /** @return the sum of two costs */
    public BatchStats plus(BatchStats other) {
        return new BatchStats(calls + other.calls, retries + other.retries);
    }
}
