package io.dynamodbtoolkit.test.server;

import org.jspecify.annotations.Nullable;

/** Thrown when no DynamoDB-compatible server can be selected or started for tests; the message says how to fix it. */
public class BackendUnavailableException extends IllegalStateException {

    private static final long serialVersionUID = 1L;

    /** An exception whose message says what to install or set. */
    public BackendUnavailableException(String message) {
        super(message);
    }

    /** An exception whose message says what to install or set, caused by a failed start. */
    public BackendUnavailableException(@Nullable String message, Throwable cause) {
        super(message, cause);
    }
}
