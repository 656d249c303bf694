package io.dynamodbtoolkit.mass;

import java.util.Map;

import io.dynamodbtoolkit.adapter.ItemValidationException;
import io.dynamodbtoolkit.batch.BatchRetriesExhaustedException;
import io.dynamodbtoolkit.batch.RetryPolicy;
import io.dynamodbtoolkit.transaction.TransactionCancelledException;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * An item a mass operation could not process. Its key travels in the run's cursor: the next run processes it again
 * before going on, so resuming until complete processes every item (see {@link MassResult}).
 *
 * @param key    the item's primary key (for copies and moves, the source's)
 * @param reason what went wrong, for people
 * @param cause  the underlying failure
 */
public record MassFailure(Map<String, AttributeValue> key, @Nullable String reason, @Nullable Throwable cause) {

    /**
     * @return whether the failure is transient (throttling or unprocessed items beyond the retries, a server or
     *         connection error, a transaction conflict): processing the item again later may succeed
     */
    public boolean retryable() {
        return isTransient(cause)
                || cause instanceof TransactionCancelledException cancelled && cancelled.isConflictOnly();
    }

    /**
     * @return whether a call's failure is transient: throttling or unprocessed items or keys beyond the retries, a
     *         server or connection error; the same call later may succeed
     */
    static boolean isTransient(@Nullable Throwable cause) {
        return cause instanceof BatchRetriesExhaustedException || cause instanceof SdkClientException
                || RetryPolicy.isRetryable(cause);
    }

    /**
     * @return whether the failure ends the run: any failure that is not transient, except a validator's refusal of
     *         this one item; e.g. a key or an item the table refuses, a parent being deleted, a mapping that throws.
     *         The next items would most likely fail the same way, so the run stops instead of failing them all.
     */
    public boolean stopsRun() {
        return !retryable() && !(cause instanceof ItemValidationException);
    }
}
