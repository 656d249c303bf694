package io.dynamodbtoolkit.embedded.expression;

import io.dynamodbtoolkit.embedded.expression.Condition.Comparator;
import io.dynamodbtoolkit.embedded.expression.Operand.PathOperand;
import io.dynamodbtoolkit.embedded.expression.Operand.ValueOperand;
import io.dynamodbtoolkit.embedded.model.AttributeType;
import io.dynamodbtoolkit.embedded.model.AttributeValue;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * The comparison operators of the legacy conditional parameters ({@code Expected}, {@code KeyConditions},
 * {@code QueryFilter}, {@code ScanFilter}), each translated into the expression model so that one evaluator serves
 * both: {@code EQ} is {@code a = :v}, {@code NOT_CONTAINS} is {@code NOT contains(a, :v)}, {@code NULL} is
 * {@code attribute_not_exists(a)}, and so on.
 */
public enum ComparisonOperator {
    EQ(1, 1, scalarsAndSets()),
    NE(1, 1, scalarsAndSets()),
    LE(1, 1, scalars()),
    LT(1, 1, scalars()),
    GE(1, 1, scalars()),
    GT(1, 1, scalars()),
    NOT_NULL(0, 0, EnumSet.noneOf(AttributeType.class)),
    NULL(0, 0, EnumSet.noneOf(AttributeType.class)),
    CONTAINS(1, 1, scalars()),
    NOT_CONTAINS(1, 1, scalars()),
    BEGINS_WITH(1, 1, EnumSet.of(AttributeType.S, AttributeType.B)),
    IN(1, Integer.MAX_VALUE, scalars()),
    BETWEEN(2, 2, scalars());

    private static final String PLACEHOLDER = ":legacy";

    private final int minValues;
    private final int maxValues;
    private final Set<AttributeType> valueTypes;

    ComparisonOperator(int minValues, int maxValues, Set<AttributeType> valueTypes) {
        this.minValues = minValues;
        this.maxValues = maxValues;
        this.valueTypes = valueTypes;
    }

    private static Set<AttributeType> scalars() {
        return EnumSet.of(AttributeType.S, AttributeType.N, AttributeType.B);
    }

    private static Set<AttributeType> scalarsAndSets() {
        return EnumSet.of(AttributeType.S, AttributeType.N, AttributeType.B, AttributeType.SS, AttributeType.NS,
                AttributeType.BS);
    }

    /** Whether this many values suit the operator (one for EQ, none for NULL, two for BETWEEN, ...). */
    public boolean acceptsValueCount(int count) {
        return count >= minValues && count <= maxValues;
    }

    /** Whether a value of this type may be compared with the operator in a filter or key condition. */
    public boolean acceptsValueType(AttributeType type) {
        return valueTypes.contains(type);
    }

    /** Whether a key condition may use the operator (a range of the sorted key space). */
    public boolean isIndexable() {
        return keyOperator() != null;
    }

    /** The key-condition operator of the same meaning, or {@code null} when it selects no key range. */
    public KeyTerm.Operator keyOperator() {
        return switch (this) {
            case EQ -> KeyTerm.Operator.EQ;
            case LE -> KeyTerm.Operator.LE;
            case LT -> KeyTerm.Operator.LT;
            case GE -> KeyTerm.Operator.GE;
            case GT -> KeyTerm.Operator.GT;
            case BEGINS_WITH -> KeyTerm.Operator.BEGINS_WITH;
            case BETWEEN -> KeyTerm.Operator.BETWEEN;
            default -> null;
        };
    }

    /** The condition "the attribute {@code name} compares so with the values" in the expression model. */
    public Condition condition(String name, List<AttributeValue> values) {
        PathOperand attribute = new PathOperand(DocumentPath.of(name));
        List<Operand> operands = new ArrayList<>();
        for (AttributeValue value : values) {
            operands.add(new ValueOperand(PLACEHOLDER, value));
        }
        return switch (this) {
            case EQ -> new Condition.Comparison(Comparator.EQ, attribute, operands.get(0));
            case NE -> new Condition.Comparison(Comparator.NE, attribute, operands.get(0));
            case LE -> new Condition.Comparison(Comparator.LE, attribute, operands.get(0));
            case LT -> new Condition.Comparison(Comparator.LT, attribute, operands.get(0));
            case GE -> new Condition.Comparison(Comparator.GE, attribute, operands.get(0));
            case GT -> new Condition.Comparison(Comparator.GT, attribute, operands.get(0));
            case NOT_NULL -> new Condition.AttributeExists(attribute.path());
            case NULL -> new Condition.AttributeNotExists(attribute.path());
            case CONTAINS -> new Condition.Contains(attribute, operands.get(0));
            case NOT_CONTAINS -> new Condition.Not(new Condition.Contains(attribute, operands.get(0)));
            case BEGINS_WITH -> new Condition.BeginsWith(attribute, operands.get(0));
            case IN -> new Condition.In(attribute, operands);
            case BETWEEN -> new Condition.Between(attribute, operands.get(0), operands.get(1));
        };
    }
}
