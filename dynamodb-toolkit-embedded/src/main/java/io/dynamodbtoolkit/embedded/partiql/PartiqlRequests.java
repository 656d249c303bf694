package io.dynamodbtoolkit.embedded.partiql;

import io.dynamodbtoolkit.embedded.engine.ConsumedCapacity;
import io.dynamodbtoolkit.embedded.error.DynamoDbException;
import io.dynamodbtoolkit.embedded.model.AttributeValue;
import org.jspecify.annotations.Nullable;

import java.util.List;
import java.util.Map;

/** The requests and answers of ExecuteStatement, BatchExecuteStatement and ExecuteTransaction. */
public final class PartiqlRequests {

    private PartiqlRequests() {
    }

    /**
     * One statement with its parameters.
     *
     * @param consistentRead                whether reads are strongly consistent
     * @param returnOldOnConditionFailure   whether ReturnValuesOnConditionCheckFailure is ALL_OLD
     */
    public record StatementRequest(String statement, List<AttributeValue> parameters, boolean consistentRead,
                                   boolean returnOldOnConditionFailure) {
    }

    /**
     * Where a SELECT goes on: the partition (of an IN on the partition key) and the key to start after.
     *
     * @param startKey the key to start after, or {@code null} to start the partition from its beginning
     */
    public record Continuation(int partition, @Nullable Map<String, AttributeValue> startKey) {
    }

    /**
     * The answer to one statement.
     *
     * @param items            the items read, or returned by RETURNING
     * @param next             where to go on, or {@code null} when the SELECT is complete
     * @param lastEvaluatedKey the key of the last item evaluated when the SELECT stopped early, else {@code null}
     * @param capacity         the capacity consumed, per table
     */
    public record StatementResult(List<Map<String, AttributeValue>> items, @Nullable Continuation next,
                                  @Nullable Map<String, AttributeValue> lastEvaluatedKey,
                                  List<ConsumedCapacity> capacity) {
    }

    /**
     * The answer to one statement of a batch: the item read (or none), or the error.
     *
     * @param tableName the table of a read
     * @param item      the item read, or {@code null}
     * @param error     why the statement failed, or {@code null}
     * @param capacity  the capacity the statement consumed, or {@code null} when it failed
     */
    public record BatchResponse(String tableName, @Nullable Map<String, AttributeValue> item,
                                @Nullable DynamoDbException error, @Nullable ConsumedCapacity capacity) {
    }

    /**
     * The answer to ExecuteTransaction.
     *
     * @param items    for a read transaction, one entry per statement ({@code null} where there was no item);
     *                 empty for a write transaction
     * @param capacity the capacity consumed, per table
     */
    public record TransactionResult(List<@Nullable Map<String, AttributeValue>> items,
                                    List<ConsumedCapacity> capacity) {
    }
}
