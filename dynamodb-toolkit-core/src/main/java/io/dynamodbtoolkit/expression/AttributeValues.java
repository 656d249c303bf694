package io.dynamodbtoolkit.expression;

import java.lang.reflect.Array;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.StringJoiner;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.DoubleAccumulator;
import java.util.concurrent.atomic.DoubleAdder;
import java.util.concurrent.atomic.LongAccumulator;
import java.util.concurrent.atomic.LongAdder;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Converts plain Java values to DynamoDB {@link AttributeValue}s and back.
 *
 * <p>This is the value conversion used by every expression builder of this package; it is deliberately
 * small. Mapping domain types (dates, UUIDs, entities) is the job of the item mapper ({@code TableSchema});
 * a value of any other type is rejected with an {@link IllegalArgumentException} naming the type.
 *
 * <table>
 *   <caption>Java to DynamoDB</caption>
 *   <tr><th>Java</th><th>DynamoDB</th></tr>
 *   <tr><td>{@code null}</td><td>NULL</td></tr>
 *   <tr><td>{@link CharSequence}, {@link Character}, {@link Enum} (its {@code name()})</td><td>S</td></tr>
 *   <tr><td>{@link Number} (plain decimal text, never an exponent; NaN and infinities rejected)</td><td>N</td></tr>
 *   <tr><td>{@link Boolean}</td><td>BOOL</td></tr>
 *   <tr><td>{@code byte[]}, {@link SdkBytes}, {@link ByteBuffer} (its remaining bytes)</td><td>B</td></tr>
 *   <tr><td>{@link Set} of strings / numbers / binaries (non-empty, one element kind)</td><td>SS / NS / BS</td></tr>
 *   <tr><td>any other {@link Collection}, any array but {@code byte[]}</td><td>L</td></tr>
 *   <tr><td>{@link Map} with {@link String} keys</td><td>M</td></tr>
 *   <tr><td>{@link AttributeValue}</td><td>itself</td></tr>
 * </table>
 *
 * <p>Numbers are checked against DynamoDB's limits (at most 38 significant digits, magnitude between
 * 1E-130 and 1E+126) so that a bad number fails here, with the value in the message, rather than on the server.
 */
public final class AttributeValues {

    private static final AttributeValue NULL_VALUE = AttributeValue.fromNul(true);
    private static final int MAX_SIGNIFICANT_DIGITS = 38;
    private static final int MIN_EXPONENT = -130;
    private static final int MAX_EXPONENT = 125;

    private AttributeValues() {
    }

    /**
     * Converts a Java value to an {@link AttributeValue}; see the class documentation for the mapping.
     *
     * @param javaValue the value, may be {@code null} (gives the NULL type)
     * @return the attribute value
     * @throws IllegalArgumentException for an unsupported type, an empty or mixed set, a NaN or infinite
     *                                  number, or a number DynamoDB cannot store
     */
    public static AttributeValue toAttributeValue(Object javaValue) {
        if (javaValue == null) {
            return NULL_VALUE;
        }
        if (javaValue instanceof AttributeValue attributeValue) {
            return attributeValue;
        }
        if (javaValue instanceof CharSequence || javaValue instanceof Character) {
            return AttributeValue.fromS(javaValue.toString());
        }
        if (javaValue instanceof Enum<?> enumValue) {
            return AttributeValue.fromS(enumValue.name());
        }
        if (javaValue instanceof Boolean bool) {
            return AttributeValue.fromBool(bool);
        }
        if (javaValue instanceof Number number) {
            return AttributeValue.fromN(numberText(number));
        }
        if (isBinary(javaValue)) {
            return AttributeValue.fromB(toSdkBytes(javaValue));
        }
        if (javaValue instanceof Set<?> set) {
            return setValue(set);
        }
        if (javaValue instanceof Collection<?> collection) {
            List<AttributeValue> elements = new ArrayList<>(collection.size());
            for (Object element : collection) {
                elements.add(toAttributeValue(element));
            }
            return AttributeValue.fromL(elements);
        }
        if (javaValue.getClass().isArray()) {
            int length = Array.getLength(javaValue);
            List<AttributeValue> elements = new ArrayList<>(length);
            for (int i = 0; i < length; i++) {
                elements.add(toAttributeValue(Array.get(javaValue, i)));
            }
            return AttributeValue.fromL(elements);
        }
        if (javaValue instanceof Map<?, ?> map) {
            return mapValue(map);
        }
        throw new IllegalArgumentException("Cannot convert a value of type " + javaValue.getClass().getName()
                + " to a DynamoDB attribute value: supported are String, Number, Boolean, byte[]/SdkBytes/ByteBuffer,"
                + " enums, null, Lists and arrays, Maps with String keys, Sets of strings, numbers or binaries, and"
                + " AttributeValue. Convert the value first (entities are converted by their TableSchema).");
    }

