package io.dynamodbtoolkit.embedded.partiql;

import io.dynamodbtoolkit.embedded.engine.KeyAttributeDefinition;
import io.dynamodbtoolkit.embedded.engine.KeySchema;
import io.dynamodbtoolkit.embedded.expression.ParsedCondition;
import io.dynamodbtoolkit.embedded.expression.ParsedCondition.Comparator;
import io.dynamodbtoolkit.embedded.expression.KeyTerm;
import io.dynamodbtoolkit.embedded.expression.ParsedOperand;
import io.dynamodbtoolkit.embedded.expression.ParsedOperand.PathOperand;
import io.dynamodbtoolkit.embedded.expression.ParsedOperand.ValueOperand;
import io.dynamodbtoolkit.embedded.model.DataType;
import io.dynamodbtoolkit.embedded.model.AttributeValue;
import org.jspecify.annotations.Nullable;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A WHERE clause as the conjunction of its top-level AND terms, taken apart against a key schema: equalities that
 * name an item's key, or the partitions and sort-key range of a Query, and the rest, which stays a condition.
 */
final class WhereClause {

    private final List<ParsedCondition> terms = new ArrayList<>();

    WhereClause(@Nullable ParsedCondition where) {
        if (where != null) {
            flatten(where);
        }
    }

    private void flatten(ParsedCondition condition) {
        if (condition instanceof ParsedCondition.And and) {
            flatten(and.left());
            flatten(and.right());
        } else {
            terms.add(condition);
        }
    }

    /** A key named by equalities and the condition left over (or {@code null}). */
    record PointKey(Map<String, AttributeValue> key, @Nullable ParsedCondition rest) {
    }

    /** The partitions and sort-key terms of a Query, and the condition left over as its filter (or {@code null}). */
    record QueryKey(List<List<KeyTerm>> partitions, List<KeyTerm> sortTerms, @Nullable ParsedCondition filter) {
    }

    /** The item a write names by equality on every key attribute, or a ValidationException. */
    PointKey pointKey(KeySchema schema) {
        List<ParsedCondition> rest = new ArrayList<>(terms);
        Map<String, AttributeValue> key = new LinkedHashMap<>();
        for (KeyAttributeDefinition attribute : schema.all()) {
            ParsedCondition term = findEquality(rest, attribute);
            if (term == null) {
                throw PartiqlErrors.keyRequired();
            }
            rest.remove(term);
            key.put(attribute.name(), equalityValue((ParsedCondition.Comparison) term));
        }
        return new PointKey(key, and(rest));
    }

    /**
     * The key condition of a Query when the clause fixes every partition-key attribute (by equality, or by IN for a
     * single partition-key attribute), else {@code null} (a Scan).
     */
    @Nullable QueryKey queryKey(KeySchema schema) {
        List<ParsedCondition> rest = new ArrayList<>(terms);
        List<List<KeyTerm>> partitions = new ArrayList<>();
        partitions.add(new ArrayList<>());
        for (KeyAttributeDefinition attribute : schema.hashKeys()) {
            ParsedCondition term = findEquality(rest, attribute);
            if (term != null) {
                rest.remove(term);
                AttributeValue value = equalityValue((ParsedCondition.Comparison) term);
                partitions.forEach(partition -> partition.add(new KeyTerm(attribute.name(), KeyTerm.Operator.EQ,
                        value, null)));
                continue;
            }
            ParsedCondition.In in = schema.hashKeys().size() == 1 ? findIn(rest, attribute) : null;
            if (in == null) {
                return null;
            }
            rest.remove(in);
            partitions.clear();
            Set<AttributeValue> values = new LinkedHashSet<>();
            for (ParsedOperand candidate : in.candidates()) {
                AttributeValue value = ((ValueOperand) candidate).value();
                if (value.type() == attribute.type()) {
                    values.add(value);
                }
            }
            for (AttributeValue value : values) {
                partitions.add(new ArrayList<>(List.of(new KeyTerm(attribute.name(), KeyTerm.Operator.EQ, value,
                        null))));
            }
        }
        List<KeyTerm> sortTerms = new ArrayList<>();
        for (KeyAttributeDefinition attribute : schema.rangeKeys()) {
            ParsedCondition equality = findEquality(rest, attribute);
            if (equality != null) {
                rest.remove(equality);
                sortTerms.add(new KeyTerm(attribute.name(), KeyTerm.Operator.EQ,
                        equalityValue((ParsedCondition.Comparison) equality), null));
                continue;
            }
            KeyTerm range = rangeTerm(rest, attribute);
            if (range != null) {
                sortTerms.add(range);
            }
            break;
        }
        return new QueryKey(partitions, sortTerms, and(rest));
    }

