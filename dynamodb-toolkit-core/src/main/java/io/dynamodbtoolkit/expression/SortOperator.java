package io.dynamodbtoolkit.expression;

/**
 * The range conditions a key condition allows on its last conditioned sort attribute, named as the comparisons of
 * every builder are ({@code Condition}, {@code KeyCondition}, {@code IndexQuery}: {@code lt}, {@code le}, {@code gt},
 * {@code ge}, {@code between}, {@code beginsWith}).
 */
public enum SortOperator {
    /** {@code begins_with(sk, :prefix)}, strings and binaries only. */
    BEGINS_WITH("beginsWith", 1),
    /** {@code sk BETWEEN :low AND :high}, bounds included. */
    BETWEEN("between", 2),
    /** {@code sk < :v}. */
    LT("lt", 1),
    /** {@code sk <= :v}. */
    LE("le", 1),
    /** {@code sk > :v}. */
    GT("gt", 1),
    /** {@code sk >= :v}. */
    GE("ge", 1);

    private final String verb;
    private final int valueCount;

    SortOperator(String verb, int valueCount) {
        this.verb = verb;
        this.valueCount = valueCount;
    }

    /**
     * The builder method that makes the condition, e.g. {@code lt}.
     *
     * @return the verb
     */
    public String verb() {
        return verb;
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
