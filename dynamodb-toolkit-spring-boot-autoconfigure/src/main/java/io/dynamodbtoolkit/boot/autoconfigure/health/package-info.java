/**
 * The health indicator of the adapters' tables ({@link DynamoDbToolkitHealthIndicator}) and its
 * auto-configuration.
 */
@NullMarked
package io.dynamodbtoolkit.boot.autoconfigure.health;

import org.jspecify.annotations.NullMarked;
