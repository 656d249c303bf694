package io.dynamodbtoolkit;

import org.jspecify.annotations.Nullable;

/** Base of the toolkit's run-time failures (other than invalid arguments, which are IllegalArgumentExceptions). */
public class DynamoDbToolkitException extends RuntimeException {

    /** @param message what failed */
    public DynamoDbToolkitException(String message) {
        super(message);
    }

    /**
     * @param message what failed
     * @param cause   the underlying failure
     */
    public DynamoDbToolkitException(String message, @Nullable Throwable cause) {
        super(message, cause);
    }
}
