package io.dynamodbtoolkit.embedded.engine;

import io.dynamodbtoolkit.embedded.expression.ParsedProjection;
import io.dynamodbtoolkit.embedded.model.AttributeValue;

import java.util.List;
import java.util.Map;

/** TransactWriteItems and TransactGetItems requests and answers. */
public final class TransactionRequests {

    private TransactionRequests() {
    }

    /**
     * One action of a TransactWriteItems: exactly one of the four is set.
     */
    public record WriteAction(ItemRequests.Check check, ItemRequests.Put put, ItemRequests.Update update,
                              ItemRequests.Delete delete) {

        String tableName() {
            if (check != null) {
                return check.tableName();
            }
            if (put != null) {
                return put.tableName();
            }
            return update != null ? update.tableName() : delete.tableName();
        }
    }

    /**
     * TransactWriteItems.
     *
     * @param actions            the actions, at most 100
     * @param clientRequestToken the idempotency token, or {@code null}
     * @param fingerprint        a digest of the request, to recognise a retry of the same request
     */
    public record Write(List<WriteAction> actions, String clientRequestToken, String fingerprint) {
    }

    /** One Get of a TransactGetItems; {@code projection} may be null. */
    public record Get(String tableName, Map<String, AttributeValue> key, ParsedProjection projection) {
    }

    /**
     * The answer to a TransactGetItems.
     *
     * @param items    one entry per Get, {@code null} where there was no item
     * @param capacity capacity per table
     */
    public record GetResult(List<Map<String, AttributeValue>> items, List<ConsumedCapacity> capacity) {
    }

    /** The answer to a TransactWriteItems: capacity per table. */
    public record WriteResult(List<ConsumedCapacity> capacity) {
    }
}
