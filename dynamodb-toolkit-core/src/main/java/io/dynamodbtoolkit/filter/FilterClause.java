package io.dynamodbtoolkit.filter;

import java.util.List;
import io.dynamodbtoolkit.expression.AttributeOperand;
import io.dynamodbtoolkit.expression.AttributePath;
import io.dynamodbtoolkit.expression.Condition;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * One parsed, allowlisted and typed filter clause, e.g. {@code btw-price=10,20}.
 *
 * @param rule     the field's rule
 * @param operator the operator
 * @param values   the typed values: none for ex/nx, two for btw, one or more for in, else one
 * @param rawValue the value text as given (for messages)
 */
public record FilterClause(FieldRule rule, FilterOperator operator, List<AttributeValue> values,
        @Nullable String rawValue) {

    /**
     * Copies the values.
     *
     * @param rule     the field's rule
     * @param operator the operator
     * @param values   the typed values
     * @param rawValue the value text as given
     */
    public FilterClause {
        values = List.copyOf(values);
    }

    /**
     * The field name.
     *
     * @return the field
     */
    public String field() {
        return rule.field();
    }

    /**
     * The attribute the clause filters.
     *
     * @return the path
     */
    public AttributePath attribute() {
        return rule.attribute();
    }

    /**
     * The first (for most operators the only) value.
     *
     * @return the value
     * @throws IllegalStateException for ex/nx, which have none
     */
    public AttributeValue value() {
        if (values.isEmpty()) {
            throw new IllegalStateException(operator.token() + " has no value");
        }
        return values.get(0);
    }

    /**
     * The clause as a condition on its attribute.
     *
     * @return the condition
     */
    public Condition toCondition() {
        AttributeOperand attribute = Condition.attribute(rule.attribute());
        return switch (operator) {
            case EQ -> attribute.eq(value());
            case NE -> attribute.ne(value());
            case LT -> attribute.lt(value());
            case LE -> attribute.le(value());
            case GT -> attribute.gt(value());
            case GE -> attribute.ge(value());
            case IN -> attribute.in(values);
            case BTW -> attribute.between(values.get(0), values.get(1));
            case BEG -> attribute.beginsWith(value());
            case CT -> attribute.contains(value());
            case EX -> attribute.exists();
            case NX -> attribute.notExists();
        };
    }

    /** The clause in grammar form, e.g. {@code btw-price=10,20}. */
    @Override
    public String toString() {
        return operator.token() + "-" + rule.field() + (rawValue == null ? "" : "=" + rawValue);
    }
}
