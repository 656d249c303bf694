/**
 * JUnit 5 support for tests that talk to a real DynamoDB-compatible server: {@link DynamoDbTest} and
 * {@link DynamoDbExtension} inject a client, {@link TestTables} with unique table names per test class, and a
 * {@link RequestLog} of the calls made. {@link FaultInjectingDynamoDbClient} wraps a client to inject throttling,
 * server errors and partial batches at chosen rates.
 */
@NullMarked
package io.dynamodbtoolkit.test;

import org.jspecify.annotations.NullMarked;
