package io.dynamodbtoolkit.expression;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;

/**
 * An immutable condition for a ConditionExpression or a FilterExpression.
 *
 * <p>Start from an operand and combine:
 * <pre>{@code
 * Condition c = Condition.attribute("status").eq("open")
 *         .and(Condition.attribute(AttributePath.parse("price.amount")).between(10, 20)
 *                 .or(Condition.attribute("tags").contains("sale")))
 *         .and(Condition.size("lines").gt(0));
 * String expression = c.render(placeholders);
 * }</pre>
 * Rendering respects DynamoDB's precedence (NOT binds tighter than AND, AND tighter than OR) and adds the
 * parentheses a structure needs, so {@code a.and(b.or(c))} renders {@code a AND (b OR c)}. Every name and value
 * goes through the {@link Placeholders}.
 */
public sealed interface Condition permits ComparisonCondition, BetweenCondition, InCondition, FunctionCondition,
        AndCondition, OrCondition, NotCondition {

    /**
     * Renders the condition, allocating its names and values in {@code placeholders}.
     *
     * @param placeholders the request's allocator
     * @return the expression text
     */
    String render(Placeholders placeholders);

    /**
     * An operand for the top-level attribute with this name, taken literally (it may contain {@code .} or any
     * other character); use {@link #attribute(AttributePath)} for a nested path.
     *
     * @param name the attribute name
     * @return the operand to compare
     */
    static AttributeOperand attribute(String name) {
        return new AttributeOperand(AttributePath.of(name));
    }

    /**
     * An operand for the attribute at this document path.
     *
     * @param path the path
     * @return the operand to compare
     */
    static AttributeOperand attribute(AttributePath path) {
        return new AttributeOperand(path);
    }

    /**
     * {@code size(name)} of a top-level attribute, taken literally.
     *
     * @param name the attribute name
     * @return the operand to compare
     */
    static SizeOperand size(String name) {
        return new SizeOperand(AttributePath.of(name));
    }

    /**
     * {@code size(path)}.
     *
     * @param path the path
     * @return the operand to compare
     */
    static SizeOperand size(AttributePath path) {
        return new SizeOperand(path);
    }

    /**
     * All of the conditions (AND).
     *
     * @param conditions one or more conditions
     * @return the conjunction, or the only condition
     */
    static Condition allOf(Condition... conditions) {
        return allOf(Arrays.asList(conditions));
    }

    /**
     * All of the conditions (AND).
     *
     * @param conditions one or more conditions
     * @return the conjunction, or the only condition
     */
    static Condition allOf(Collection<? extends Condition> conditions) {
        List<Condition> flat = flatten(conditions, "allOf", AndCondition.class);
        return flat.size() == 1 ? flat.get(0) : new AndCondition(flat);
    }

    /**
     * Any of the conditions (OR).
     *
     * @param conditions one or more conditions
     * @return the disjunction, or the only condition
     */
    static Condition anyOf(Condition... conditions) {
        return anyOf(Arrays.asList(conditions));
    }

    /**
     * Any of the conditions (OR).
     *
     * @param conditions one or more conditions
     * @return the disjunction, or the only condition
     */
    static Condition anyOf(Collection<? extends Condition> conditions) {
        List<Condition> flat = flatten(conditions, "anyOf", OrCondition.class);
        return flat.size() == 1 ? flat.get(0) : new OrCondition(flat);
    }

    /**
     * This condition and the others (AND).
     *
     * @param others more conditions
     * @return the conjunction
     */
    default Condition and(Condition... others) {
        List<Condition> all = new ArrayList<>();
        all.add(this);
        all.addAll(Arrays.asList(others));
        return allOf(all);
    }

    /**
     * This condition or the others (OR).
     *
     * @param others more conditions
     * @return the disjunction
     */
    default Condition or(Condition... others) {
        List<Condition> all = new ArrayList<>();
        all.add(this);
        all.addAll(Arrays.asList(others));
        return anyOf(all);
    }

    /**
     * The negation of this condition (NOT); negating a negation gives the original condition back.
     *
     * @return the negation
     */
    default Condition not() {
        return this instanceof NotCondition negation ? negation.condition() : new NotCondition(this);
    }

    private static List<Condition> flatten(Collection<? extends Condition> conditions, String combinator,
                                           Class<? extends Condition> sameKind) {
        if (conditions == null || conditions.isEmpty()) {
            throw new IllegalArgumentException(combinator + " needs at least one condition");
        }
        List<Condition> flat = new ArrayList<>();
        for (Condition condition : conditions) {
            if (condition == null) {
                throw new IllegalArgumentException(combinator + " got a null condition");
            }
            if (condition instanceof AndCondition and && sameKind == AndCondition.class) {
                flat.addAll(and.conditions());
            } else if (condition instanceof OrCondition or && sameKind == OrCondition.class) {
                flat.addAll(or.conditions());
            } else {
                flat.add(condition);
            }
        }
        return flat;
    }
}
