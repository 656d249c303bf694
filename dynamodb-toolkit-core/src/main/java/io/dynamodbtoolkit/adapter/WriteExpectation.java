package io.dynamodbtoolkit.adapter;

import java.util.Map;

import io.dynamodbtoolkit.expression.AttributeValues;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What a write assumed about the item, so that a failed condition can be explained: it had to be absent
 * (a create), present (an update) at an observed version, or nothing (only the caller's condition).
 *
 * @param mustBeAbsent    the write creates
 * @param mustExist       the write updates an existing item
 * @param observedVersion the version the caller observed, or null
 */
record WriteExpectation(boolean mustBeAbsent, boolean mustExist, @Nullable Long observedVersion) {

    static final WriteExpectation ABSENT = new WriteExpectation(true, false, null);
    static final WriteExpectation ANY = new WriteExpectation(false, false, null);

    static WriteExpectation present(@Nullable Long observedVersion) {
        return new WriteExpectation(false, true, observedVersion);
    }

    /** Explains a failed condition given the item as it is now (null when absent). */
    ConditionalWriteException explain(String table, Map<String, AttributeValue> key,
            @Nullable Map<String, AttributeValue> current, @Nullable Long currentVersion, @Nullable Throwable cause) {
        if (mustBeAbsent && current != null) {
            return new ItemAlreadyExistsException("An item with key " + AttributeValues.showKey(key)
                    + " already exists in table " + table, key, current, cause);
        }
        if (mustExist && current == null) {
            return new ItemNotFoundException("No item with key " + AttributeValues.showKey(key) + " exists in table "
                    + table, key, null, cause);
        }
        if (observedVersion != null && !observedVersion.equals(currentVersion)) {
            return new VersionConflictException(key, observedVersion, currentVersion, current, cause);
        }
        return new ConditionFailedException("The condition of the write to " + AttributeValues.showKey(key)
                + " in table " + table + " did not hold", key, current, cause);
    }
}
