package io.dynamodbtoolkit.embedded.expression;

import io.dynamodbtoolkit.embedded.model.AttributeValue;
import io.dynamodbtoolkit.embedded.model.AttributeValue.BinarySetValue;
import io.dynamodbtoolkit.embedded.model.AttributeValue.BinaryValue;
import io.dynamodbtoolkit.embedded.model.AttributeValue.ListValue;
import io.dynamodbtoolkit.embedded.model.AttributeValue.NumberSetValue;
import io.dynamodbtoolkit.embedded.model.AttributeValue.NumberValue;
import io.dynamodbtoolkit.embedded.model.AttributeValue.StringSetValue;
import io.dynamodbtoolkit.embedded.model.AttributeValue.StringValue;
import io.dynamodbtoolkit.embedded.model.DataType;
import io.dynamodbtoolkit.embedded.model.ValueOrder;

import java.util.List;
import java.util.Map;

/** A boolean expression of a ConditionExpression, FilterExpression or KeyConditionExpression. */
public sealed interface ParsedCondition {

    /** Whether the item (empty when it does not exist) satisfies the condition. */
    boolean test(Map<String, AttributeValue> item);

    /** The comparison operators. */
    enum Comparator {
        EQ("="), NE("<>"), LT("<"), LE("<="), GT(">"), GE(">=");

        private final String symbol;

        Comparator(String symbol) {
            this.symbol = symbol;
        }

        public String symbol() {
            return symbol;
        }

        /** The operator with its operands swapped ({@code a < b} is {@code b > a}). */
        public Comparator mirrored() {
            return switch (this) {
                case LT -> GT;
                case LE -> GE;
                case GT -> LT;
                case GE -> LE;
                default -> this;
            };
        }

        boolean holds(int comparison) {
            return switch (this) {
                case EQ -> comparison == 0;
                case NE -> comparison != 0;
                case LT -> comparison < 0;
                case LE -> comparison <= 0;
                case GT -> comparison > 0;
                case GE -> comparison >= 0;
            };
        }
    }

    /** {@code left op right}. */
    record Comparison(Comparator comparator, ParsedOperand left, ParsedOperand right) implements ParsedCondition {
        @Override
        public boolean test(Map<String, AttributeValue> item) {
            AttributeValue a = left.evaluate(item);
            AttributeValue b = right.evaluate(item);
            return switch (comparator) {
                case EQ -> a != null && a.equals(b);
                case NE -> a == null || b == null || !a.equals(b);
                default -> a != null && b != null && ValueOrder.comparable(a, b)
                        && comparator.holds(ValueOrder.compare(a, b));
            };
        }
    }

    /** {@code value BETWEEN low AND high}, bounds included. */
    record Between(ParsedOperand value, ParsedOperand low, ParsedOperand high) implements ParsedCondition {
        @Override
        public boolean test(Map<String, AttributeValue> item) {
            AttributeValue v = value.evaluate(item);
            AttributeValue lo = low.evaluate(item);
            AttributeValue hi = high.evaluate(item);
            return v != null && lo != null && hi != null && ValueOrder.comparable(v, lo) && ValueOrder.comparable(v, hi)
                    && ValueOrder.compare(lo, v) <= 0 && ValueOrder.compare(v, hi) <= 0;
        }
    }

    /** {@code value IN (a, b, ...)}. */
    record In(ParsedOperand value, List<ParsedOperand> candidates) implements ParsedCondition {
        @Override
        public boolean test(Map<String, AttributeValue> item) {
            AttributeValue v = value.evaluate(item);
            if (v == null) {
                return false;
            }
            for (ParsedOperand candidate : candidates) {
                if (v.equals(candidate.evaluate(item))) {
                    return true;
                }
            }
            return false;
        }
    }

    record And(ParsedCondition left, ParsedCondition right) implements ParsedCondition {
        @Override
        public boolean test(Map<String, AttributeValue> item) {
            return left.test(item) && right.test(item);
        }
    }

    record Or(ParsedCondition left, ParsedCondition right) implements ParsedCondition {
        @Override
        public boolean test(Map<String, AttributeValue> item) {
            return left.test(item) || right.test(item);
        }
    }

    record Not(ParsedCondition condition) implements ParsedCondition {
        @Override
        public boolean test(Map<String, AttributeValue> item) {
            return !condition.test(item);
        }
    }

    /** {@code attribute_exists(path)}. */
    record AttributeExists(DocumentPath path) implements ParsedCondition {
        @Override
        public boolean test(Map<String, AttributeValue> item) {
            return path.resolve(item) != null;
        }
    }

    /** {@code attribute_not_exists(path)}. */
    record AttributeNotExists(DocumentPath path) implements ParsedCondition {
        @Override
        public boolean test(Map<String, AttributeValue> item) {
            return path.resolve(item) == null;
        }
    }

    /** {@code attribute_type(path, :type)}. */
    record AttributeTypeIs(DocumentPath path, DataType expected) implements ParsedCondition {
        @Override
        public boolean test(Map<String, AttributeValue> item) {
            AttributeValue value = path.resolve(item);
            return value != null && value.type() == expected;
        }
    }

    /** {@code begins_with(path, prefix)} on strings or binary. */
    record BeginsWith(ParsedOperand value, ParsedOperand prefix) implements ParsedCondition {
        @Override
        public boolean test(Map<String, AttributeValue> item) {
            AttributeValue v = value.evaluate(item);
            AttributeValue p = prefix.evaluate(item);
            if (v instanceof StringValue s && p instanceof StringValue ps) {
                return s.value().startsWith(ps.value());
            }
            if (v instanceof BinaryValue b && p instanceof BinaryValue pb) {
                return b.value().startsWith(pb.value());
            }
            return false;
        }
    }

    /** {@code contains(path, operand)}: substring, set member or list element. */
    record Contains(ParsedOperand container, ParsedOperand element) implements ParsedCondition {
        @Override
        public boolean test(Map<String, AttributeValue> item) {
            AttributeValue c = container.evaluate(item);
            AttributeValue e = element.evaluate(item);
            if (c == null || e == null) {
                return false;
            }
            if (c instanceof StringValue s) {
                return e instanceof StringValue es && s.value().contains(es.value());
            }
            if (c instanceof BinaryValue b) {
                return e instanceof BinaryValue eb && b.value().contains(eb.value());
            }
            if (c instanceof StringSetValue set) {
                return e instanceof StringValue es && set.values().contains(es.value());
            }
            if (c instanceof NumberSetValue set) {
                return e instanceof NumberValue en && set.values().contains(en.value());
            }
            if (c instanceof BinarySetValue set) {
                return e instanceof BinaryValue eb && set.values().contains(eb.value());
            }
            return c instanceof ListValue list && list.values().contains(e);
        }
    }
}
