package io.dynamodbtoolkit.embedded.protocol;

import io.dynamodbtoolkit.embedded.error.DynamoDbException;
import io.dynamodbtoolkit.embedded.expression.LegacyComparisonOperator;
import io.dynamodbtoolkit.embedded.expression.ParsedCondition;
import io.dynamodbtoolkit.embedded.expression.KeyTerm;
import io.dynamodbtoolkit.embedded.model.AttributeValue;
import io.dynamodbtoolkit.embedded.model.ValueOrder;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Reads the legacy conditional parameters ({@code Expected} with {@code ConditionalOperator}, {@code QueryFilter},
 * {@code ScanFilter}, {@code KeyConditions}), validates them with DynamoDB's messages and translates them into the
 * expression model (a {@link ParsedCondition}, or the {@link KeyTerm}s of a key condition).
 */
final class LegacyConditions {

    private static final String INVALID = "One or more parameter values were invalid: ";
    /** The operators as DynamoDB lists them when one is unknown. */
    private static final String OPERATOR_SET = "[IN, NULL, BETWEEN, LT, NOT_CONTAINS, EQ, GT, NOT_NULL, NE, LE,"
            + " BEGINS_WITH, GE, CONTAINS]";

    private LegacyConditions() {
    }

    /** One attribute's condition: the operator and its values. */
    private record AttributeCondition(String attribute, LegacyComparisonOperator operator,
            List<AttributeValue> values) {

        ParsedCondition condition() {
            return operator.condition(attribute, values);
        }
    }

    /** {@code Expected} (with {@code ConditionalOperator}) as a condition, or {@code null} when there is none. */
    static @Nullable ParsedCondition expected(JsonRequest request) {
        List<ParsedCondition> conditions = new ArrayList<>();
        for (Map.Entry<String, JsonNode> entry : request.fields("Expected").entrySet()) {
            conditions.add(expectation(entry.getKey(), request.nested(entry.getValue())).condition());
        }
        return combine(conditions, isOr(request));
    }

    private static AttributeCondition expectation(String attribute, JsonRequest expected) {
        boolean hasValue = expected.has("Value");
        boolean hasList = expected.has("AttributeValueList");
        if (hasValue && hasList) {
            throw DynamoDbException.validation(INVALID + "Value and AttributeValueList cannot be used together for"
                    + " Attribute: " + attribute);
        }
        if (expected.has("ComparisonOperator")) {
            if (expected.has("Exists")) {
                throw DynamoDbException.validation(INVALID + "Exists and ComparisonOperator cannot be used together"
                        + " for Attribute: " + attribute);
            }
            LegacyComparisonOperator operator = Objects.requireNonNull(operator(expected, "expected." + attribute),
                    "ComparisonOperator is present");
            if (operator != LegacyComparisonOperator.NULL && operator != LegacyComparisonOperator.NOT_NULL && !hasValue
                    && !hasList) {
                throw DynamoDbException.validation(INVALID + "Value or AttributeValueList must be used with"
                        + " ComparisonOperator: " + operator + " for Attribute: " + attribute);
            }
            List<AttributeValue> values = hasValue ? List.of(expected.attributeValue("Value")) : values(expected);
            checkCount(operator, values);
            checkSameType(values);
            checkBetweenBounds(operator, values);
            return new AttributeCondition(attribute, operator, values);
        }
        if (hasList) {
            throw DynamoDbException.validation(INVALID + "AttributeValueList can only be used with a ComparisonOperator"
                    + " for Attribute: " + attribute);
        }
        boolean existsGiven = expected.has("Exists");
        boolean exists = expected.bool("Exists", true);
        if (exists && !hasValue) {
            throw DynamoDbException.validation(INVALID + "Value must be provided when Exists is "
                    + (existsGiven ? "true" : "null") + " for Attribute: " + attribute);
        }
        if (!exists && hasValue) {
            throw DynamoDbException.validation(INVALID + "Value cannot be used when Exists is false for Attribute: "
                    + attribute);
        }
        return exists ? new AttributeCondition(attribute, LegacyComparisonOperator.EQ,
                List.of(expected.attributeValue("Value")))
                : new AttributeCondition(attribute, LegacyComparisonOperator.NULL, List.of());
    }

    /** {@code QueryFilter} or {@code ScanFilter} (with {@code ConditionalOperator}) as a condition, or null. */
    static @Nullable ParsedCondition filter(JsonRequest request, String field) {
        List<ParsedCondition> conditions = new ArrayList<>();
        for (AttributeCondition condition : conditions(request, field)) {
            conditions.add(condition.condition());
        }
        return combine(conditions, isOr(request));
    }

