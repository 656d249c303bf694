/**
 * The template layer: {@link DynamoDbToolkitOperations} and its {@link DynamoDbToolkitTemplate} (reads, writes,
 * atomic updates, mass operations and transactions over the adapters, with exceptions translated to Spring's
 * {@code DataAccessException}s), their reactive twins, and the {@link ScopeProvider} that confines every call to the
 * caller's part of the key space.
 */
@NullMarked
package io.dynamodbtoolkit.springdata.core;

import org.jspecify.annotations.NullMarked;
