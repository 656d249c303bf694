package io.dynamodbtoolkit.expression;

/** {@code operand BETWEEN low AND high}. */
record BetweenCondition(Operand operand, Operand low, Operand high) implements Condition {
    @Override
    public String render(Placeholders placeholders) {
        return operand.render(placeholders) + " BETWEEN " + low.render(placeholders) + " AND "
                + high.render(placeholders);
    }
}