    /** {@code KeyConditions} as key terms, checked as DynamoDB checks them. */
    static List<KeyTerm> keyConditions(JsonRequest request) {
        List<AttributeCondition> conditions = conditions(request, "KeyConditions");
        if (conditions.isEmpty() || conditions.size() > 2) {
            throw DynamoDbException.validation("Conditions can be of length 1 or 2 only");
        }
        List<KeyTerm> terms = new ArrayList<>();
        for (AttributeCondition condition : conditions) {
            KeyTerm.Operator operator = condition.operator().keyOperator();
            if (operator == null) {
                throw DynamoDbException.validation("Attempted conditional constraint is not an indexable operation");
            }
            List<AttributeValue> values = condition.values();
            terms.add(new KeyTerm(condition.attribute(), operator, values.get(0), values.size() > 1 ? values.get(1)
                    : null));
        }
        return terms;
    }

    private static List<AttributeCondition> conditions(JsonRequest request, String field) {
        List<AttributeCondition> conditions = new ArrayList<>();
        String parameter = Character.toLowerCase(field.charAt(0)) + field.substring(1);
        for (Map.Entry<String, JsonNode> entry : request.fields(field).entrySet()) {
            JsonRequest condition = request.nested(entry.getValue());
            LegacyComparisonOperator operator = operator(condition, parameter + "." + entry.getKey());
            if (operator == null) {
                throw DynamoDbException.validation("1 validation error detected: Value null at '" + parameter + "."
                        + entry.getKey() + ".member.comparisonOperator' failed to satisfy constraint: Member must not"
                        + " be null");
            }
            List<AttributeValue> values = values(condition);
            checkCount(operator, values);
            checkSameType(values);
            for (AttributeValue value : values) {
                if (!operator.acceptsValueType(value.type())) {
                    throw DynamoDbException.validation(INVALID + "ComparisonOperator " + operator + " is not valid for "
                            + value.type() + " AttributeValue type");
                }
            }
            checkBetweenBounds(operator, values);
            conditions.add(new AttributeCondition(entry.getKey(), operator, values));
        }
        return conditions;
    }

    /** The ComparisonOperator, or {@code null} when the condition has none. */
    private static @Nullable LegacyComparisonOperator operator(JsonRequest condition, String path) {
        String name = condition.string("ComparisonOperator");
        if (name == null) {
            return null;
        }
        try {
            return LegacyComparisonOperator.valueOf(name);
        } catch (IllegalArgumentException e) {
            throw DynamoDbException.validation("1 validation error detected: Value '" + name + "' at '" + path
                    + ".member.comparisonOperator' failed to satisfy constraint: Member must satisfy enum value set: "
                    + OPERATOR_SET);
        }
    }

    private static List<AttributeValue> values(JsonRequest condition) {
        List<AttributeValue> values = new ArrayList<>();
        for (JsonRequest value : condition.objects("AttributeValueList")) {
            values.add(AttributeValueCodec.decode(value.node(), 1));
        }
        return values;
    }

    private static void checkCount(LegacyComparisonOperator operator, List<AttributeValue> values) {
        if (!operator.acceptsValueCount(values.size())) {
            throw DynamoDbException.validation(INVALID + "Invalid number of argument(s) for the " + operator
                    + " ComparisonOperator");
        }
    }

    private static void checkSameType(List<AttributeValue> values) {
        for (AttributeValue value : values) {
            if (value.type() != values.get(0).type()) {
                throw DynamoDbException.validation(INVALID + "AttributeValues inside AttributeValueList must be of same"
                        + " type");
            }
        }
    }

    private static void checkBetweenBounds(LegacyComparisonOperator operator, List<AttributeValue> values) {
        if (operator == LegacyComparisonOperator.BETWEEN && values.get(0).type().isScalarKeyType()
                && ValueOrder.compare(values.get(0), values.get(1)) > 0) {
            throw DynamoDbException.validation("The BETWEEN condition was provided a range where the lower bound is"
                    + " greater than the upper bound");
        }
    }

    private static boolean isOr(JsonRequest request) {
        String operator = request.string("ConditionalOperator");
        if (operator == null || operator.equals("AND")) {
            return false;
        }
        if (operator.equals("OR")) {
            return true;
        }
        throw DynamoDbException.validation("1 validation error detected: Value '" + operator + "' at"
                + " 'conditionalOperator' failed to satisfy constraint: Member must satisfy enum value set: [AND, OR]");
    }

    private static @Nullable ParsedCondition combine(List<ParsedCondition> conditions, boolean or) {
        ParsedCondition combined = null;
        for (ParsedCondition condition : conditions) {
            combined = combined == null ? condition : or ? new ParsedCondition.Or(combined, condition)
                    : new ParsedCondition.And(combined, condition);
        }
        return combined;
    }
}
