package io.dynamodbtoolkit.expression;

/**
 * The DynamoDB data types, as tested by {@code attribute_type} in a condition
 * ({@link AttributeOperand#hasType(AttributeType)}).
 */
public enum AttributeType {
    /** String. */
    S,
    /** Number. */
    N,
    /** Binary. */
    B,
    /** Boolean. */
    BOOL,
    /** Null. */
    NULL,
    /** List. */
    L,
    /** Map. */
    M,
    /** String set. */
    SS,
    /** Number set. */
    NS,
    /** Binary set. */
    BS;

    /**
     * The type code DynamoDB uses in {@code attribute_type}, e.g. {@code "BOOL"}.
     *
     * @return the code
     */
    public String code() {
        return name();
    }
}
