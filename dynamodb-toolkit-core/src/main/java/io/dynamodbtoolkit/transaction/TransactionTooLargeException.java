package io.dynamodbtoolkit.transaction;

/** A transaction exceeds DynamoDB's limits; refused before anything is sent. */
public class TransactionTooLargeException extends IllegalArgumentException {

    /** @param message which limit and by how much */
    public TransactionTooLargeException(String message) {
        super(message);
    }
}
