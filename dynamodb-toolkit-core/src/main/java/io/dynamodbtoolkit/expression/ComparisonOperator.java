package io.dynamodbtoolkit.expression;

/** The comparators of the condition grammar. */
enum ComparisonOperator {
    EQ("="),
    NE("<>"),
    LT("<"),
    LE("<="),
    GT(">"),
    GE(">=");

    private final String symbol;

    ComparisonOperator(String symbol) {
        this.symbol = symbol;
    }

    String symbol() {
        return symbol;
    }

    /** Whether the comparator orders values (and so accepts only S, N and B operands). */
    boolean isOrdering() {
        return this != EQ && this != NE;
    }
}
