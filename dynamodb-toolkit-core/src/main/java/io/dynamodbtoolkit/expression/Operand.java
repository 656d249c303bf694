package io.dynamodbtoolkit.expression;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** One side of a comparison: an attribute path, a value, or {@code size(path)}. */
sealed interface Operand permits Operand.Path, Operand.Value, Operand.Size {

    String render(Placeholders placeholders);

    /** The value of an attribute. */
    record Path(AttributePath path) implements Operand {
        @Override
        public String render(Placeholders placeholders) {
            return placeholders.path(path);
        }
    }

    /** A literal value, always rendered as a placeholder. */
    record Value(AttributeValue value) implements Operand {
        @Override
        public String render(Placeholders placeholders) {
            return placeholders.value(value);
        }
    }

    /** {@code size(path)}. */
    record Size(AttributePath path) implements Operand {
        @Override
        public String render(Placeholders placeholders) {
            return "size(" + placeholders.path(path) + ")";
        }
    }
}
