package io.dynamodbtoolkit.embedded.expression;

import io.dynamodbtoolkit.embedded.error.DynamoDbException;
import io.dynamodbtoolkit.embedded.model.AttributeValue;
import io.dynamodbtoolkit.embedded.model.AttributeValue.BinarySetValue;
import io.dynamodbtoolkit.embedded.model.AttributeValue.BinaryValue;
import io.dynamodbtoolkit.embedded.model.AttributeValue.ListValue;
import io.dynamodbtoolkit.embedded.model.AttributeValue.MapValue;
import io.dynamodbtoolkit.embedded.model.AttributeValue.NumberSetValue;
import io.dynamodbtoolkit.embedded.model.AttributeValue.NumberValue;
import io.dynamodbtoolkit.embedded.model.AttributeValue.StringSetValue;
import io.dynamodbtoolkit.embedded.model.AttributeValue.StringValue;
import io.dynamodbtoolkit.embedded.error.NumberValidation;
import io.dynamodbtoolkit.embedded.model.Utf8;
import org.jspecify.annotations.Nullable;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** An operand of an expression: a document path, a value placeholder or a function returning a value. */
public sealed interface ParsedOperand {

    /** The operand's value against the item, or {@code null} when it refers to nothing. */
    @Nullable AttributeValue evaluate(Map<String, AttributeValue> item);

    /** A document path. */
    record PathOperand(DocumentPath path) implements ParsedOperand {
        @Override
        public @Nullable AttributeValue evaluate(Map<String, AttributeValue> item) {
            return path.resolve(item);
        }
    }

    /** A {@code :value} placeholder with its value from ExpressionAttributeValues. */
    record ValueOperand(String placeholder, AttributeValue value) implements ParsedOperand {
        @Override
        public AttributeValue evaluate(Map<String, AttributeValue> item) {
            return value;
        }
    }

    /** {@code size(path)}: length of a string or binary, number of elements of a set, list or map. */
    record Size(DocumentPath path) implements ParsedOperand {
        @Override
        public @Nullable AttributeValue evaluate(Map<String, AttributeValue> item) {
            AttributeValue value = path.resolve(item);
            if (value == null) {
                return null;
            }
            Integer size = null;
            if (value instanceof StringValue s) {
                size = Utf8.length(s.value());
            } else if (value instanceof BinaryValue b) {
                size = b.value().length();
            } else if (value instanceof StringSetValue s) {
                size = s.values().size();
            } else if (value instanceof NumberSetValue s) {
                size = s.values().size();
            } else if (value instanceof BinarySetValue s) {
                size = s.values().size();
            } else if (value instanceof ListValue l) {
                size = l.values().size();
            } else if (value instanceof MapValue m) {
                size = m.values().size();
            }
            return size == null ? null : AttributeValue.number(size);
        }
    }

    /** {@code if_not_exists(path, operand)} (update expressions only). */
    record IfNotExists(DocumentPath path, ParsedOperand fallback) implements ParsedOperand {
        @Override
        public AttributeValue evaluate(Map<String, AttributeValue> item) {
            AttributeValue value = path.resolve(item);
            return value != null ? value : UpdateValues.require(fallback.evaluate(item));
        }
    }

    /** {@code list_append(a, b)} (update expressions only). */
    record ListAppend(ParsedOperand first, ParsedOperand second) implements ParsedOperand {
        @Override
        public AttributeValue evaluate(Map<String, AttributeValue> item) {
            AttributeValue a = UpdateValues.require(first.evaluate(item));
            AttributeValue b = UpdateValues.require(second.evaluate(item));
            if (!(a instanceof ListValue x) || !(b instanceof ListValue y)) {
                throw UpdateValues.incorrectDataType();
            }
            List<AttributeValue> joined = new ArrayList<>(x.values());
            joined.addAll(y.values());
            return new ListValue(joined);
        }
    }

    /** {@code a + b} or {@code a - b} on numbers (update expressions only). */
    record Arithmetic(ParsedOperand left, char operator, ParsedOperand right) implements ParsedOperand {
        private static final MathContext PRECISION = new MathContext(38);

        @Override
        public AttributeValue evaluate(Map<String, AttributeValue> item) {
            AttributeValue a = UpdateValues.require(left.evaluate(item));
            AttributeValue b = UpdateValues.require(right.evaluate(item));
            if (!(a instanceof NumberValue x) || !(b instanceof NumberValue y)) {
                throw UpdateValues.incorrectDataType();
            }
            BigDecimal result = operator == '+' ? x.value().add(y.value(), PRECISION)
                    : x.value().subtract(y.value(), PRECISION);
            return new NumberValue(NumberValidation.parse(result.toString()));
        }
    }

    /** Errors of update-expression evaluation shared by the update operands. */
    final class UpdateValues {
        private UpdateValues() {
        }

        static AttributeValue require(@Nullable AttributeValue value) {
            if (value == null) {
                throw DynamoDbException.validation(
                        "The provided expression refers to an attribute that does not exist in the item");
            }
            return value;
        }

        static DynamoDbException incorrectDataType() {
            return DynamoDbException.validation("An operand in the update expression has an incorrect data type");
        }
    }
}
