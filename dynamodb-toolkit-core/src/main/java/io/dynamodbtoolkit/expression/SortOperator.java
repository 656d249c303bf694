package io.dynamodbtoolkit.expression;

/** The range conditions a key condition allows on its last conditioned sort attribute. */
public enum SortOperator {
    /** {@code begins_with(sk, :prefix)}, strings and binaries only. */
    BEGINS_WITH(1),
    /** {@code sk BETWEEN :low AND :high}, bounds included. */
    BETWEEN(2),
    /** {@code sk < :v}. */
    LESS_THAN(1),
    /** {@code sk <= :v}. */
    LESS_THAN_OR_EQUAL(1),
    /** {@code sk > :v}. */
    GREATER_THAN(1),
    /** {@code sk >= :v}. */
    GREATER_THAN_OR_EQUAL(1);

    private final int valueCount;

    SortOperator(int valueCount) {
        this.valueCount = valueCount;
    }

    /**
     * How many values the operator takes (2 for BETWEEN, else 1).
     *
     * @return the count
     */
    public int valueCount() {
        return valueCount;
    }
}
