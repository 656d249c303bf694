package io.dynamodbtoolkit.embedded.error;

/**
 * The error types this engine returns, with the wire name ({@code __type}) and HTTP status DynamoDB uses for each.
 */
public enum ErrorCode {
    VALIDATION("com.amazon.coral.validate#ValidationException", 400),
    SERIALIZATION("com.amazon.coral.service#SerializationException", 400),
    UNKNOWN_OPERATION("com.amazon.coral.service#UnknownOperationException", 400),
    CONDITIONAL_CHECK_FAILED("com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException", 400),
    RESOURCE_NOT_FOUND("com.amazonaws.dynamodb.v20120810#ResourceNotFoundException", 400),
    DUPLICATE_ITEM("com.amazonaws.dynamodb.v20120810#DuplicateItemException", 400),
    TABLE_NOT_FOUND("com.amazonaws.dynamodb.v20120810#TableNotFoundException", 400),
    RESOURCE_IN_USE("com.amazonaws.dynamodb.v20120810#ResourceInUseException", 400),
    LIMIT_EXCEEDED("com.amazonaws.dynamodb.v20120810#LimitExceededException", 400),
    TRANSACTION_CANCELED("com.amazonaws.dynamodb.v20120810#TransactionCanceledException", 400),
    IDEMPOTENT_PARAMETER_MISMATCH("com.amazonaws.dynamodb.v20120810#IdempotentParameterMismatchException", 400),
    PROVISIONED_THROUGHPUT_EXCEEDED("com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException", 400),
    EXPIRED_ITERATOR("com.amazonaws.dynamodb.v20120810#ExpiredIteratorException", 400),
    TRIMMED_DATA_ACCESS("com.amazonaws.dynamodb.v20120810#TrimmedDataAccessException", 400),
    INTERNAL_SERVER_ERROR("com.amazonaws.dynamodb.v20120810#InternalServerError", 500),
    SERVICE_UNAVAILABLE("com.amazonaws.dynamodb.v20120810#ServiceUnavailableException", 503);

    private final String wireType;
    private final int httpStatus;

    ErrorCode(String wireType, int httpStatus) {
        this.wireType = wireType;
        this.httpStatus = httpStatus;
    }

    /** The value of the {@code __type} field of the error response. */
    public String wireType() {
        return wireType;
    }

    /** The HTTP status code of the error response. */
    public int httpStatus() {
        return httpStatus;
    }
}
