package io.dynamodbtoolkit.embedded.expression;

import io.dynamodbtoolkit.embedded.error.DynamoDbException;
import io.dynamodbtoolkit.embedded.expression.ParsedCondition.Comparator;
import io.dynamodbtoolkit.embedded.expression.ParsedOperand.PathOperand;
import io.dynamodbtoolkit.embedded.expression.ParsedOperand.ValueOperand;
import io.dynamodbtoolkit.embedded.model.AttributeValue;
import org.jspecify.annotations.Nullable;

import java.util.ArrayList;
import java.util.List;

/**
 * One condition of a KeyConditionExpression on one key attribute: equality, a comparison, BETWEEN or
 * begins_with, against values.
 *
 * @param attribute the key attribute
 * @param operator  the operator
 * @param value     the value (the lower bound for BETWEEN, the prefix for begins_with)
 * @param upper     the upper bound for BETWEEN, else {@code null}
 */
public record KeyTerm(String attribute, Operator operator, AttributeValue value, @Nullable AttributeValue upper) {

    /** The operators a key condition allows. */
    public enum Operator {
        EQ, LT, LE, GT, GE, BETWEEN, BEGINS_WITH
    }

    /**
     * Splits a parsed KeyConditionExpression into its terms (a conjunction of simple conditions), failing as
     * DynamoDB does on OR, NOT, IN, {@code <>}, other functions, or two conditions on one attribute.
     */
    public static List<KeyTerm> decompose(ParsedCondition condition) {
        List<KeyTerm> terms = new ArrayList<>();
        collect(condition, terms);
        for (int i = 0; i < terms.size(); i++) {
            for (int j = i + 1; j < terms.size(); j++) {
                if (terms.get(i).attribute().equals(terms.get(j).attribute())) {
                    throw invalid("KeyConditionExpressions must only contain one condition per key");
                }
            }
        }
        return terms;
    }

    private static void collect(ParsedCondition condition, List<KeyTerm> terms) {
        if (condition instanceof ParsedCondition.And and) {
            collect(and.left(), terms);
            collect(and.right(), terms);
        } else if (condition instanceof ParsedCondition.Comparison comparison) {
            terms.add(comparison(comparison));
        } else if (condition instanceof ParsedCondition.Between between) {
            terms.add(new KeyTerm(keyName(between.value()), Operator.BETWEEN, value(between.low()),
                    value(between.high())));
        } else if (condition instanceof ParsedCondition.BeginsWith beginsWith) {
            terms.add(new KeyTerm(keyName(beginsWith.value()), Operator.BEGINS_WITH, value(beginsWith.prefix()), null));
        } else {
            throw invalid("Invalid operator used in KeyConditionExpression: " + operatorName(condition));
        }
    }

    private static KeyTerm comparison(ParsedCondition.Comparison comparison) {
        Comparator comparator = comparison.comparator();
        ParsedOperand left = comparison.left();
        ParsedOperand right = comparison.right();
        if (left instanceof ValueOperand && right instanceof PathOperand) {
            comparator = comparator.mirrored();
            ParsedOperand swap = left;
            left = right;
            right = swap;
        }
        Operator operator = switch (comparator) {
            case EQ -> Operator.EQ;
            case LT -> Operator.LT;
            case LE -> Operator.LE;
            case GT -> Operator.GT;
            case GE -> Operator.GE;
            case NE -> throw invalid("Invalid operator used in KeyConditionExpression: <>");
        };
        return new KeyTerm(keyName(left), operator, value(right), null);
    }

    private static String keyName(ParsedOperand operand) {
        if (operand instanceof PathOperand path && path.path().isTopLevel()) {
            return path.path().topLevelName();
        }
        if (operand instanceof PathOperand) {
            throw invalid("Nested attributes are not supported in key conditions");
        }
        throw DynamoDbException.validation("Query key condition not supported");
    }

    private static AttributeValue value(ParsedOperand operand) {
        if (operand instanceof ValueOperand value) {
            return value.value();
        }
        throw DynamoDbException.validation("Query key condition not supported");
    }

    private static String operatorName(ParsedCondition condition) {
        if (condition instanceof ParsedCondition.Or) {
            return "OR";
        }
        if (condition instanceof ParsedCondition.Not) {
            return "NOT";
        }
        if (condition instanceof ParsedCondition.In) {
            return "IN";
        }
        if (condition instanceof ParsedCondition.AttributeExists) {
            return "attribute_exists";
        }
        if (condition instanceof ParsedCondition.AttributeNotExists) {
            return "attribute_not_exists";
        }
        if (condition instanceof ParsedCondition.AttributeTypeIs) {
            return "attribute_type";
        }
        return "contains";
    }

    private static DynamoDbException invalid(String detail) {
        return DynamoDbException.validation("Invalid KeyConditionExpression: " + detail);
    }
}
