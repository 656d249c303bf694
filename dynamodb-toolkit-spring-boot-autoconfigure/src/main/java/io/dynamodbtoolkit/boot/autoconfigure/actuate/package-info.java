/**
 * The {@code dynamodbtoolkit} actuator endpoint ({@link DynamoDbToolkitEndpoint}): the adapters, their tables,
 * indexes and index evolution, and its auto-configuration.
 */
@NullMarked
package io.dynamodbtoolkit.boot.autoconfigure.actuate;

import org.jspecify.annotations.NullMarked;
