package io.dynamodbtoolkit.expression;

/** {@code left <op> right}. */
record ComparisonCondition(Operand left, ComparisonOperator operator, Operand right) implements Condition {
    @Override
    public String render(Placeholders placeholders) {
        return left.render(placeholders) + " " + operator.symbol() + " " + right.render(placeholders);
    }
}
