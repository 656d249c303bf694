package io.dynamodbtoolkit.filter;

import java.math.BigDecimal;
import java.util.Base64;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;
import io.dynamodbtoolkit.expression.AttributeValues;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * The type of a filterable field: how a clause's text value is coerced, and which operators make sense.
 */
public enum FieldType {
    /** Text, taken verbatim. All operators. */
    STRING(ScalarAttributeType.S, EnumSet.allOf(FilterOperator.class)),
    /** A decimal number ({@code 42}, {@code -1.5}, {@code 1e3}). All operators but {@code beg}. */
    NUMBER(ScalarAttributeType.N, EnumSet.complementOf(EnumSet.of(FilterOperator.BEG))),
    /** {@code true} or {@code false}, any case. Operators eq, ne, in, ex, nx. */
    BOOLEAN(null, EnumSet.of(FilterOperator.EQ, FilterOperator.NE, FilterOperator.IN, FilterOperator.EX,
            FilterOperator.NX)),
    /** Bytes given in base64 (standard or URL-safe alphabet). All operators. */
    BINARY(ScalarAttributeType.B, EnumSet.allOf(FilterOperator.class));

    private final @Nullable ScalarAttributeType keyType;
    private final Set<FilterOperator> applicableOperators;

    FieldType(@Nullable ScalarAttributeType keyType, Set<FilterOperator> applicableOperators) {
        this.keyType = keyType;
        this.applicableOperators = Collections.unmodifiableSet(applicableOperators);
    }

    /**
     * The operators that make sense for this type; a {@link FieldRule} allows these unless restricted.
     *
     * @return an unmodifiable set
     */
    public Set<FilterOperator> applicableOperators() {
        return applicableOperators;
    }

    /**
     * The key attribute type that stores this field type, or {@code null} for BOOLEAN (never a key type).
     *
     * @return S, N, B or {@code null}
     */
    public @Nullable ScalarAttributeType keyType() {
        return keyType;
    }

    /**
     * Coerces a clause's text to a value of this type.
     *
     * @param text the text
     * @return the value
     * @throws IllegalArgumentException saying what text was expected
     */
    AttributeValue coerce(String text) {
        switch (this) {
            case STRING:
                return AttributeValue.fromS(text);
            case NUMBER: {
                BigDecimal number;
                try {
                    number = new BigDecimal(text);
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("'" + text
                            + "' is not a number (expected e.g. 42, -1.5 or 1e3)");
                }
                return AttributeValues.toAttributeValue(number);
            }
            case BOOLEAN: {
                String lower = text.toLowerCase(Locale.ROOT);
                if (!lower.equals("true") && !lower.equals("false")) {
                    throw new IllegalArgumentException("'" + text + "' is not a boolean (expected true or false)");
                }
                return AttributeValue.fromBool(Boolean.parseBoolean(lower));
            }
            default:
                return AttributeValue.fromB(SdkBytes.fromByteArray(decodeBase64(text)));
        }
    }

    private static byte[] decodeBase64(String text) {
        try {
            return Base64.getDecoder().decode(text);
        } catch (IllegalArgumentException standard) {
            try {
                return Base64.getUrlDecoder().decode(text);
            } catch (IllegalArgumentException urlSafe) {
                throw new IllegalArgumentException("'" + text + "' is not base64 (standard or URL-safe alphabet)");
            }
        }
    }
}
