/**
 * The engine's own data model: {@link AttributeValue} and its {@link DataType}s, numbers in DynamoDB's canonical
 * form ({@link CanonicalNumbers}), binary values, the order of key values ({@link ValueOrder}) and item sizes.
 */
@NullMarked
package io.dynamodbtoolkit.embedded.model;

import org.jspecify.annotations.NullMarked;
