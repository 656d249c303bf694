/**
 * DynamoDB's expression language: the {@code Tokenizer} and {@link ExpressionParser} of condition, filter, key
 * condition, projection and update expressions, their parsed forms, evaluation against items, and the legacy
 * comparison operators older clients send.
 */
@NullMarked
package io.dynamodbtoolkit.embedded.expression;

import org.jspecify.annotations.NullMarked;
