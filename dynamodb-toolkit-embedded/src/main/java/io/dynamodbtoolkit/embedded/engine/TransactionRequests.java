package io.dynamodbtoolkit.embedded.engine;

import io.dynamodbtoolkit.embedded.expression.ParsedProjection;
import io.dynamodbtoolkit.embedded.model.AttributeValue;
import org.jspecify.annotations.Nullable;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/** TransactWriteItems and TransactGetItems requests and answers. */
public final class TransactionRequests {

    private TransactionRequests() {
    }

    /**
     * One action of a TransactWriteItems: exactly one of the four is set.
     */
    public record WriteAction(ItemRequests.@Nullable Check check, ItemRequests.@Nullable Put put,
                              ItemRequests.@Nullable Update update, ItemRequests.@Nullable Delete delete) {

        String tableName() {
            if (check != null) {
                return check.tableName();
            }
            if (put != null) {
                return put.tableName();
            }
            return update != null ? update.tableName() : requiredDelete().tableName();
        }

        /** The Delete, when none of the other three is set. */
        public ItemRequests.Delete requiredDelete() {
            return Objects.requireNonNull(delete, "a transaction action sets one of check, put, update and delete");
        }
    }

    /**
     * TransactWriteItems.
     *
     * @param actions            the actions, at most 100
     * @param clientRequestToken the idempotency token, or {@code null}
     * @param fingerprint        a digest of the request, to recognise a retry of the same request
     */
    public record Write(List<WriteAction> actions, @Nullable String clientRequestToken, String fingerprint) {
    }

    /** One Get of a TransactGetItems; {@code projection} may be null. */
    public record Get(String tableName, Map<String, AttributeValue> key, @Nullable ParsedProjection projection) {
    }

    /**
     * The answer to a TransactGetItems.
     *
     * @param items    one entry per Get, {@code null} where there was no item
     * @param capacity capacity per table
     */
    public record GetResult(List<@Nullable Map<String, AttributeValue>> items, List<ConsumedCapacity> capacity) {
    }

    /** The answer to a TransactWriteItems: capacity per table. */
    public record WriteResult(List<ConsumedCapacity> capacity) {
    }
}
