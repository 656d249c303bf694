package io.dynamodbtoolkit.key;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.HexFormat;

import java.util.Objects;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Converts the value of one key field between its caller-facing forms (Java values or {@link AttributeValue}s)
 * and its two stored forms: the native key attribute, and the component string inside a composite key.
 */
final class KeyValueCodec {

    private static final HexFormat HEX = HexFormat.of();

    private KeyValueCodec() {
    }

    /**
     * The value as the field's own attribute: {@code S}, {@code N} or {@code B}. Numbers take the canonical form
     * DynamoDB returns them in (no exponent, no trailing fractional zeros: {@code 12.00} and {@code 1.2E+1} are
     * {@code 12}), so a key built here equals the key of the item read back.
     *
     * @throws InvalidKeyException when the value does not fit the field's type
     */
    static AttributeValue toAttributeValue(KeyField field, Object value) {
        if (value instanceof AttributeValue attribute && isNativeForm(field, attribute)) {
            return attribute;
        }
        return switch (field.type()) {
            case STRING -> AttributeValue.fromS(asString(field, value));
            case NUMBER -> AttributeValue.fromN(asNumber(field, value).stripTrailingZeros().toPlainString());
            case BINARY -> AttributeValue.fromB(SdkBytes.fromByteArray(asBytes(field, value)));
        };
    }

    /** @return whether an attribute value already is the field's own attribute in canonical form (reused as is) */
    private static boolean isNativeForm(KeyField field, AttributeValue value) {
        return switch (field.type()) {
            case STRING -> value.s() != null;
            case NUMBER -> value.n() != null && isCanonicalNumber(value.n());
            case BINARY -> value.b() != null;
        };
    }

    /**
     * @return whether a number is written as DynamoDB returns it: an optional minus, an integer part without
     *         leading zeros, an optional fraction without trailing zeros, no exponent, and no negative zero
     */
    static boolean isCanonicalNumber(String digits) {
        int start = digits.startsWith("-") ? 1 : 0;
        int dot = digits.indexOf('.');
        int integerEnd = dot < 0 ? digits.length() : dot;
        if (integerEnd == start || (digits.charAt(start) == '0' && integerEnd - start > 1)) {
            return false;
        }
        for (int i = start; i < digits.length(); i++) {
            char c = digits.charAt(i);
            if ((c < '0' || c > '9') && i != dot) {
                return false;
            }
        }
        if (dot >= 0 && (dot == digits.length() - 1 || digits.charAt(digits.length() - 1) == '0')) {
            return false;
        }
        return !(start == 1 && dot < 0 && digits.charAt(1) == '0');
    }

    /**
     * The value as one component of a composite key: strings as they are, numbers zero-padded to the field's
     * width, binary as lower-case hex.
     *
     * @throws InvalidKeyException when the value contains the separator, is empty, is a string of another length
     *                             than a declared width, or is a number that is negative, fractional or wider than
     *                             the width
     */
    static String toComponent(KeyField field, Object value, String separator) {
        String component = switch (field.type()) {
            case STRING -> fixedLength(field, asString(field, value));
            case NUMBER -> padded(field, asNumber(field, value));
            case BINARY -> HEX.formatHex(asBytes(field, value));
        };
        if (component.isEmpty()) {
            throw new InvalidKeyException("Key field '" + field.name() + "' is empty: an empty component would "
                    + "make a key that names no tier. Supply a non-empty value.");
        }
        if (component.contains(separator)) {
            throw new InvalidKeyException("Key field '" + field.name() + "' value \"" + component
                    + "\" contains the key separator \"" + separator + "\": it would silently change the key's "
                    + "tiers. Remove the separator from the value or declare a different separator.");
        }
        return component;
    }

