/**
 * A DynamoDB-compatible server in pure Java, inside the JVM or standalone: {@link EmbeddedDynamoDb} starts one
 * (in memory or kept in a data directory, with its {@link Durability} and {@link Recovery}),
 * {@link EmbeddedDynamoDbServer} runs it from the command line, and {@link FaultInjection} makes it throttle or fail
 * on purpose. The engine, the wire protocol and persistence live in the sub-packages.
 */
package io.dynamodbtoolkit.embedded;
