package io.dynamodbtoolkit.filter;

import io.dynamodbtoolkit.DeclarationException;
import io.dynamodbtoolkit.expression.AttributePath;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * One allowlisted field of a {@link FilterSpec}: its name in the grammar, its {@link FieldType}, the attribute it
 * filters (by default the top-level attribute of the same name) and the operators allowed on it (by default all
 * that apply to the type). Immutable.
 *
 * <pre>{@code
 * FieldRule.string("status").allowOnly(FilterOperator.EQ, FilterOperator.IN);
 * FieldRule.number("price").attribute(AttributePath.parse("price.amount"));
 * }</pre>
 */
public final class FieldRule {

    private final String field;
    private final FieldType type;
    private final AttributePath attribute;
    private final Set<FilterOperator> operators;

    private FieldRule(String field, FieldType type, AttributePath attribute, Set<FilterOperator> operators) {
        this.field = field;
        this.type = type;
        this.attribute = attribute;
        this.operators = Collections.unmodifiableSet(operators);
    }

    /**
     * A rule for a field of the given type on the top-level attribute of the same name.
     *
     * @param field the field name as written in clauses; not empty, no {@code =}
     * @param type  its type
     * @return the rule
     */
    public static FieldRule of(String field, FieldType type) {
        if (field == null || field.isEmpty() || field.indexOf('=') >= 0) {
            throw new DeclarationException("FieldRule.field", "the field name "
                    + (field == null ? "is null" : field.isEmpty() ? "is empty" : "'" + field + "' contains '='"),
                    "name the field with a non-empty name without '=' (clauses are written <op>-<field>=<value>)");
        }
        if (type == null) {
            throw new DeclarationException("FieldRule[" + field + "].type", "the type is null",
                    "give a FieldType: STRING, NUMBER, BOOLEAN or BINARY");
        }
        return new FieldRule(field, type, AttributePath.of(field), EnumSet.copyOf(type.applicableOperators()));
    }

    /**
     * A STRING field.
     *
     * @param field the field name
     * @return the rule
     */
    public static FieldRule string(String field) {
        return of(field, FieldType.STRING);
    }

    /**
     * A NUMBER field.
     *
     * @param field the field name
     * @return the rule
     */
    public static FieldRule number(String field) {
        return of(field, FieldType.NUMBER);
    }

    /**
     * A BOOLEAN field.
     *
     * @param field the field name
     * @return the rule
     */
    public static FieldRule bool(String field) {
        return of(field, FieldType.BOOLEAN);
    }

    /**
     * A BINARY (base64) field.
     *
     * @param field the field name
     * @return the rule
     */
    public static FieldRule binary(String field) {
        return of(field, FieldType.BINARY);
    }

    /**
     * This rule filtering another attribute, e.g. a nested one.
     *
     * @param path the attribute the field stands for
     * @return the new rule
     */
    public FieldRule attribute(AttributePath path) {
        if (path == null) {
            throw new DeclarationException("FieldRule[" + field + "].attribute", "the attribute path is null",
                    "give the AttributePath the field filters");
        }
        return new FieldRule(field, type, path, EnumSet.copyOf(operators));
    }

    /**
     * This rule allowing only these operators.
     *
     * @param allowed operators, each applicable to the field's type
     * @return the new rule
     */
    public FieldRule allowOnly(FilterOperator... allowed) {
        if (allowed == null || allowed.length == 0) {
            throw new DeclarationException("FieldRule[" + field + "].operators", "no operator is allowed",
                    "allow at least one operator");
        }
        for (FilterOperator operator : allowed) {
            if (!type.applicableOperators().contains(operator)) {
                throw new DeclarationException("FieldRule[" + field + "].operators", "the field is " + type
                        + " and the operator " + operator.token() + " does not apply to " + type + " fields",
                        "allow only operators applicable to " + type + ": " + tokens(type.applicableOperators()));
            }
        }
        return new FieldRule(field, type, attribute, EnumSet.copyOf(Arrays.asList(allowed)));
    }

    /**
     * The field name as written in clauses.
     *
     * @return the name
     */
    public String field() {
        return field;
    }

    /**
     * The field's type.
     *
     * @return the type
     */
    public FieldType type() {
        return type;
    }

    /**
     * The attribute the field filters.
     *
     * @return the path
     */
    public AttributePath attribute() {
        return attribute;
    }

    /**
     * The allowed operators.
     *
     * @return an unmodifiable set
     */
    public Set<FilterOperator> operators() {
        return operators;
    }

    /**
     * Whether the operator is allowed on this field.
     *
     * @param operator an operator
     * @return {@code true} if allowed
     */
    public boolean allows(FilterOperator operator) {
        return operators.contains(operator);
    }

    static String tokens(Set<FilterOperator> operators) {
        return operators.stream().map(FilterOperator::token).collect(Collectors.joining(", "));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof FieldRule other && field.equals(other.field) && type == other.type
                && attribute.equals(other.attribute) && operators.equals(other.operators);
    }

    @Override
    public int hashCode() {
        return Objects.hash(field, type, attribute, operators);
    }

    @Override
    public String toString() {
        return "FieldRule[" + field + " " + type + " -> " + attribute + ", " + tokens(operators) + "]";
    }
}