    /**
     * A value as people read it in messages: strings quoted ({@code "TX"}), numbers as they are ({@code 42}), binary
     * values in hex ({@code 0x1f2e}), booleans, null and collections as their Java values.
     *
     * @param value the attribute value
     * @return its text for people
     */
    public static String show(AttributeValue value) {
        if (value == null) {
            return "null";
        }
        if (value.s() != null) {
            return '"' + value.s() + '"';
        }
        if (value.n() != null) {
            return value.n();
        }
        if (value.b() != null) {
            return "0x" + HexFormat.of().formatHex(value.b().asByteArrayUnsafe());
        }
        return String.valueOf(toJava(value));
    }

    /**
     * A key (or any attribute map) as people read it in messages: {@code system="LOCK", _sk="LOCK|main|I-1"}.
     *
     * @param key the attributes, in their order
     * @return their text for people
     */
    public static String showKey(@Nullable Map<String, AttributeValue> key) {
        if (key == null) {
            return "null";
        }
        StringJoiner shown = new StringJoiner(", ");
        key.forEach((name, value) -> shown.add(name + "=" + show(value)));
        return shown.toString();
    }

    /**
     * Converts an {@link AttributeValue} to a plain Java value: S to {@link String}, N to {@link BigDecimal},
     * B to {@link SdkBytes}, BOOL to {@link Boolean}, NULL to {@code null}, L to a {@link List}, M to a
     * {@link LinkedHashMap}, SS / NS / BS to a {@link LinkedHashSet} of strings / {@code BigDecimal}s /
     * {@code SdkBytes}. Collections are fresh and mutable.
     *
     * @param value the attribute value, not {@code null}
     * @return the Java value
     * @throws IllegalArgumentException if the value has no type this SDK version knows
     */
    public static @Nullable Object toJava(AttributeValue value) {
        if (value == null) {
            throw new IllegalArgumentException("toJava needs an AttributeValue, got null");
        }
        switch (value.type()) {
            case S:
                return value.s();
            case N:
                return new BigDecimal(value.n());
            case B:
                return value.b();
            case BOOL:
                return value.bool();
            case NUL:
                return null;
            case L: {
                List<Object> list = new ArrayList<>(value.l().size());
                for (AttributeValue element : value.l()) {
                    list.add(toJava(element));
                }
                return list;
            }
            case M: {
                Map<String, Object> map = new LinkedHashMap<>();
                value.m().forEach((key, element) -> map.put(key, toJava(element)));
                return map;
            }
            case SS:
                return new LinkedHashSet<>(value.ss());
            case NS: {
                Set<BigDecimal> numbers = new LinkedHashSet<>();
                value.ns().forEach(n -> numbers.add(new BigDecimal(n)));
                return numbers;
            }
            case BS:
                return new LinkedHashSet<>(value.bs());
            default:
                throw new IllegalArgumentException("Cannot convert an attribute value of unknown type: " + value);
        }
    }

