package io.dynamodbtoolkit.embedded.partiql;

import io.dynamodbtoolkit.embedded.error.DynamoDbException;

/** The errors DynamoDB answers to PartiQL statements it cannot run. */
final class PartiqlErrors {

    private PartiqlErrors() {
    }

    /** A statement that does not parse. */
    static DynamoDbException malformed(String detail) {
        return DynamoDbException.validation("Statement wasn't well formed, can't be processed: " + detail);
    }

    /** A statement that parses but that PartiQL for DynamoDB does not run. */
    static DynamoDbException unsupported(String detail) {
        return DynamoDbException.validation("Unsupported operation: " + detail);
    }

    /** A write whose WHERE clause does not name one item by its whole primary key. */
    static DynamoDbException keyRequired() {
        return DynamoDbException.validation("Where clause does not contain a mandatory equality on all key attributes");
    }
}
