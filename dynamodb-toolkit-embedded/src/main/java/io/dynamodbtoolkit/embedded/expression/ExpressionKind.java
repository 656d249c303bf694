package io.dynamodbtoolkit.embedded.expression;

/** The request parameters an expression can come from; each names itself in error messages. */
public enum ExpressionKind {
    CONDITION("ConditionExpression"),
    FILTER("FilterExpression"),
    KEY_CONDITION("KeyConditionExpression"),
    UPDATE("UpdateExpression"),
    PROJECTION("ProjectionExpression");

    private final String parameterName;

    ExpressionKind(String parameterName) {
        this.parameterName = parameterName;
    }

    public String parameterName() {
        return parameterName;
    }

    /** Whether expressions of this kind are boolean conditions. */
    public boolean isCondition() {
        return this == CONDITION || this == FILTER || this == KEY_CONDITION;
    }
}
