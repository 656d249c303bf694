package io.dynamodbtoolkit.expression;

/** The negation; its operand is parenthesised unless it is a single function call. */
record NotCondition(Condition condition) implements Condition {
    @Override
    public String render(Placeholders placeholders) {
        String inner = condition.render(placeholders);
        return condition instanceof FunctionCondition ? "NOT " + inner : "NOT (" + inner + ")";
    }
}
