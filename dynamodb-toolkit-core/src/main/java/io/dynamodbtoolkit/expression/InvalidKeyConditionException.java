package io.dynamodbtoolkit.expression;

/**
 * A key condition that DynamoDB would reject (or that does not fit the table's or index's key schema), raised
 * before anything is sent. The message says what to change.
 */
public class InvalidKeyConditionException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message what is wrong and what to do
     */
    public InvalidKeyConditionException(String message) {
        super(message);
    }
}
