package io.dynamodbtoolkit.embedded.model;

import java.math.BigDecimal;

/**
 * The canonical form of DynamoDB numbers: trailing zeros stripped, their text and their size. A number sent in a
 * request is parsed and validated by {@link io.dynamodbtoolkit.embedded.error.NumberValidation}.
 */
public final class CanonicalNumbers {

    private CanonicalNumbers() {
    }

    /** The canonical value of a number: trailing zeros stripped, zero without scale. */
    public static BigDecimal canonical(BigDecimal value) {
        if (value.signum() == 0) {
            return BigDecimal.ZERO;
        }
        return value.stripTrailingZeros();
    }

    /** The text DynamoDB answers for a number: plain notation, no trailing zeros. */
    public static String format(BigDecimal canonical) {
        return canonical.toPlainString();
    }

    /** The storage size of a number: one byte per two significant digits, plus one. */
    public static int size(BigDecimal canonical) {
        int digits = canonical.signum() == 0 ? 1 : canonical.precision();
        return (digits + 1) / 2 + 1;
    }
}
