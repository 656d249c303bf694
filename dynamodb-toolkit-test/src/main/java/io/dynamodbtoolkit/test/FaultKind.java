package io.dynamodbtoolkit.test;

/** The kinds of fault a {@link FaultInjectingDynamoDbClient} injects, each counted separately. */
public enum FaultKind {
    /** A BatchWriteItem call sent only part of its write requests and returned the rest as UnprocessedItems. */
    UNPROCESSED_ITEMS,
    /** A BatchGetItem call sent only part of its keys and returned the rest as UnprocessedKeys. */
    UNPROCESSED_KEYS,
    /** A call failed with ProvisionedThroughputExceededException (HTTP 400) without reaching the server. */
    THROTTLING,
    /** A call failed with InternalServerErrorException (HTTP 500) without reaching the server. */
    SERVER_ERROR
}
