package io.dynamodbtoolkit.embedded.protocol;

import java.time.Duration;

/**
 * What the HTTP front end allows its clients: how long a connection may stay silent before it is closed, and how
 * many connections it serves at once (each is served by one thread).
 *
 * @param idleTimeout    a connection on which nothing arrives for this long is closed (between requests, or in the
 *                       middle of one)
 * @param maxConnections the most connections open at once; when a new one arrives at the bound, the connection idle
 *                       the longest is closed to make room, and if none is idle the new one is answered 503
 */
public record ConnectionLimits(Duration idleTimeout, int maxConnections) {

    /** The defaults: 2 minutes of silence, 512 connections. */
    public static final ConnectionLimits DEFAULTS = new ConnectionLimits(Duration.ofMinutes(2), 512);

    public ConnectionLimits {
        checkedIdleTimeout(idleTimeout);
        checkedMaxConnections(maxConnections);
    }

    /** The idle timeout if valid (positive, at most {@code Integer.MAX_VALUE} milliseconds), else an exception. */
    public static Duration checkedIdleTimeout(Duration idleTimeout) {
        if (idleTimeout.isNegative() || idleTimeout.isZero() || idleTimeout.toMillis() > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("idleTimeout must be positive and at most " + Integer.MAX_VALUE
                    + " ms, was " + idleTimeout);
        }
        return idleTimeout;
    }

    /** The bound if valid (at least 1), else an exception. */
    public static int checkedMaxConnections(int maxConnections) {
        if (maxConnections < 1) {
            throw new IllegalArgumentException("maxConnections must be at least 1, was " + maxConnections);
        }
        return maxConnections;
    }
}
