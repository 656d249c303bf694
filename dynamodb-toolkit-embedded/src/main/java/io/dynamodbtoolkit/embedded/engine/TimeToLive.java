package io.dynamodbtoolkit.embedded.engine;

/**
 * The time-to-live setting of a table.
 *
 * @param attributeName the attribute holding the expiry time in epoch seconds, or {@code null} when never set
 * @param enabled       whether expired items are removed
 */
public record TimeToLive(String attributeName, boolean enabled) {

    static final TimeToLive DISABLED = new TimeToLive(null, false);
}
