/**
 * The toolkit without Spring: the exceptions every package shares ({@link DynamoDbToolkitException}, the base of
 * the toolkit's failures, and {@link DeclarationException}, a refused declaration naming the property and the
 * fix). The key model, expressions, the adapter, batches, mass operations and provisioning live in the
 * sub-packages.
 */
@NullMarked
package io.dynamodbtoolkit;

import org.jspecify.annotations.NullMarked;
