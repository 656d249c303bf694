package io.dynamodbtoolkit.embedded.expression;

import io.dynamodbtoolkit.embedded.expression.ParsedCondition.Comparator;
import io.dynamodbtoolkit.embedded.expression.ParsedOperand.PathOperand;
import io.dynamodbtoolkit.embedded.expression.ParsedOperand.ValueOperand;
import io.dynamodbtoolkit.embedded.model.DataType;
import io.dynamodbtoolkit.embedded.model.AttributeValue;
import org.jspecify.annotations.Nullable;

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
public enum LegacyComparisonOperator {
    EQ(1, 1, scalarsAndSets()),
    NE(1, 1, scalarsAndSets()),
    LE(1, 1, scalars()),
    LT(1, 1, scalars()),
    GE(1, 1, scalars()),
    GT(1, 1, scalars()),
    NOT_NULL(0, 0, EnumSet.noneOf(DataType.class)),
    NULL(0, 0, EnumSet.noneOf(DataType.class)),
    CONTAINS(1, 1, scalars()),
    NOT_CONTAINS(1, 1, scalars()),
    BEGINS_WITH(1, 1, EnumSet.of(DataType.S, DataType.B)),
    IN(1, Integer.MAX_VALUE, scalars()),
    BETWEEN(2, 2, scalars());

    private static final String PLACEHOLDER = ":legacy";

    private final int minValues;
    private final int maxValues;
    private final Set<DataType> valueTypes;

    LegacyComparisonOperator(int minValues, int maxValues, Set<DataType> valueTypes) {
        this.minValues = minValues;
        this.maxValues = maxValues;
        this.valueTypes = valueTypes;
    }

    private static Set<DataType> scalars() {
        return EnumSet.of(DataType.S, DataType.N, DataType.B);
    }

    private static Set<DataType> scalarsAndSets() {
        return EnumSet.of(DataType.S, DataType.N, DataType.B, DataType.SS, DataType.NS,
                DataType.BS);
    }

    /** Whether this many values suit the operator (one for EQ, none for NULL, two for BETWEEN, ...). */
    public boolean acceptsValueCount(int count) {
        return count >= minValues && count <= maxValues;
    }

    /** Whether a value of this type may be compared with the operator in a filter or key condition. */
    public boolean acceptsValueType(DataType type) {
        return valueTypes.contains(type);
    }

    /** Whether a key condition may use the operator (a range of the sorted key space). */
    public boolean isIndexable() {
        return keyOperator() != null;
    }

    /** The key-condition operator of the same meaning, or {@code null} when it selects no key range. */
    public KeyTerm.@Nullable Operator keyOperator() {
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
    public ParsedCondition condition(String name, List<AttributeValue> values) {
        PathOperand attribute = new PathOperand(DocumentPath.of(name));
        List<ParsedOperand> operands = new ArrayList<>();
        for (AttributeValue value : values) {
            operands.add(new ValueOperand(PLACEHOLDER, value));
        }
        return switch (this) {
            case EQ -> new ParsedCondition.Comparison(Comparator.EQ, attribute, operands.get(0));
            case NE -> new ParsedCondition.Comparison(Comparator.NE, attribute, operands.get(0));
            case LE -> new ParsedCondition.Comparison(Comparator.LE, attribute, operands.get(0));
            case LT -> new ParsedCondition.Comparison(Comparator.LT, attribute, operands.get(0));
            case GE -> new ParsedCondition.Comparison(Comparator.GE, attribute, operands.get(0));
            case GT -> new ParsedCondition.Comparison(Comparator.GT, attribute, operands.get(0));
            case NOT_NULL -> new ParsedCondition.AttributeExists(attribute.path());
            case NULL -> new ParsedCondition.AttributeNotExists(attribute.path());
            case CONTAINS -> new ParsedCondition.Contains(attribute, operands.get(0));
            case NOT_CONTAINS -> new ParsedCondition.Not(new ParsedCondition.Contains(attribute, operands.get(0)));
            case BEGINS_WITH -> new ParsedCondition.BeginsWith(attribute, operands.get(0));
            case IN -> new ParsedCondition.In(attribute, operands);
            case BETWEEN -> new ParsedCondition.Between(attribute, operands.get(0), operands.get(1));
        };
    }
}
