package io.dynamodbtoolkit.filter;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.dynamodbtoolkit.DeclarationException;
import io.dynamodbtoolkit.expression.AttributeOperand;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The allowlist of a filter grammar and its parser. A clause is {@code <op>-<field>=<value>}, with the
 * operators eq ne lt le gt ge in btw beg ct ex nx ({@link FilterOperator}); only the fields of the spec may be
 * filtered, each with its type and allowed operators ({@link FieldRule}).
 *
 * <h2>Values</h2>
 * <ul>
 *   <li>eq, ne, lt, le, gt, ge, beg, ct take one value, verbatim (commas and backslashes included). A repeated
 *       parameter gives one clause per occurrence.</li>
 *   <li>in takes a comma-separated list (1 to 100 values), btw exactly two comma-separated bounds. In these lists
 *       a backslash escapes: {@code \,} is a literal comma and {@code \\} a literal backslash; any other escape
 *       is an error. A repeated {@code in} or {@code btw} parameter adds to the same list
 *       ({@code in-city=Paris&in-city=Rome} is {@code in-city=Paris,Rome}).</li>
 *   <li>ex and nx ignore the value ({@code ex-email} or {@code ex-email=}).</li>
 *   <li>The value is coerced by the field's type: STRING verbatim, NUMBER as a decimal, BOOLEAN
 *       {@code true}/{@code false}, BINARY from base64.</li>
 * </ul>
 * Every problem is an {@link InvalidFilterException} naming the field, the operator and the value.
 */
public final class FilterSpec {

    private final Map<String, FieldRule> rules;

    private FilterSpec(Map<String, FieldRule> rules) {
        this.rules = Collections.unmodifiableMap(rules);
    }

    /**
     * A spec allowing exactly these fields.
     *
     * @param rules the field rules, one per field name
     * @return the spec
     */
    public static FilterSpec of(FieldRule... rules) {
        return of(rules == null ? List.of() : Arrays.asList(rules));
    }

    /**
     * A spec allowing exactly these fields.
     *
     * @param rules the field rules, one per field name
     * @return the spec
     */
    public static FilterSpec of(Collection<FieldRule> rules) {
        Map<String, FieldRule> byField = new LinkedHashMap<>();
        for (FieldRule rule : rules) {
            if (rule == null) {
                throw new DeclarationException("FilterSpec.fields", "a FieldRule is null", "remove the null rule");
            }
            if (byField.putIfAbsent(rule.field(), rule) != null) {
                throw new DeclarationException("FilterSpec.fields", "the field '" + rule.field()
                        + "' is declared twice", "give each field one FieldRule");
            }
        }
        return new FilterSpec(byField);
    }

    /**
     * The rule of a field.
     *
     * @param field the field name
     * @return the rule, or empty if the field is not filterable
     */
    public Optional<FieldRule> rule(String field) {
        return Optional.ofNullable(rules.get(field));
    }

    /**
     * The rules, by field name.
     *
     * @return an unmodifiable map
     */
    public Map<String, FieldRule> rules() {
        return rules;
    }

    /**
     * Parses the filter clauses among query parameters. A parameter whose name does not start with an operator
     * token followed by {@code -} is not a clause and is ignored, so the whole parameter map (with paging
     * parameters and such) can be passed. A clause on a field that is not allowlisted is an error.
     *
     * @param parameters parameter name to its values, as a web framework gives them
     * @return the filter
     * @throws InvalidFilterException for a clause that cannot be accepted
     */
    public Filter parse(Map<String, ? extends List<String>> parameters) {
        List<FilterClause> clauses = new ArrayList<>();
        if (parameters == null) {
            return Filter.empty();
        }
        for (Map.Entry<String, ? extends List<String>> parameter : parameters.entrySet()) {
            String name = parameter.getKey();
            int dash = name == null ? -1 : name.indexOf('-');
            if (dash <= 0) {
                continue;
            }
            Optional<FilterOperator> operator = FilterOperator.fromToken(name.substring(0, dash));
            if (operator.isPresent()) {
                clauses.addAll(clauses(operator.get(), name.substring(dash + 1), parameter.getValue()));
            }
        }
        return Filter.of(clauses);
    }

