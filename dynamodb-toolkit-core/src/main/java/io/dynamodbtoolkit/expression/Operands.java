package io.dynamodbtoolkit.expression;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Builds and checks the operands of conditions, with messages that say what DynamoDB would reject. */
final class Operands {


    private Operands() {
    }

    /** A path operand for an {@link AttributePath}, a value operand for anything else. */
    static Operand of(Object valueOrPath) {
        if (valueOrPath instanceof AttributePath path) {
            return new Operand.Path(path);
        }
        return new Operand.Value(AttributeValues.toAttributeValue(valueOrPath));
    }

    static Condition compare(Operand left, ComparisonOperator operator, Operand right) {
        if (operator.isOrdering()) {
            requireOrderable(right, operator.symbol());
        }
        return new ComparisonCondition(left, operator, right);
    }

    static Condition between(Operand operand, Operand low, Operand high) {
        requireOrderable(low, "BETWEEN");
        requireOrderable(high, "BETWEEN");
        if (low instanceof Operand.Value lowValue && high instanceof Operand.Value highValue) {
            AttributeValue lower = lowValue.value();
            AttributeValue upper = highValue.value();
            if (lower.type() != upper.type()) {
                throw new IllegalArgumentException("BETWEEN bounds must have the same type, got "
                        + AttributeValues.typeCode(lower) + " and " + AttributeValues.typeCode(upper));
            }
            if (AttributeValues.compareScalars(lower, upper) > 0) {
                throw new IllegalArgumentException("BETWEEN needs the low bound first: " + display(lower)
                        + " is greater than " + display(upper) + "; swap them");
            }
        }
        return new BetweenCondition(operand, low, high);
    }

    static Condition in(Operand operand, @Nullable Collection<?> candidates) {
        if (candidates == null || candidates.isEmpty() || candidates.size() > AttributeOperand.MAX_IN_VALUES) {
            int count = candidates == null ? 0 : candidates.size();
            throw new IllegalArgumentException("IN takes 1 to " + AttributeOperand.MAX_IN_VALUES + " values, got "
                    + count + (count > AttributeOperand.MAX_IN_VALUES
                            ? "; split the values over several conditions joined with OR" : ""));
        }
        List<Operand> operands = new ArrayList<>(candidates.size());
        for (Object candidate : candidates) {
            operands.add(of(candidate));
        }
        return new InCondition(operand, operands);
    }

    static void requireOrderable(Operand operand, String operator) {
        if (operand instanceof Operand.Value value && !AttributeValues.isScalarKeyType(value.value())) {
            throw new IllegalArgumentException("The operator " + operator
                    + " compares strings, numbers or binaries only; got a " + AttributeValues.typeCode(value.value())
                    + " value " + display(value.value()));
        }
    }

    static String display(AttributeValue value) {
        return switch (value.type()) {
            case S -> "\"" + value.s() + "\"";
            case N -> value.n();
            default -> value.toString();
        };
    }
}
