/**
 * What the {@code dynamodb.toolkit.*} properties bind to: {@link
 * io.dynamodbtoolkit.boot.autoconfigure.properties.DynamoDbToolkitProperties} and the per-adapter declarations
 * (tables, key fields, indexes, REST export). A leaf package: the auto-configurations read it, it reads none of them.
 */
@NullMarked
package io.dynamodbtoolkit.boot.autoconfigure.properties;

import org.jspecify.annotations.NullMarked;
