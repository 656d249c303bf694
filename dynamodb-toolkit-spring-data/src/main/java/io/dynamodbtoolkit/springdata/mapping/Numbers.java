package io.dynamodbtoolkit.springdata.mapping;

import java.math.BigDecimal;
import java.math.BigInteger;

import org.jspecify.annotations.Nullable;
import org.springframework.data.mapping.MappingException;

/**
 * Reads DynamoDB numbers into the common Java number types directly (the hot path of every read), refusing values
 * that do not fit rather than truncating them. Other number types go through the conversion service.
 */
final class Numbers {

    private Numbers() {
    }

    /**
     * Reads a DynamoDB number's text straight into an {@code Integer}, {@code Long}, {@code Double} or
     * {@code Float} when that is exact and cheap: plain integer digits within range, or any number into a
     * floating-point type (the nearest value, as {@link BigDecimal#doubleValue()} gives).
     *
     * @return the number, or null when it takes the {@link BigDecimal} path ({@link #exact})
     */
    static @Nullable Number parse(String digits, Class<?> target) {
        if (target == Double.class) {
            return Double.parseDouble(digits);
        }
        if (target == Float.class) {
            return Float.parseFloat(digits);
        }
        if ((target != Integer.class && target != Long.class) || !isPlainInteger(digits)) {
            return null;
        }
        long value = Long.parseLong(digits);
        if (target == Long.class) {
            return value;
        }
        return value == (int) value ? (Number) (int) value : null;
    }

    /** @return whether the text is an optional minus and at most 18 digits (so it fits a long) */
    private static boolean isPlainInteger(String digits) {
        int start = digits.startsWith("-") ? 1 : 0;
        int length = digits.length() - start;
        if (length == 0 || length > 18) {
            return false;
        }
        for (int i = start; i < digits.length(); i++) {
            char c = digits.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }

    /**
     * @return the number as {@code target}, or null when the target is not one of the common number types
     * @throws MappingException when the value does not fit the target exactly (a fraction into an integer type, an
     *                          overflow)
     */
    static @Nullable Number exact(BigDecimal value, Class<?> target) {
        try {
            if (target == Integer.class) {
                return value.intValueExact();
            }
            if (target == Long.class) {
                return value.longValueExact();
            }
            if (target == Short.class) {
                return value.shortValueExact();
            }
            if (target == Byte.class) {
                return value.byteValueExact();
            }
            if (target == BigInteger.class) {
                return value.toBigIntegerExact();
            }
        } catch (ArithmeticException e) {
            throw new MappingException("The number " + value.toPlainString() + " does not fit a "
                    + target.getSimpleName() + " exactly", e);
        }
        if (target == Double.class) {
            return value.doubleValue();
        }
        if (target == Float.class) {
            return value.floatValue();
        }
        return null;
    }
}