    /** A term {@code name = value} (either way round) on the attribute with a value of its type. */
    private static @Nullable ParsedCondition findEquality(List<ParsedCondition> terms,
                                                          KeyAttributeDefinition attribute) {
        for (ParsedCondition term : terms) {
            if (term instanceof ParsedCondition.Comparison comparison && comparison.comparator() == Comparator.EQ
                    && names(comparison.left(), comparison.right(), attribute)) {
                return term;
            }
        }
        return null;
    }

    private static ParsedCondition.@Nullable In findIn(List<ParsedCondition> terms, KeyAttributeDefinition attribute) {
        for (ParsedCondition term : terms) {
            if (term instanceof ParsedCondition.In in && isAttribute(in.value(), attribute)
                    && in.candidates().stream().allMatch(candidate -> candidate instanceof ValueOperand)) {
                return in;
            }
        }
        return null;
    }

    /** The first sort-key comparison, BETWEEN or begins_with usable as a key range, removed from the terms. */
    private static @Nullable KeyTerm rangeTerm(List<ParsedCondition> terms, KeyAttributeDefinition attribute) {
        for (ParsedCondition term : terms) {
            KeyTerm keyTerm = null;
            if (term instanceof ParsedCondition.Comparison comparison && comparison.comparator() != Comparator.NE) {
                ParsedOperand left = comparison.left();
                ParsedOperand right = comparison.right();
                Comparator comparator = comparison.comparator();
                if (isValue(left, attribute) && isAttribute(right, attribute)) {
                    ParsedOperand swap = left;
                    left = right;
                    right = swap;
                    comparator = comparator.mirrored();
                }
                if (isAttribute(left, attribute) && isValue(right, attribute)) {
                    keyTerm = new KeyTerm(attribute.name(), KeyTerm.Operator.valueOf(comparator.name()),
                            ((ValueOperand) right).value(), null);
                }
            } else if (term instanceof ParsedCondition.Between between && isAttribute(between.value(), attribute)
                    && isValue(between.low(), attribute) && isValue(between.high(), attribute)) {
                keyTerm = new KeyTerm(attribute.name(), KeyTerm.Operator.BETWEEN,
                        ((ValueOperand) between.low()).value(), ((ValueOperand) between.high()).value());
            } else if (term instanceof ParsedCondition.BeginsWith beginsWith
                    && isAttribute(beginsWith.value(), attribute)
                    && isValue(beginsWith.prefix(), attribute) && attribute.type() != DataType.N) {
                keyTerm = new KeyTerm(attribute.name(), KeyTerm.Operator.BEGINS_WITH,
                        ((ValueOperand) beginsWith.prefix()).value(), null);
            }
            if (keyTerm != null) {
                terms.remove(term);
                return keyTerm;
            }
        }
        return null;
    }

    private static boolean names(ParsedOperand left, ParsedOperand right, KeyAttributeDefinition attribute) {
        return (isAttribute(left, attribute) && isValue(right, attribute))
                || (isAttribute(right, attribute) && isValue(left, attribute));
    }

    private static boolean isAttribute(ParsedOperand operand, KeyAttributeDefinition attribute) {
        return operand instanceof PathOperand path && path.path().isTopLevel()
                && path.path().topLevelName().equals(attribute.name());
    }

    private static boolean isValue(ParsedOperand operand, KeyAttributeDefinition attribute) {
        return operand instanceof ValueOperand value && value.value().type() == attribute.type();
    }

    private static AttributeValue equalityValue(ParsedCondition.Comparison comparison) {
        return comparison.left() instanceof ValueOperand value ? value.value()
                : ((ValueOperand) comparison.right()).value();
    }

    private static @Nullable ParsedCondition and(List<ParsedCondition> conditions) {
        ParsedCondition combined = null;
        for (ParsedCondition condition : conditions) {
            combined = combined == null ? condition : new ParsedCondition.And(combined, condition);
        }
        return combined;
    }
}
