package io.dynamodbtoolkit.embedded.model;

import java.math.BigDecimal;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A DynamoDB attribute value: one of the ten data types. Values are immutable; numbers are kept in canonical form
 * (see {@link CanonicalNumbers}) so that {@code equals} is DynamoDB equality, including for sets (order-insensitive)
 * and maps.
 */
public sealed interface AttributeValue {

    DataType type();

    /** The storage size of this value in bytes, as DynamoDB counts it (without the attribute name). */
    int size();

    static AttributeValue string(String value) {
        return new StringValue(value);
    }

    static AttributeValue number(BigDecimal value) {
        return new NumberValue(CanonicalNumbers.canonical(value));
    }

    static AttributeValue number(long value) {
        return number(BigDecimal.valueOf(value));
    }

    /** A string value. */
    record StringValue(String value) implements AttributeValue {
        @Override
        public DataType type() {
            return DataType.S;
        }

        @Override
        public int size() {
            return Utf8.length(value);
        }
    }

    /** A number value, canonical (trailing zeros stripped). */
    record NumberValue(BigDecimal value) implements AttributeValue {
        @Override
        public DataType type() {
            return DataType.N;
        }

        @Override
        public int size() {
            return CanonicalNumbers.size(value);
        }

        @Override
        public String toString() {
            return CanonicalNumbers.format(value);
        }
    }

    /** A binary value. */
    record BinaryValue(Bytes value) implements AttributeValue {
        @Override
        public DataType type() {
            return DataType.B;
        }

        @Override
        public int size() {
            return value.length();
        }
    }

    /** A boolean value. */
    record BooleanValue(boolean value) implements AttributeValue {
        public static final BooleanValue TRUE = new BooleanValue(true);
        public static final BooleanValue FALSE = new BooleanValue(false);

        @Override
        public DataType type() {
            return DataType.BOOL;
        }

        @Override
        public int size() {
            return 1;
        }
    }

    /** The null value. */
    record NullValue() implements AttributeValue {
        public static final NullValue INSTANCE = new NullValue();

        @Override
        public DataType type() {
            return DataType.NULL;
        }

        @Override
        public int size() {
            return 1;
        }
    }

    /** A non-empty set of strings (insertion order kept for output, compared as a set). */
    record StringSetValue(Set<String> values) implements AttributeValue {
        public StringSetValue {
            values = Collections.unmodifiableSet(new LinkedHashSet<>(values));
        }

        @Override
        public DataType type() {
            return DataType.SS;
        }

        @Override
        public int size() {
            int size = 0;
            for (String value : values) {
                size += Utf8.length(value);
            }
            return size;
        }
    }

    /** A non-empty set of canonical numbers. */
    record NumberSetValue(Set<BigDecimal> values) implements AttributeValue {
        public NumberSetValue {
            values = Collections.unmodifiableSet(new LinkedHashSet<>(values));
        }

        @Override
        public DataType type() {
            return DataType.NS;
        }

        @Override
        public int size() {
            int size = 0;
            for (BigDecimal value : values) {
                size += CanonicalNumbers.size(value);
            }
            return size;
        }
    }

    /** A non-empty set of binary values. */
    record BinarySetValue(Set<Bytes> values) implements AttributeValue {
        public BinarySetValue {
            values = Collections.unmodifiableSet(new LinkedHashSet<>(values));
        }

        @Override
        public DataType type() {
            return DataType.BS;
        }

        @Override
        public int size() {
            int size = 0;
            for (Bytes value : values) {
                size += value.length();
            }
            return size;
        }
    }

    /** A list of values. */
    record ListValue(List<AttributeValue> values) implements AttributeValue {
        public ListValue {
            values = List.copyOf(values);
        }

        @Override
        public DataType type() {
            return DataType.L;
        }

        @Override
        public int size() {
            int size = 3;
            for (AttributeValue value : values) {
                size += 1 + value.size();
            }
            return size;
        }
    }

    /** A map of named values. */
    record MapValue(Map<String, AttributeValue> values) implements AttributeValue {
        public MapValue {
            values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
        }

        @Override
        public DataType type() {
            return DataType.M;
        }

        @Override
        public int size() {
            int size = 3;
            for (Map.Entry<String, AttributeValue> entry : values.entrySet()) {
                size += 1 + Utf8.length(entry.getKey()) + entry.getValue().size();
            }
            return size;
        }
    }
}
