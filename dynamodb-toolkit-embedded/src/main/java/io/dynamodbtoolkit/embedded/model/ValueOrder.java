package io.dynamodbtoolkit.embedded.model;

import io.dynamodbtoolkit.embedded.model.AttributeValue.BinaryValue;
import io.dynamodbtoolkit.embedded.model.AttributeValue.NumberValue;
import io.dynamodbtoolkit.embedded.model.AttributeValue.StringValue;
import org.jspecify.annotations.Nullable;

/**
 * The order DynamoDB defines on scalar values of the same type: numbers by value, strings by the unsigned bytes of
 * their UTF-8 encoding, binary by unsigned bytes.
 */
public final class ValueOrder {

    private ValueOrder() {
    }

    /** Whether the two values are both S, both N or both B, so that {@link #compare} applies. */
    public static boolean comparable(@Nullable AttributeValue a, @Nullable AttributeValue b) {
        return a != null && b != null && a.type() == b.type() && a.type().isScalarKeyType();
    }

    /** Compares two values of the same scalar type (S, N or B). */
    public static int compare(AttributeValue a, AttributeValue b) {
        if (a instanceof NumberValue x && b instanceof NumberValue y) {
            return x.value().compareTo(y.value());
        }
        if (a instanceof StringValue x && b instanceof StringValue y) {
            return Utf8.compare(x.value(), y.value());
        }
        if (a instanceof BinaryValue x && b instanceof BinaryValue y) {
            return x.value().compareTo(y.value());
        }
        throw new IllegalArgumentException("Not comparable: " + a.type() + " and " + b.type());
    }
}
