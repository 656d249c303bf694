package io.dynamodbtoolkit.embedded.engine;

import org.jspecify.annotations.Nullable;

/**
 * The time-to-live setting of a table.
 *
 * @param attributeName the attribute holding the expiry time in epoch seconds, or {@code null} when never set
 * @param enabled       whether expired items are removed
 */
public record TimeToLive(@Nullable String attributeName, boolean enabled) {

    static final TimeToLive DISABLED = new TimeToLive(null, false);
}