    /**
     * The DynamoDB type code of a value ({@code S}, {@code N}, {@code B}, {@code BOOL}, {@code NULL}, {@code L},
     * {@code M}, {@code SS}, {@code NS}, {@code BS}), for messages and type checks.
     *
     * @param value the value
     * @return the type code
     */
    public static String typeCode(AttributeValue value) {
        AttributeValue.Type type = value.type();
        return type == AttributeValue.Type.NUL ? "NULL" : type.toString();
    }

    /**
     * Whether two values are the same DynamoDB value: numbers compare numerically ({@code 1.0} equals {@code 1}),
     * everything else structurally.
     *
     * @param a a value
     * @param b another value
     * @return {@code true} when DynamoDB would consider them equal
     */
    public static boolean sameValue(AttributeValue a, AttributeValue b) {
        if (a.type() == AttributeValue.Type.N && b.type() == AttributeValue.Type.N) {
            return new BigDecimal(a.n()).compareTo(new BigDecimal(b.n())) == 0;
        }
        return a.equals(b);
    }

    static boolean isScalarKeyType(AttributeValue value) {
        AttributeValue.Type type = value.type();
        return type == AttributeValue.Type.S || type == AttributeValue.Type.N || type == AttributeValue.Type.B;
    }

    /**
     * Orders two scalar values of the same type (S, N or B) the way DynamoDB does: strings by UTF-8 bytes,
     * numbers numerically, binaries by unsigned bytes.
     */
    static int compareScalars(AttributeValue a, AttributeValue b) {
        switch (a.type()) {
            case N:
                return new BigDecimal(a.n()).compareTo(new BigDecimal(b.n()));
            case S:
                return Arrays.compareUnsigned(a.s().getBytes(StandardCharsets.UTF_8),
                        b.s().getBytes(StandardCharsets.UTF_8));
            case B:
                return Arrays.compareUnsigned(a.b().asByteArrayUnsafe(), b.b().asByteArrayUnsafe());
            default:
                throw new IllegalArgumentException("Only S, N and B values are ordered, got " + typeCode(a));
        }
    }

    private static String numberText(Number number) {
        BigDecimal decimal;
        if (number instanceof BigDecimal bigDecimal) {
            decimal = bigDecimal;
        } else if (number instanceof BigInteger bigInteger) {
            decimal = new BigDecimal(bigInteger);
        } else if (number instanceof Integer || number instanceof Long || number instanceof Short
                || number instanceof Byte || number instanceof AtomicInteger || number instanceof AtomicLong
                || number instanceof LongAdder || number instanceof LongAccumulator) {
            decimal = BigDecimal.valueOf(number.longValue());
        } else if (number instanceof Float floatValue) {
            requireFinite(floatValue.doubleValue(), number);
            decimal = new BigDecimal(Float.toString(floatValue));
        } else if (number instanceof Double || number instanceof DoubleAdder
                || number instanceof DoubleAccumulator) {
            double doubleValue = number.doubleValue();
            requireFinite(doubleValue, number);
            decimal = BigDecimal.valueOf(doubleValue);
        } else {
            try {
                decimal = new BigDecimal(number.toString());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("Cannot convert the number " + number + " of type "
                        + number.getClass().getName() + " to a DynamoDB number: its toString() is not a decimal", e);
            }
        }
        checkDynamoDbRange(decimal);
        return decimal.toPlainString();
    }

