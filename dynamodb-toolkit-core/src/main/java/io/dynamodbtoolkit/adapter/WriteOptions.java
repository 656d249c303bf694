package io.dynamodbtoolkit.adapter;

import io.dynamodbtoolkit.expression.Condition;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;

/**
 * Options of a single-item write. Immutable; start from {@link #defaults()}.
 *
 * @param condition       an extra condition the item must meet, ANDed with the toolkit's own (existence,
 *                        version); null for none
 * @param returnValues    what DynamoDB returns ({@code ALL_OLD}, {@code ALL_NEW}, ...); null for the operation's
 *                        default
 * @param expectedVersion the version the caller observed, for deletes and patches of versioned items; null when
 *                        not checked (puts take it from the item)
 */
public record WriteOptions(@Nullable Condition condition, @Nullable ReturnValue returnValues,
        @Nullable Long expectedVersion) {

    private static final WriteOptions DEFAULTS = new WriteOptions(null, null, null);

    /** @return no extra condition, default return values, no expected version */
    public static WriteOptions defaults() {
        return DEFAULTS;
    }

    /** @return a copy with an extra condition */
    public WriteOptions withCondition(@Nullable Condition extra) {
        return new WriteOptions(extra, returnValues, expectedVersion);
    }

    /** @return a copy asking DynamoDB to return these values */
    public WriteOptions withReturnValues(ReturnValue values) {
        return new WriteOptions(condition, values, expectedVersion);
    }

    /** @return a copy checking that the item is at this version */
    public WriteOptions withExpectedVersion(long version) {
        return new WriteOptions(condition, returnValues, version);
    }
}
