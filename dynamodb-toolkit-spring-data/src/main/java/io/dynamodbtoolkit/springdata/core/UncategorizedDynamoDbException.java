package io.dynamodbtoolkit.springdata.core;

import org.jspecify.annotations.Nullable;
import org.springframework.dao.UncategorizedDataAccessException;

/**
 * A DynamoDB or toolkit failure that no more specific {@code DataAccessException} describes; the cause is the original.
 */
public class UncategorizedDynamoDbException extends UncategorizedDataAccessException {

    /**
     * @param message what failed
     * @param cause   the original failure
     */
    public UncategorizedDynamoDbException(@Nullable String message, Throwable cause) {
        super(message, cause);
    }
}
