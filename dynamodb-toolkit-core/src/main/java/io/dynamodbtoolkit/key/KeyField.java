package io.dynamodbtoolkit.key;

import java.util.Objects;

/**
 * One field of a key: its attribute name, its type and, for numbers inside a composite key, the fixed width
 * that makes lexicographic order match numeric order.
 *
 * @param name the attribute name; the field is also stored as an ordinary attribute of the item
 * @param type the field's type
 * @param width for {@link KeyType#NUMBER} inside a composite key: the number of digits to zero-pad to;
 *              {@code null} when not declared
 */
public record KeyField(String name, KeyType type, Integer width) {

    /** The most digits a DynamoDB number holds. */
    public static final int MAX_NUMBER_WIDTH = 38;

    public KeyField {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
    }

    /** @return a string key field */
    public static KeyField string(String name) {
        return new KeyField(name, KeyType.STRING, null);
    }

    /** @return a number key field with no width: usable as a partition key or a plain sort key, not in a composite */
    public static KeyField number(String name) {
        return new KeyField(name, KeyType.NUMBER, null);
    }

    /** @return a number key field zero-padded to {@code width} digits inside composite keys */
    public static KeyField number(String name, int width) {
        return new KeyField(name, KeyType.NUMBER, width);
    }

    /**
     * @return a value as this field's own attribute ({@code S}, canonical {@code N} or {@code B}), from a Java value
     *         or an attribute value
     * @throws InvalidKeyException when the value does not fit the field's type
     */
    public software.amazon.awssdk.services.dynamodb.model.AttributeValue toAttributeValue(Object value) {
        return KeyValueCodec.toAttributeValue(this, value);
    }

    /** @return a binary key field */
    public static KeyField binary(String name) {
        return new KeyField(name, KeyType.BINARY, null);
    }
}
