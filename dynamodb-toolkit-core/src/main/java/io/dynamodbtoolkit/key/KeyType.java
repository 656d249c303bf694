package io.dynamodbtoolkit.key;

import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/** The scalar type of a key field, as DynamoDB stores it when the field is a key attribute of its own. */
public enum KeyType {
    /** A string ({@code S}). */
    STRING(ScalarAttributeType.S),
    /** A number ({@code N}); inside a composite key it is a non-negative integer zero-padded to a fixed width. */
    NUMBER(ScalarAttributeType.N),
    /** Binary ({@code B}); inside a composite key it is written as lower-case hex, which keeps byte order. */
    BINARY(ScalarAttributeType.B);

    private final ScalarAttributeType scalarType;

    KeyType(ScalarAttributeType scalarType) {
        this.scalarType = scalarType;
    }

    /** @return the DynamoDB attribute type used when this field is a key attribute of its own */
    public ScalarAttributeType scalarType() {
        return scalarType;
    }
}
