package io.dynamodbtoolkit.embedded.differential;

import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

import java.util.Set;
import java.util.function.Function;

/**
 * One operation of a randomized scenario, run against each server; its outcome is the canonical text of the
 * response (or of the error).
 *
 * @param description what the step does, for failure messages
 * @param traits      what is special about the request (see {@link Trait}), for the deviation allowlist
 * @param call        the call, returning the canonical outcome
 */
record Step(String description, Set<Trait> traits, Function<DynamoDbClient, String> call) {

    /** Properties of a request that some deviations depend on. */
    enum Trait {
        /** UpdateItem with ReturnValues UPDATED_OLD or UPDATED_NEW. */
        RETURNS_UPDATED_VALUES,
        /** A key whose attribute has the wrong type. */
        MISTYPED_KEY,
        /** An ExpressionAttributeValues entry no expression uses. */
        UNUSED_VALUE,
        /** A FilterExpression {@code v BETWEEN :lo AND :hi}. */
        BETWEEN_FILTER,
        /** A QueryFilter or ScanFilter with NE or NOT_CONTAINS. */
        NEGATIVE_FILTER
    }

    Step(String description, Function<DynamoDbClient, String> call) {
        this(description, Set.of(), call);
    }

    String run(DynamoDbClient client) {
        try {
            return call.apply(client);
        } catch (AwsServiceException e) {
            return Canonical.error(e);
        }
    }
}
