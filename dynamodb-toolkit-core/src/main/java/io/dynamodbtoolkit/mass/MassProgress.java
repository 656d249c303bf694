package io.dynamodbtoolkit.mass;

import java.time.Duration;

/**
 * How far a run of a mass operation has come.
 *
 * @param adapter   the name of the adapter the run is on (its declaration's name; by default the table's)
 * @param operation the operation, e.g. {@code delete}
 * @param read      items read so far
 * @param processed items written so far
 * @param skipped   items skipped so far
 * @param failed    items failed or in conflict so far
 * @param elapsed   time since the run started
 */
public record MassProgress(String adapter, String operation, long read, long processed, long skipped, long failed,
        Duration elapsed) {

    /** @return items read per second so far */
    public double ratePerSecond() {
        double seconds = elapsed.toNanos() / 1e9;
        return seconds <= 0 ? 0 : read / seconds;
    }
}
