/**
 * PartiQL for DynamoDB: the {@code Lexer} and {@code Parser} of SELECT, INSERT, UPDATE and DELETE statements and the
 * {@link PartiqlEngine} that runs them on the engine, singly, in batches and in transactions.
 */
@NullMarked
package io.dynamodbtoolkit.embedded.partiql;

import org.jspecify.annotations.NullMarked;
