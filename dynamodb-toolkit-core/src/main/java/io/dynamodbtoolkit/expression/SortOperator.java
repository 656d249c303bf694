package io.dynamodbtoolkit.expression;

import java.util.Locale;

/**
 * The range conditions a key condition allows on its last conditioned sort attribute, named as the comparisons of
 * every builder are ({@code Condition}, {@code KeyCondition}, {@code IndexQuery}: {@code lt}, {@code le}, {@code gt},
 * {@code ge}, {@code between}, {@code beginsWith}).
 */
public enum SortOperator {
    /** {@code begins_with(sk, :prefix)}, strings and binaries only. */
    BEGINS_WITH,
    /** {@code sk BETWEEN :low AND :high}, bounds included. */
    BETWEEN,
    /** {@code sk < :v}. */
    LT,
    /** {@code sk <= :v}. */
    LE,
    /** {@code sk > :v}. */
    GT,
    /** {@code sk >= :v}. */
    GE;

    /**
     * The builder method that makes the condition: the constant's name in lower camel case ({@code lt},
     * {@code beginsWith}).
     *
     * @return the verb
     */
    public String verb() {
        return this == BEGINS_WITH ? "beginsWith" : name().toLowerCase(Locale.ROOT);
    }

    /**
     * How many values the operator takes (2 for BETWEEN, else 1).
     *
     * @return the count
     */
    public int valueCount() {
        return this == BETWEEN ? 2 : 1;
    }
}
