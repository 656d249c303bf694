package io.dynamodbtoolkit.adapter;

import java.util.Map;
import java.util.Optional;

import io.dynamodbtoolkit.DynamoDbToolkitException;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A write whose condition did not hold; nothing was written. Carries the item's key and, where DynamoDB returned
 * it, the item as it is now (revived: technical fields stripped), so the caller can decide what to do without
 * another read.
 */
public class ConditionalWriteException extends DynamoDbToolkitException {

    private final transient Map<String, AttributeValue> key;
    private final transient @Nullable Map<String, AttributeValue> current;

    /**
     * @param message what did not hold
     * @param key     the primary key written
     * @param current the item as it is now, or null when absent or not returned
     * @param cause   the service's exception
     */
    public ConditionalWriteException(String message, Map<String, AttributeValue> key,
            @Nullable Map<String, AttributeValue> current, @Nullable Throwable cause) {
        super(message, cause);
        this.key = key;
        this.current = current;
    }

    /** @return the primary key written */
    public Map<String, AttributeValue> key() {
        return key;
    }

    /** @return the item as it is now, when DynamoDB returned it */
    public Optional<Map<String, AttributeValue>> current() {
        return Optional.ofNullable(current);
    }
}
