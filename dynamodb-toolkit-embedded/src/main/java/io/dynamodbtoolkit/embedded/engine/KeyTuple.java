package io.dynamodbtoolkit.embedded.engine;

import io.dynamodbtoolkit.embedded.model.AttributeValue;
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

    private KeyTuple(AttributeValue[] values, int bound) {
        this.values = values;
        this.bound = bound;
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
        for (int i = 0; i < shared; i++) {
            int cmp = ValueOrder.compare(values[i], other.values[i]);
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
