/**
 * The embedded engine at start-up: {@link EmbeddedDynamoDbAutoConfiguration} starts it and points the client at it
 * when it is on the class path and no endpoint is configured, and explains when it was asked for but is missing.
 */
@NullMarked
package io.dynamodbtoolkit.boot.autoconfigure.embedded;

import org.jspecify.annotations.NullMarked;
