package io.dynamodbtoolkit.adapter;

import java.util.Map;

import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A write would release a row's value of a unique field, but the guard of that value belongs to another row: the
 * table held duplicates before the field was declared unique. Nothing was written.
 */
public class UniqueGuardMismatchException extends ConditionalWriteException {

    /**
     * @param message what was refused, and how to repair the guards
     * @param key     the primary key of the row written
     * @param cause   the cancelled transaction
     */
    public UniqueGuardMismatchException(String message, Map<String, AttributeValue> key, @Nullable Throwable cause) {
        super(message, key, null, cause);
    }
}
