/**
 * The errors the engine answers with: {@link DynamoDbException} with its {@link ErrorCode} (the wire name and HTTP
 * status DynamoDB uses) and the {@link CancellationReason}s of a cancelled transaction.
 */
@NullMarked
package io.dynamodbtoolkit.embedded.error;

import org.jspecify.annotations.NullMarked;
