package io.dynamodbtoolkit.adapter;

import java.util.Map;

import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A guarded write under a parent row was refused: the parent row does not exist, or it or one of its ancestors is
 * being deleted by a cascade. Nothing was written (a batch write undid what it had written under that parent).
 * See {@link AdapterDeclaration#parentGuard()}.
 */
public class ParentNotFoundException extends ConditionalWriteException {

    private final transient Map<String, AttributeValue> parentKey;

    /**
     * @param message   what did not hold
     * @param key       the primary key of the row that was to be written
     * @param parentKey the primary key of its parent row
     * @param cause     the service's exception, or null
     */
    public ParentNotFoundException(String message, Map<String, AttributeValue> key,
            Map<String, AttributeValue> parentKey, @Nullable Throwable cause) {
        super(message, key, null, cause);
        this.parentKey = parentKey;
    }

    /** @return the primary key of the parent row that is missing or being deleted */
    public Map<String, AttributeValue> parentKey() {
        return parentKey;
    }
}
