package io.dynamodbtoolkit.embedded.expression;

import io.dynamodbtoolkit.embedded.expression.Operand.ValueOperand;

/** One action of an UpdateExpression. */
public sealed interface UpdateAction {

    /** The path the action writes. */
    DocumentPath path();

    /** {@code SET path = value}. */
    record Set(DocumentPath path, Operand value) implements UpdateAction {
    }

    /** {@code REMOVE path}. */
    record Remove(DocumentPath path) implements UpdateAction {
    }

    /** {@code ADD path :value} (numbers and sets). */
    record Add(DocumentPath path, ValueOperand value) implements UpdateAction {
    }

    /** {@code DELETE path :set}. */
    record Delete(DocumentPath path, ValueOperand value) implements UpdateAction {
    }
}
