package io.dynamodbtoolkit.expression;

import java.util.List;

import io.dynamodbtoolkit.DeclarationException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * One key attribute of a table or index: its name and its scalar type.
 *
 * @param name the attribute name
 * @param type S, N or B
 */
public record KeyAttribute(String name, ScalarAttributeType type) {

    /**
     * Validates the attribute.
     *
     * @param name the attribute name
     * @param type S, N or B
     */
    public KeyAttribute {
        if (name == null || name.isEmpty()) {
            throw new DeclarationException("KeyAttribute.name", "the name is empty", "name the key attribute");
        }
        if (type == null || type == ScalarAttributeType.UNKNOWN_TO_SDK_VERSION) {
            throw new DeclarationException("KeyAttribute[" + name + "].type", "the type is missing",
                    "give the key attribute's type: S, N or B");
        }
    }

    /**
     * Shorthand for the constructor.
     *
     * @param name the attribute name
     * @param type S, N or B
     * @return the key attribute
     */
    public static KeyAttribute of(String name, ScalarAttributeType type) {
        return new KeyAttribute(name, type);
    }

    /**
     * The position of the attribute with a name in a list.
     *
     * @param attributes the attributes
     * @param name       an attribute name
     * @return its position, or -1
     */
    public static int indexOf(List<KeyAttribute> attributes, String name) {
        for (int i = 0; i < attributes.size(); i++) {
            if (attributes.get(i).name().equals(name)) {
                return i;
            }
        }
        return -1;
    }

    /**
     * The names of attributes, for messages.
     *
     * @param attributes the attributes
     * @return e.g. {@code a, b}
     */
    public static String names(List<KeyAttribute> attributes) {
        return String.join(", ", attributes.stream().map(KeyAttribute::name).toList());
    }
}
