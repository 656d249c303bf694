package io.dynamodbtoolkit.embedded.expression;

import io.dynamodbtoolkit.embedded.expression.ParsedOperand.ValueOperand;

/** One action of an UpdateExpression. */
public sealed interface ParsedUpdateAction {

    /** The path the action writes. */
    DocumentPath path();

    /** {@code SET path = value}. */
    record Set(DocumentPath path, ParsedOperand value) implements ParsedUpdateAction {
    }

    /** {@code REMOVE path}. */
    record Remove(DocumentPath path) implements ParsedUpdateAction {
    }

    /** {@code ADD path :value} (numbers and sets). */
    record Add(DocumentPath path, ValueOperand value) implements ParsedUpdateAction {
    }

    /** {@code DELETE path :set}. */
    record Delete(DocumentPath path, ValueOperand value) implements ParsedUpdateAction {
    }
}
