package io.dynamodbtoolkit.embedded.engine;

import io.dynamodbtoolkit.embedded.expression.ParsedCondition;
import io.dynamodbtoolkit.embedded.expression.ParsedProjection;
import io.dynamodbtoolkit.embedded.expression.UpdateExpression;
import io.dynamodbtoolkit.embedded.model.AttributeValue;
import org.jspecify.annotations.Nullable;

import java.util.Map;

/** The single-item requests, with expressions already parsed. */
public final class ItemRequests {

    private ItemRequests() {
    }

    /**
     * PutItem.
     *
     * @param returnOldOnConditionFailure whether ReturnValuesOnConditionCheckFailure is ALL_OLD
     */
    public record Put(String tableName, Map<String, AttributeValue> item, @Nullable ParsedCondition condition,
                      ReturnValues returnValues, boolean returnOldOnConditionFailure) {
    }

    /** GetItem; {@code projection} may be null. */
    public record Get(String tableName, Map<String, AttributeValue> key, @Nullable ParsedProjection projection,
            boolean consistentRead) {
    }

    /** UpdateItem; {@code update} and {@code condition} may be null. */
    public record Update(String tableName, Map<String, AttributeValue> key, @Nullable UpdateExpression update,
                         @Nullable ParsedCondition condition, ReturnValues returnValues,
                         boolean returnOldOnConditionFailure) {
    }

    /** DeleteItem. */
    public record Delete(String tableName, Map<String, AttributeValue> key, @Nullable ParsedCondition condition,
                         ReturnValues returnValues, boolean returnOldOnConditionFailure) {
    }

    /** ConditionCheck (transactions only). */
    public record Check(String tableName, Map<String, AttributeValue> key, ParsedCondition condition,
                        boolean returnOldOnConditionFailure) {
    }

    /**
     * The answer to a write.
     *
     * @param attributes the attributes ReturnValues asked for, or {@code null}
     * @param capacity   the capacity consumed
     */
    public record WriteResult(@Nullable Map<String, AttributeValue> attributes, ConsumedCapacity capacity) {
    }

    /**
     * The answer to a GetItem.
     *
     * @param item     the (projected) item, or {@code null} when there is none
     * @param capacity the capacity consumed
     */
    public record GetResult(@Nullable Map<String, AttributeValue> item, ConsumedCapacity capacity) {
    }
}
