package io.dynamodbtoolkit.key;

import java.util.Objects;

import io.dynamodbtoolkit.DeclarationException;
import org.jspecify.annotations.Nullable;

/**
 * One field of a key: its attribute name, its type and, inside a composite key, an optional fixed width: the digits
 * a number is zero-padded to (so that lexicographic order matches numeric order), or the exact length of every
 * string value (values the application pads itself, such as {@code "0042"}). A fixed-width component can take a
 * range in a key condition: no value extends another, so a range never catches a longer sibling or a child row.
 *
 * @param name the attribute name; the field is also stored as an ordinary attribute of the item
 * @param type the field's type
 * @param width for {@link KeyType#NUMBER}: the number of digits to zero-pad to inside a composite key; for
 *              {@link KeyType#STRING}: the exact number of characters (code points) of every value; {@code null}
 *              when not declared
 */
public record KeyField(String name, KeyType type, @Nullable Integer width) {

    /** The most digits a DynamoDB number holds. */
    public static final int MAX_NUMBER_WIDTH = 38;
    /** The most characters a fixed-width string component may have (DynamoDB's sort keys hold 1,024 bytes). */
    public static final int MAX_STRING_WIDTH = 1024;

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

    /** @return a string key field whose every value has exactly {@code width} characters (padded by the application) */
    public static KeyField string(String name, int width) {
        return new KeyField(name, KeyType.STRING, width);
    }

    /**
     * Checks the declared width against the type: numbers take 1 to {@value #MAX_NUMBER_WIDTH} digits, strings 1 to
     * {@value #MAX_STRING_WIDTH} characters, binary values no width.
     *
     * @param property the property the field is declared at, for the message
     * @throws DeclarationException naming {@code property.width} and the fix
     */
    public void requireValidWidth(String property) {
        if (width == null) {
            return;
        }
        if (type == KeyType.BINARY) {
            throw new DeclarationException(property + ".width", "'" + name + "' is a binary field with a width",
                    "remove the width; only number fields (zero-padded) and string fields (fixed length) take one");
        }
        int max = type == KeyType.NUMBER ? MAX_NUMBER_WIDTH : MAX_STRING_WIDTH;
        if (width < 1 || width > max) {
            throw new DeclarationException(property + ".width", "width " + width + " of '" + name + "' is out of "
                    + "range", "use a width from 1 to " + max + (type == KeyType.NUMBER ? " (DynamoDB numbers hold at "
                    + "most 38 digits)" : " characters"));
        }
    }

    /** @return whether every value of this field has one width inside a composite key (a declared width) */
    public boolean isFixedWidth() {
        return width != null;
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
