package io.dynamodbtoolkit.springdata.mapping;

import java.math.BigDecimal;
import java.math.BigInteger;

import org.springframework.data.mapping.MappingException;

/**
 * Reads DynamoDB numbers into the common Java number types directly (the hot path of every read), refusing values
 * that do not fit rather than truncating them. Other number types go through the conversion service.
 */
final class Numbers {

    private Numbers() {
    }

    /**
     * @return the number as {@code target}, or null when the target is not one of the common number types
     * @throws MappingException when the value does not fit the target exactly (a fraction into an integer type, an
     *                          overflow)
     */
    static Number exact(BigDecimal value, Class<?> target) {
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
