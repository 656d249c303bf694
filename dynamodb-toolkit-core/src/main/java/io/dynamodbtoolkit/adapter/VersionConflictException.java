package io.dynamodbtoolkit.adapter;

import java.util.Map;

import io.dynamodbtoolkit.expression.AttributeValues;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Optimistic locking failed: the item's version is not the one the caller observed, so someone else wrote it
 * in between. Nothing was written; re-read and retry.
 */
public class VersionConflictException extends ConditionalWriteException {

    private final long expectedVersion;
    private final @Nullable Long actualVersion;

    /**
     * @param key             the primary key written
     * @param expectedVersion the version the caller observed
     * @param actualVersion   the version found, or null when unknown
     * @param current         the item as it is now, or null
     * @param cause           the service's exception
     */
    public VersionConflictException(Map<String, AttributeValue> key, long expectedVersion, @Nullable Long actualVersion,
            @Nullable Map<String, AttributeValue> current, @Nullable Throwable cause) {
        super("Version conflict on " + AttributeValues.showKey(key) + ": expected version " + expectedVersion
                + " but found " + (actualVersion == null ? "another" : actualVersion) + "; re-read the item and retry",
                key, current, cause);
        this.expectedVersion = expectedVersion;
        this.actualVersion = actualVersion;
    }

    /** @return the version the caller observed */
    public long expectedVersion() {
        return expectedVersion;
    }

    /** @return the version found, or null when unknown */
    public @Nullable Long actualVersion() {
        return actualVersion;
    }
}