    private static void requireFinite(double value, Number original) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            throw new IllegalArgumentException("DynamoDB numbers cannot be NaN or infinite, got " + original);
        }
    }

    private static void checkDynamoDbRange(BigDecimal decimal) {
        if (decimal.signum() == 0) {
            return;
        }
        BigDecimal stripped = decimal.stripTrailingZeros();
        if (stripped.precision() > MAX_SIGNIFICANT_DIGITS) {
            throw new IllegalArgumentException("DynamoDB numbers have at most " + MAX_SIGNIFICANT_DIGITS
                    + " significant digits, got " + stripped.precision() + " in " + decimal.toPlainString()
                    + "; round it (or store it as a string)");
        }
        int exponent = stripped.precision() - stripped.scale() - 1;
        if (exponent < MIN_EXPONENT || exponent > MAX_EXPONENT) {
            throw new IllegalArgumentException("DynamoDB numbers must have a magnitude between 1E-130 and"
                    + " 9.99...E+125, got " + decimal.toString());
        }
    }

    private static boolean isBinary(Object value) {
        return value instanceof byte[] || value instanceof SdkBytes || value instanceof ByteBuffer;
    }

    private static SdkBytes toSdkBytes(Object value) {
        if (value instanceof byte[] bytes) {
            return SdkBytes.fromByteArray(bytes);
        }
        if (value instanceof ByteBuffer buffer) {
            return SdkBytes.fromByteBuffer(buffer.duplicate());
        }
        return (SdkBytes) value;
    }

    private static AttributeValue setValue(Set<?> set) {
        if (set.isEmpty()) {
            throw new IllegalArgumentException("DynamoDB rejects empty sets: omit the attribute (or REMOVE it)"
                    + " instead of writing an empty set");
        }
        for (Object element : set) {
            if (element == null) {
                throw new IllegalArgumentException("DynamoDB sets cannot hold null: remove the null element");
            }
        }
        Object first = set.iterator().next();
        if (first instanceof CharSequence || first instanceof Character || first instanceof Enum<?>) {
            List<String> strings = new ArrayList<>(set.size());
            for (Object element : set) {
                strings.add(toAttributeValue(requireElementKind(element, set, "string")).s());
            }
            return AttributeValue.fromSs(strings);
        }
        if (first instanceof Number) {
            List<String> numbers = new ArrayList<>(set.size());
            List<BigDecimal> seen = new ArrayList<>(set.size());
            for (Object element : set) {
                String text = toAttributeValue(requireElementKind(element, set, "number")).n();
                BigDecimal decimal = new BigDecimal(text);
                for (BigDecimal other : seen) {
                    if (other.compareTo(decimal) == 0) {
                        throw new IllegalArgumentException("The number set " + set + " holds the same number twice ("
                                + other + " and " + text + "); DynamoDB rejects duplicates in a set");
                    }
                }
                seen.add(decimal);
                numbers.add(text);
            }
            return AttributeValue.fromNs(numbers);
        }
        if (isBinary(first)) {
            List<SdkBytes> binaries = new ArrayList<>(set.size());
            for (Object element : set) {
                SdkBytes bytes = toSdkBytes(requireElementKind(element, set, "binary"));
                if (binaries.contains(bytes)) {
                    throw new IllegalArgumentException("The binary set holds the same bytes twice;"
                            + " DynamoDB rejects duplicates in a set");
                }
                binaries.add(bytes);
            }
            return AttributeValue.fromBs(binaries);
        }
        throw new IllegalArgumentException("Cannot convert a Set of " + describe(first)
                + " to a DynamoDB set: only sets of strings, numbers or binaries exist (use a List for anything else)");
    }

    private static Object requireElementKind(Object element, Set<?> set, String kind) {
        boolean matches = switch (kind) {
            case "string" -> element instanceof CharSequence || element instanceof Character
                    || element instanceof Enum<?>;
            case "number" -> element instanceof Number;
            default -> isBinary(element);
        };
        if (!matches) {
            throw new IllegalArgumentException("A DynamoDB set holds one kind of element: this " + kind
                    + " set also holds " + describe(element) + "; convert the elements to one kind first");
        }
        return element;
    }

    private static String describe(Object element) {
        return element == null ? "null" : "a " + element.getClass().getName();
    }

    private static AttributeValue mapValue(Map<?, ?> map) {
        Map<String, AttributeValue> converted = new LinkedHashMap<>();
        for (Map.Entry<?, ?> entry : map.entrySet()) {
            if (!(entry.getKey() instanceof String key)) {
                throw new IllegalArgumentException("DynamoDB maps have String keys; this map has the key "
                        + entry.getKey() + " (" + describe(entry.getKey()) + ")");
            }
            converted.put(key, toAttributeValue(entry.getValue()));
        }
        return AttributeValue.fromM(converted);
    }
}
