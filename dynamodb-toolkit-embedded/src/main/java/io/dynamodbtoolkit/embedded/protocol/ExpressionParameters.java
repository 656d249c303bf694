package io.dynamodbtoolkit.embedded.protocol;

import org.jspecify.annotations.Nullable;

import java.util.List;

/**
 * Which expression parameters a request (or a transaction action) accepts, and which legacy parameters stand for
 * the same things: a request may use either kind, never both.
 */
enum ExpressionParameters {
    PUT_OR_DELETE(List.of("ConditionExpression"), List.of("Expected", "ConditionalOperator"), null),
    UPDATE(List.of("UpdateExpression", "ConditionExpression"),
            List.of("AttributeUpdates", "Expected", "ConditionalOperator"), null),
    GET(List.of("ProjectionExpression"), List.of("AttributesToGet"), null),
    QUERY(List.of("ProjectionExpression", "FilterExpression", "KeyConditionExpression"),
            List.of("AttributesToGet", "QueryFilter", "ConditionalOperator", "KeyConditions"), "QueryFilter"),
    SCAN(List.of("ProjectionExpression", "FilterExpression"), List.of("AttributesToGet", "ScanFilter",
            "ConditionalOperator"), "ScanFilter"),
    TRANSACT_CONDITION(List.of("ConditionExpression"), List.of(), null),
    TRANSACT_UPDATE(List.of("UpdateExpression", "ConditionExpression"), List.of(), null),
    TRANSACT_GET(List.of("ProjectionExpression"), List.of(), null);

    private final List<String> expressions;
    private final List<String> legacy;
    private final List<String> valueExpressions;
    private final @Nullable String legacyFilter;

    ExpressionParameters(List<String> expressions, List<String> legacy, @Nullable String legacyFilter) {
        this.expressions = expressions;
        this.valueExpressions = expressions.stream().filter(name -> !name.equals("ProjectionExpression")).toList();
        this.legacy = legacy;
        this.legacyFilter = legacyFilter;
    }

    /** The expression parameters, in the order DynamoDB lists them in its messages. */
    List<String> expressions() {
        return expressions;
    }

    /** The expression parameters that can use ExpressionAttributeValues (all but ProjectionExpression). */
    List<String> valueExpressions() {
        return valueExpressions;
    }

    /** The legacy (non-expression) parameters, in the order DynamoDB lists them in its messages. */
    List<String> legacy() {
        return legacy;
    }

    /** The legacy filter parameter (QueryFilter or ScanFilter), or {@code null}. */
    @Nullable String legacyFilter() {
        return legacyFilter;
    }
}