    /** Reads one component of a composite key back into the field's attribute form. */
    static AttributeValue fromComponent(KeyField field, String component) {
        return switch (field.type()) {
            case STRING -> AttributeValue.fromS(component);
            case NUMBER -> AttributeValue.fromN(new BigInteger(component).toString());
            case BINARY -> AttributeValue.fromB(SdkBytes.fromByteArray(HEX.parseHex(component)));
        };
    }

    /** @return the string, checked against the field's declared width (values of a fixed-width field all have it) */
    private static String fixedLength(KeyField field, String value) {
        if (field.width() != null && value.codePointCount(0, value.length()) != field.width()) {
            throw new InvalidKeyException("Key field '" + field.name() + "' value \"" + value + "\" has "
                    + value.codePointCount(0, value.length()) + " characters, but the field is declared with width "
                    + field.width() + ": every value must have exactly that many (pad it, e.g. \"0042\"), or ranges "
                    + "on the field would catch longer siblings.");
        }
        return value;
    }

    private static String padded(KeyField field, BigDecimal number) {
        if (number.signum() < 0) {
            throw new InvalidKeyException("Key field '" + field.name() + "' is negative (" + number.toPlainString()
                    + "): negative numbers would sort wrongly inside a composite key. Shift the value to be "
                    + "non-negative (e.g. add an offset) before using it as a key.");
        }
        BigInteger integer;
        try {
            integer = number.toBigIntegerExact();
        } catch (ArithmeticException e) {
            throw new InvalidKeyException("Key field '" + field.name() + "' is not an integer ("
                    + number.toPlainString() + "): numbers inside a composite key must be whole numbers. "
                    + "Scale the value (e.g. store cents) before using it as a key.");
        }
        String digits = integer.toString();
        int width = Objects.requireNonNull(field.width(), "a number inside a composite key is declared with a width");
        if (digits.length() > width) {
            throw new InvalidKeyException("Key field '" + field.name() + "' value " + digits + " has "
                    + digits.length() + " digits, wider than its declared width " + width
                    + ": it would sort wrongly. Declare a larger width.");
        }
        return "0".repeat(width - digits.length()) + digits;
    }

    private static String asString(KeyField field, Object value) {
        if (value instanceof String s) {
            return s;
        }
        if (value instanceof AttributeValue av && av.s() != null) {
            return av.s();
        }
        throw typeMismatch(field, value, "a string");
    }

    private static BigDecimal asNumber(KeyField field, Object value) {
        try {
            if (value instanceof BigDecimal d) {
                return d;
            }
            if (value instanceof BigInteger i) {
                return new BigDecimal(i);
            }
            if (value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte) {
                return BigDecimal.valueOf(((Number) value).longValue());
            }
            if (value instanceof Number n) {
                return new BigDecimal(n.toString());
            }
            if (value instanceof String s) {
                return new BigDecimal(s.trim());
            }
            if (value instanceof AttributeValue av && (av.n() != null || av.s() != null)) {
                return new BigDecimal(av.n() != null ? av.n() : av.s().trim());
            }
        } catch (NumberFormatException e) {
            throw typeMismatch(field, value, "a number");
        }
        throw typeMismatch(field, value, "a number");
    }

    private static byte[] asBytes(KeyField field, Object value) {
        if (value instanceof byte[] bytes) {
            return bytes;
        }
        if (value instanceof SdkBytes bytes) {
            return bytes.asByteArray();
        }
        if (value instanceof ByteBuffer buffer) {
            byte[] bytes = new byte[buffer.remaining()];
            buffer.duplicate().get(bytes);
            return bytes;
        }
        if (value instanceof AttributeValue av && av.b() != null) {
            return av.b().asByteArray();
        }
        throw typeMismatch(field, value, "binary (byte[] or SdkBytes)");
    }

    private static InvalidKeyException typeMismatch(KeyField field, Object value, String expected) {
        String shown = value == null ? "null" : value.getClass().getSimpleName() + " " + value;
        return new InvalidKeyException("Key field '" + field.name() + "' must be " + expected + " but was "
                + shown + ".");
    }
}
