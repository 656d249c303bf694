package io.dynamodbtoolkit.sample.web;

import io.dynamodbtoolkit.mass.MassOptions;
import jakarta.validation.constraints.Min;

/**
 * How far one run of a mass operation may go: at most {@code maxItems} items (0: no bound), resuming after
 * {@code cursor} (from an earlier run's result).
 *
 * @param maxItems the most items this run processes, 0 for all
 * @param cursor   where an earlier run stopped, or null to start
 */
public record MassRunRequest(@Min(0) Long maxItems, String cursor) {

    /** @return the engine options of this run */
    public MassOptions options() {
        MassOptions options = MassOptions.defaults();
        if (maxItems != null && maxItems > 0) {
            options = options.withMaxItems(maxItems);
        }
        return cursor == null || cursor.isBlank() ? options : options.withCursor(cursor);
    }
}
