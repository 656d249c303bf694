package io.dynamodbtoolkit.expression;

import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * One key attribute of a table or index: its name and its scalar type.
 *
 * @param name the attribute name
 * @param type S, N or B
 */
public record KeyAttribute(String name, ScalarAttributeType type) {

    /** Validates the attribute. */
    public KeyAttribute {
        if (name == null || name.isEmpty()) {
            throw new IllegalArgumentException("A key attribute needs a name");
        }
        if (type == null || type == ScalarAttributeType.UNKNOWN_TO_SDK_VERSION) {
            throw new IllegalArgumentException("Key attribute '" + name + "' needs a type: S, N or B");
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
}
