package io.dynamodbtoolkit.embedded.engine;

import io.dynamodbtoolkit.embedded.model.AttributeValue;
import io.dynamodbtoolkit.embedded.model.AttributeValue.StringValue;
import io.dynamodbtoolkit.embedded.model.Utf8;
import io.dynamodbtoolkit.embedded.model.ValueOrder;

import java.util.Arrays;
import java.util.List;

/**
 * An ordered tuple of key values (a sort key, or an index sort key followed by the table key), ordered element by
 * element with DynamoDB's value order. A tuple can also be a probe that sorts just before or just after every
 * tuple it is a prefix of, to take ranges of a sorted map.
 */
final class KeyTuple implements Comparable<KeyTuple> {

    static final KeyTuple EMPTY = new KeyTuple(new AttributeValue[0], 0);

    private final AttributeValue[] values;
    /** -1: before every tuple with this prefix; 0: exact; +1: after every tuple with this prefix. */
    private final int bound;
    /**
     * Whether no string of the tuple holds a surrogate: between two such tuples, UTF-16 order
     * ({@link String#compareTo}, vectorized by the JVM) is DynamoDB's UTF-8 byte order. Worked out once here, where a
     * tuple is compared many times in every sorted-map lookup.
     */
    private final boolean surrogateFree;

    private KeyTuple(AttributeValue[] values, int bound) {
        this.values = values;
        this.bound = bound;
        this.surrogateFree = surrogateFree(values);
    }

    private static boolean surrogateFree(AttributeValue[] values) {
        for (AttributeValue value : values) {
            if (value instanceof StringValue string && Utf8.hasSurrogates(string.value())) {
                return false;
            }
        }
        return true;
    }

    static KeyTuple of(List<AttributeValue> values) {
        return new KeyTuple(values.toArray(new AttributeValue[0]), 0);
    }

    /** A probe sorting before every tuple that starts with these values. */
    static KeyTuple lowerProbe(List<AttributeValue> prefix) {
        return new KeyTuple(prefix.toArray(new AttributeValue[0]), -1);
    }

    /** A probe sorting after every tuple that starts with these values. */
    static KeyTuple upperProbe(List<AttributeValue> prefix) {
        return new KeyTuple(prefix.toArray(new AttributeValue[0]), 1);
    }

    AttributeValue get(int index) {
        return values[index];
    }

    @Override
    public int compareTo(KeyTuple other) {
        int shared = Math.min(values.length, other.values.length);
        boolean codeUnitOrder = surrogateFree && other.surrogateFree;
        for (int i = 0; i < shared; i++) {
            int cmp = codeUnitOrder && values[i] instanceof StringValue x && other.values[i] instanceof StringValue y
                    ? x.value().compareTo(y.value()) : ValueOrder.compare(values[i], other.values[i]);
            if (cmp != 0) {
                return cmp;
            }
        }
        if (values.length == other.values.length) {
            return Integer.compare(bound, other.bound);
        }
        if (values.length < other.values.length) {
            return bound > 0 ? 1 : -1;
        }
        return other.bound > 0 ? -1 : 1;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof KeyTuple tuple && bound == tuple.bound && Arrays.equals(values, tuple.values);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(values) * 31 + bound;
    }

    @Override
    public String toString() {
        return Arrays.toString(values);
    }
}
