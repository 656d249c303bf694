/**
 * A DynamoDB-compatible server in pure Java, inside the JVM or standalone: {@link EmbeddedDynamoDb} starts one (in
 * memory or kept in a data directory) and {@link EmbeddedDynamoDbServer} runs it from the command line. The engine,
 * the wire protocol, persistence and fault injection live in the sub-packages.
 */
@NullMarked
package io.dynamodbtoolkit.embedded;

import org.jspecify.annotations.NullMarked;
