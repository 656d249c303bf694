package io.dynamodbtoolkit.index;

import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/** Checks of the values an item offers as index key attributes. */
final class IndexKeyValues {

    private IndexKeyValues() {
    }

    /** @return whether a value is absent or a DynamoDB null (never an index key) */
    static boolean isAbsent(@Nullable AttributeValue value) {
        return value == null || Boolean.TRUE.equals(value.nul());
    }

    /**
     * @throws IllegalArgumentException when a present value is not of the key attribute's type, which DynamoDB
     *                                  would reject on write
     */
    static AttributeValue requireType(String attribute, ScalarAttributeType type, AttributeValue value) {
        boolean matches = switch (type) {
            case S -> value.s() != null;
            case N -> value.n() != null;
            case B -> value.b() != null;
            default -> false;
        };
        if (!matches) {
            throw new IllegalArgumentException("Attribute '" + attribute + "' is an index key of type " + type
                    + " but the item has " + value.type() + "; an index key must have its declared type");
        }
        if (type == ScalarAttributeType.S && value.s().isEmpty()) {
            throw new IllegalArgumentException("Attribute '" + attribute + "' is an index key and is an empty "
                    + "string, which DynamoDB refuses; remove it instead to leave the index");
        }
        return value;
    }
}
