package io.dynamodbtoolkit.embedded.error;

import io.dynamodbtoolkit.embedded.model.CanonicalNumbers;

import java.math.BigDecimal;

/**
 * Parses numbers sent as strings and validates them as DynamoDB does: up to 38 significant digits, magnitudes from
 * 1E-130 to below 1E+126; a number outside those answers DynamoDB's {@code ValidationException} message.
 */
public final class NumberValidation {

    private static final int MAX_PRECISION = 38;
    private static final int MAX_EXPONENT = 125;
    private static final int MIN_EXPONENT = -130;

    private NumberValidation() {
    }

    /**
     * Parses a number sent as a string, validating it as DynamoDB does, and returns its canonical value (trailing
     * zeros stripped, so that equal numbers are {@code equals}).
     */
    public static BigDecimal parse(String text) {
        BigDecimal value;
        try {
            if (text.isEmpty() || text.indexOf('_') >= 0 || !isPlainNumberSyntax(text)) {
                throw new NumberFormatException(text);
            }
            value = new BigDecimal(text.trim());
        } catch (NumberFormatException | ArithmeticException e) {
            throw DynamoDbException.validation("A value provided cannot be converted into a number");
        }
        BigDecimal canonical = CanonicalNumbers.canonical(value);
        if (canonical.signum() == 0) {
            return canonical;
        }
        if (canonical.precision() > MAX_PRECISION) {
            throw DynamoDbException.validation("Attempting to store more than 38 significant digits in a Number");
        }
        int exponent = canonical.precision() - canonical.scale() - 1;
        if (exponent > MAX_EXPONENT) {
            throw DynamoDbException.validation(
                    "Number overflow. Attempting to store a number with magnitude larger than supported range");
        }
        if (exponent < MIN_EXPONENT) {
            throw DynamoDbException.validation(
                    "Number underflow. Attempting to store a number with magnitude smaller than supported range");
        }
        return canonical;
    }

    private static boolean isPlainNumberSyntax(String text) {
        String trimmed = text.trim();
        for (int i = 0; i < trimmed.length(); i++) {
            char c = trimmed.charAt(i);
            boolean allowed = (c >= '0' && c <= '9') || c == '.' || c == '-' || c == '+' || c == 'e' || c == 'E';
            if (!allowed) {
                return false;
            }
        }
        return !trimmed.isEmpty();
    }
}
