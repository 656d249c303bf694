package io.dynamodbtoolkit.springdata.repository.query;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.IntFunction;

import io.dynamodbtoolkit.filter.FieldRule;
import io.dynamodbtoolkit.filter.FieldType;
import io.dynamodbtoolkit.filter.Filter;
import io.dynamodbtoolkit.filter.FilterClause;
import io.dynamodbtoolkit.filter.FilterOperator;
import io.dynamodbtoolkit.springdata.mapping.MappingDynamoDbConverter;
import org.jspecify.annotations.Nullable;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.repository.query.ParametersParameterAccessor;
import org.springframework.data.repository.query.parser.Part;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The conditions of a derived method that no key condition serves, as the toolkit's filter clauses (a
 * FilterExpression): only with {@code @AllowScan}, since DynamoDB reads the items they discard.
 */
final class FilterParts {

    private static final Map<Part.Type, FilterOperator> OPERATORS = Map.ofEntries(
            Map.entry(Part.Type.SIMPLE_PROPERTY, FilterOperator.EQ),
            Map.entry(Part.Type.NEGATING_SIMPLE_PROPERTY, FilterOperator.NE),
            Map.entry(Part.Type.GREATER_THAN, FilterOperator.GT), Map.entry(Part.Type.AFTER, FilterOperator.GT),
            Map.entry(Part.Type.GREATER_THAN_EQUAL, FilterOperator.GE),
            Map.entry(Part.Type.LESS_THAN, FilterOperator.LT), Map.entry(Part.Type.BEFORE, FilterOperator.LT),
            Map.entry(Part.Type.LESS_THAN_EQUAL, FilterOperator.LE),
            Map.entry(Part.Type.BETWEEN, FilterOperator.BTW), Map.entry(Part.Type.IN, FilterOperator.IN),
            Map.entry(Part.Type.STARTING_WITH, FilterOperator.BEG),
            Map.entry(Part.Type.CONTAINING, FilterOperator.CT),
            Map.entry(Part.Type.IS_NOT_NULL, FilterOperator.EX), Map.entry(Part.Type.EXISTS, FilterOperator.EX),
            Map.entry(Part.Type.IS_NULL, FilterOperator.NX), Map.entry(Part.Type.TRUE, FilterOperator.EQ),
            Map.entry(Part.Type.FALSE, FilterOperator.EQ));

    private final List<BoundPart> parts;
    private final MappingDynamoDbConverter converter;

    private FilterParts(List<BoundPart> parts, MappingDynamoDbConverter converter) {
        this.parts = List.copyOf(parts);
        this.converter = converter;
    }

    /** @throws io.dynamodbtoolkit.DeclarationException for a condition DynamoDB cannot evaluate */
    static FilterParts of(DynamoDbQueryMethod method, List<BoundPart> parts, MappingDynamoDbConverter converter) {
        for (BoundPart bound : parts) {
            Part part = bound.part();
            if (!OPERATORS.containsKey(part.getType())) {
                throw method.declarationError("the condition " + part.getType() + " on '" + bound.attribute()
                        + "' has no DynamoDB equivalent", "use Is, Not, LessThan, GreaterThan, Between, In, "
                        + "StartingWith, Containing, (Is)Null, (Is)NotNull, True or False");
            }
            if (part.shouldIgnoreCase() == Part.IgnoreCaseType.ALWAYS) {
                throw method.declarationError("'" + bound.attribute() + "' is compared ignoring case, which DynamoDB "
                        + "cannot do", "store a normalized copy of the attribute and compare that");
            }
        }
        return new FilterParts(parts, converter);
    }

    /**
     * @param parts conditions whose operators and case handling the caller has checked (a query by example's, made
     *              only of equalities, prefixes, substrings and null checks)
     * @return the conditions as a filter
     */
    static FilterParts ofChecked(List<BoundPart> parts, MappingDynamoDbConverter converter) {
        return new FilterParts(parts, converter);
    }

    /** @return whether there is no condition */
    boolean isEmpty() {
        return parts.isEmpty();
    }

    /** @return the attributes the filter conditions, in the method's order */
    List<String> attributes() {
        return parts.stream().map(BoundPart::attribute).toList();
    }

    /** @return the conditions with the call's values */
    Filter filter(ParametersParameterAccessor accessor) {
        return filter(accessor::getBindableValue);
    }

    /**
     * @param arguments the call's values by the index of their argument ({@link BoundPart#firstArgument()})
     * @return the conditions with the call's values
     */
    Filter filter(IntFunction<@Nullable Object> arguments) {
        List<FilterClause> clauses = new ArrayList<>(parts.size());
        for (BoundPart bound : parts) {
            Part part = bound.part();
            FilterOperator operator = Objects.requireNonNull(OPERATORS.get(part.getType()),
                    "the parts were checked against the operators");
            List<AttributeValue> values = values(bound, arguments);
            FieldType type = values.isEmpty() ? FieldType.STRING : typeOf(values.get(0));
            clauses.add(new FilterClause(FieldRule.of(bound.attribute(), type), operator, values, values.toString()));
        }
        return Filter.of(clauses);
    }

    private List<AttributeValue> values(BoundPart bound, IntFunction<@Nullable Object> arguments) {
        return switch (bound.part().getType()) {
            case TRUE -> List.of(AttributeValue.fromBool(true));
            case FALSE -> List.of(AttributeValue.fromBool(false));
            case IS_NULL, IS_NOT_NULL, EXISTS -> List.of();
            case IN -> in(bound, arguments.apply(bound.firstArgument()));
            default -> {
                List<AttributeValue> values = new ArrayList<>();
                for (int i = 0; i < bound.part().getNumberOfArguments(); i++) {
                    values.add(value(bound, arguments.apply(bound.firstArgument() + i)));
                }
                yield values;
            }
        };
    }

    private List<AttributeValue> in(BoundPart bound, @Nullable Object argument) {
        Collection<?> elements = argument instanceof Collection<?> collection ? collection
                : argument instanceof Object[] array ? List.of(array) : List.of(value(bound, argument));
        return elements.stream().map(element -> value(bound, element)).toList();
    }

    private AttributeValue value(BoundPart bound, @Nullable Object argument) {
        if (argument == null) {
            throw new InvalidDataAccessApiUsageException("The value compared with '" + bound.attribute()
                    + "' is null; use IsNull to match a missing attribute");
        }
        return Optional.ofNullable(converter.writeValue(argument)).orElseThrow(() ->
                new InvalidDataAccessApiUsageException("An empty set cannot be compared with '" + bound.attribute()
                        + "'"));
    }

    private static FieldType typeOf(AttributeValue value) {
        return switch (value.type()) {
            case N -> FieldType.NUMBER;
            case BOOL -> FieldType.BOOLEAN;
            case B -> FieldType.BINARY;
            default -> FieldType.STRING;
        };
    }
}
