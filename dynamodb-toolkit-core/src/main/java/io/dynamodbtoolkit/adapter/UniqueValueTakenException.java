package io.dynamodbtoolkit.adapter;

import java.util.Map;

import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A write gave a row a value of a unique field that another row holds (its guard item is taken). Nothing was
 * written: the row and its guards go in one transaction.
 */
public class UniqueValueTakenException extends ConditionalWriteException {

    private final String field;
    private final String value;

    /**
     * @param message what was refused
     * @param key     the primary key of the row written
     * @param field   the unique field
     * @param value   the value taken, as shown in messages
     * @param cause   the cancelled transaction
     */
    public UniqueValueTakenException(String message, Map<String, AttributeValue> key, String field, String value,
            @Nullable Throwable cause) {
        super(message, key, null, cause);
        this.field = field;
        this.value = value;
    }

    /** @return the unique field */
    public String field() {
        return field;
    }

    /** @return the value another row holds, as shown in messages */
    public String value() {
        return value;
    }
}
