package io.dynamodbtoolkit.test.server;

import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Whether a {@link DynamoDbServerProvider} can start a server on this machine, and if not, why not and what to
 * install or set.
 */
public final class Availability {

    private static final Availability AVAILABLE = new Availability(null);

    private final @Nullable String reason;

    private Availability(@Nullable String reason) {
        this.reason = reason;
    }

    /** The provider can start a server. */
    public static Availability available() {
        return AVAILABLE;
    }

    /**
     * The provider cannot start a server.
     *
     * @param reason what is missing and how to fix it, e.g. which package to install or which property to set
     */
    public static Availability unavailable(String reason) {
        Objects.requireNonNull(reason, "reason");
        if (reason.isBlank()) {
            throw new IllegalArgumentException(
                    "An unavailable backend needs a reason that says what to install or set");
        }
        return new Availability(reason);
    }

    /** Whether the provider can start a server. */
    public boolean isAvailable() {
        return reason == null;
    }

    /** Why the provider is unavailable; empty string when it is available. */
    public String reason() {
        return reason == null ? "" : reason;
    }

    @Override
    public String toString() {
        return isAvailable() ? "available" : "unavailable: " + reason;
    }
}