    /**
     * Parses clauses written out whole, e.g. {@code ["eq-status=open", "btw-price=10,20", "ex-email"]}. Unlike
     * {@link #parse(Map)}, every string must be a clause.
     *
     * @param clauseTexts the clauses
     * @return the filter
     * @throws InvalidFilterException for a malformed clause or one that cannot be accepted
     */
    public Filter parse(List<String> clauseTexts) {
        if (clauseTexts == null) {
            return Filter.empty();
        }
        Map<String, List<String>> grouped = new LinkedHashMap<>();
        for (String text : clauseTexts) {
            if (text == null) {
                throw new InvalidFilterException("A filter clause cannot be null", null, null, null);
            }
            int equals = text.indexOf('=');
            String head = equals < 0 ? text : text.substring(0, equals);
            String value = equals < 0 ? "" : text.substring(equals + 1);
            int dash = head.indexOf('-');
            if (dash <= 0 || dash == head.length() - 1) {
                throw new InvalidFilterException("Malformed filter clause '" + text
                        + "': expected <op>-<field>=<value>, e.g. eq-status=open", null, null, null);
            }
            String token = head.substring(0, dash);
            if (FilterOperator.fromToken(token).isEmpty()) {
                throw new InvalidFilterException("Unknown filter operator '" + token + "' in '" + text
                        + "'; the operators are " + FilterOperator.allTokens(), head.substring(dash + 1), token, value);
            }
            grouped.computeIfAbsent(head, key -> new ArrayList<>()).add(value);
        }
        return parse(grouped);
    }

    private List<FilterClause> clauses(FilterOperator operator, String field, List<String> rawValues) {
        List<String> texts = new ArrayList<>();
        if (rawValues == null || rawValues.isEmpty()) {
            texts.add("");
        } else {
            rawValues.forEach(raw -> texts.add(raw == null ? "" : raw));
        }
        String shownValue = String.join(",", texts);
        FieldRule rule = rules.get(field);
        if (rule == null) {
            throw new InvalidFilterException("Filtering on '" + field + "' is not allowed"
                    + (rules.isEmpty() ? "; no field is filterable here" : "; filterable fields: "
                    + String.join(", ", rules.keySet())), field, operator.token(), shownValue);
        }
        if (!rule.allows(operator)) {
            throw new InvalidFilterException("The operator " + operator.token() + " is not allowed on '" + field
                    + "'; allowed: " + FieldRule.tokens(rule.operators()), field, operator.token(), shownValue);
        }
        List<FilterClause> clauses = new ArrayList<>();
        switch (operator.arity()) {
            case NONE -> clauses.add(new FilterClause(rule, operator, List.of(), null));
            case ONE -> texts.forEach(text -> clauses.add(
                    checked(new FilterClause(rule, operator, List.of(coerce(rule, operator, text)), text))));
            case LIST, TWO -> {
                List<String> items = new ArrayList<>();
                texts.forEach(text -> items.addAll(splitList(text, rule, operator)));
                int count = items.size();
                if (operator.arity() == FilterOperator.Arity.TWO && count != 2) {
                    throw new InvalidFilterException(operator.token() + " on '" + field + "' takes exactly two"
                            + " comma-separated bounds, got " + count + " in '" + shownValue + "' (write e.g. "
                            + operator.token() + "-" + field + "=10,20; escape a literal comma as \\,)",
                            field, operator.token(), shownValue);
                }
                if (count > AttributeOperand.MAX_IN_VALUES) {
                    throw new InvalidFilterException(operator.token() + " on '" + field + "' takes at most "
                            + AttributeOperand.MAX_IN_VALUES + " values, got " + count, field, operator.token(),
                            shownValue);
                }
                List<AttributeValue> values = new ArrayList<>(count);
                items.forEach(item -> values.add(coerce(rule, operator, item)));
                clauses.add(checked(new FilterClause(rule, operator, values, shownValue)));
            }
            default -> throw new IllegalStateException("Unhandled arity " + operator.arity());
        }
        return clauses;
    }

    private static AttributeValue coerce(FieldRule rule, FilterOperator operator, String text) {
        try {
            return rule.type().coerce(text);
        } catch (IllegalArgumentException e) {
            throw new InvalidFilterException("Bad value for " + operator.token() + "-" + rule.field() + ": "
                    + e.getMessage() + " ('" + rule.field() + "' is " + rule.type() + ")",
                    rule.field(), operator.token(), text);
        }
    }

    /** Builds the clause's condition once, so that a value the condition rejects fails at parse time. */
    private static FilterClause checked(FilterClause clause) {
        try {
            clause.toCondition();
        } catch (IllegalArgumentException e) {
            throw new InvalidFilterException("Filter clause " + clause + " cannot be used: " + e.getMessage(),
                    clause.field(), clause.operator().token(), clause.rawValue());
        }
        return clause;
    }

    /** Splits on unescaped commas; {@code \,} is a comma and {@code \\} a backslash. */
    private static List<String> splitList(String text, FieldRule rule, FilterOperator operator) {
        List<String> items = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\\') {
                if (i + 1 < text.length() && (text.charAt(i + 1) == ',' || text.charAt(i + 1) == '\\')) {
                    current.append(text.charAt(++i));
                } else {
                    throw new InvalidFilterException("Bad escape in " + operator.token() + "-" + rule.field() + "="
                            + text + " at position " + i + ": in a list value write \\, for a literal comma and \\\\"
                            + " for a literal backslash", rule.field(), operator.token(), text);
                }
            } else if (c == ',') {
                items.add(current.toString());
                current.setLength(0);
            } else {
                current.append(c);
            }
        }
        items.add(current.toString());
        return items;
    }
}
