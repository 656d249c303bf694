package io.dynamodbtoolkit.expression;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.StringJoiner;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * An immutable update expression: each method returns a new {@code Update} with one more action.
 *
 * <pre>{@code
 * Update update = Update.empty()
 *         .set("name", "Dallas")
 *         .increment("visits", 1)
 *         .appendToList(AttributePath.parse("history"), List.of("created"))
 *         .remove("draft");
 * // SET #n0 = :v0, #n1 = if_not_exists(#n1, :v1) + :v2, #n2 = list_append(if_not_exists(#n2, :v3), :v4) REMOVE #n3
 * }</pre>
 *
 * <p>Two actions on overlapping paths (the same path, or a path and one inside it such as {@code a} and
 * {@code a.b}) are rejected when the second is added, as DynamoDB would reject the request. A {@code String}
 * argument names one top-level attribute literally; pass an {@link AttributePath} for a nested path.
 */
public final class Update {

    private static final Update EMPTY = new Update(List.of());

    private final List<UpdateAction> actions;

    private Update(List<UpdateAction> actions) {
        this.actions = actions;
    }

    /**
     * The update with no action.
     *
     * @return the empty update
     */
    public static Update empty() {
        return EMPTY;
    }

    /**
     * {@code SET path = value}; a {@code null} value writes the NULL type (use {@link #remove} to delete).
     *
     * @param path  the attribute path
     * @param value the value
     * @return the longer update
     */
    public Update set(AttributePath path, Object value) {
        return assign(path, UpdateAction.AssignKind.VALUE, AttributeValues.toAttributeValue(value));
    }

    /**
     * {@code SET name = value} on a top-level attribute.
     *
     * @param name  the attribute name, literal
     * @param value the value
     * @return the longer update
     */
    public Update set(String name, Object value) {
        return set(AttributePath.of(name), value);
    }

    /**
     * {@code SET path = if_not_exists(path, value)}: writes the value only where the attribute is absent.
     *
     * @param path  the attribute path
     * @param value the value
     * @return the longer update
     */
    public Update setIfNotExists(AttributePath path, Object value) {
        return assign(path, UpdateAction.AssignKind.IF_NOT_EXISTS, AttributeValues.toAttributeValue(value));
    }

    /**
     * {@code setIfNotExists} on a top-level attribute.
     *
     * @param name  the attribute name, literal
     * @param value the value
     * @return the longer update
     */
    public Update setIfNotExists(String name, Object value) {
        return setIfNotExists(AttributePath.of(name), value);
    }

    /**
     * {@code SET path = if_not_exists(path, 0) + n}: adds to a number, starting from 0 when the attribute is
     * absent.
     *
     * @param path  the attribute path
     * @param delta the amount, may be negative
     * @return the longer update
     */
    public Update increment(AttributePath path, Number delta) {
        return assign(path, UpdateAction.AssignKind.INCREMENT, number(delta, "increment"));
    }

    /**
     * {@code increment} on a top-level attribute.
     *
     * @param name  the attribute name, literal
     * @param delta the amount
     * @return the longer update
     */
    public Update increment(String name, Number delta) {
        return increment(AttributePath.of(name), delta);
    }

    /**
     * {@code SET path = if_not_exists(path, 0) - n}.
     *
     * @param path  the attribute path
     * @param delta the amount
     * @return the longer update
     */
    public Update decrement(AttributePath path, Number delta) {
        return assign(path, UpdateAction.AssignKind.DECREMENT, number(delta, "decrement"));
    }

    /**
     * {@code decrement} on a top-level attribute.
     *
     * @param name  the attribute name, literal
     * @param delta the amount
     * @return the longer update
     */
    public Update decrement(String name, Number delta) {
        return decrement(AttributePath.of(name), delta);
    }

    /**
     * {@code SET path = list_append(if_not_exists(path, []), elements)}: appends, creating the list when absent.
     *
     * @param path     the list attribute
     * @param elements the elements to append
     * @return the longer update
     */
    public Update appendToList(AttributePath path, List<?> elements) {
        return assign(path, UpdateAction.AssignKind.APPEND, list(elements, "appendToList"));
    }

    /**
     * {@code appendToList} on a top-level attribute.
     *
     * @param name     the attribute name, literal
     * @param elements the elements
     * @return the longer update
     */
    public Update appendToList(String name, List<?> elements) {
        return appendToList(AttributePath.of(name), elements);
    }

    /**
     * {@code SET path = list_append(elements, if_not_exists(path, []))}: prepends, creating the list when absent.
     *
     * @param path     the list attribute
     * @param elements the elements to put first
     * @return the longer update
     */
    public Update prependToList(AttributePath path, List<?> elements) {
        return assign(path, UpdateAction.AssignKind.PREPEND, list(elements, "prependToList"));
    }

    /**
     * {@code prependToList} on a top-level attribute.
     *
     * @param name     the attribute name, literal
     * @param elements the elements
     * @return the longer update
     */
    public Update prependToList(String name, List<?> elements) {
        return prependToList(AttributePath.of(name), elements);
    }

    /**
     * {@code REMOVE path}: deletes an attribute, or a list element (later elements shift down).
     *
     * @param path the path
     * @return the longer update
     */
    public Update remove(AttributePath path) {
        return plus(new UpdateAction.Remove(requirePath(path)));
    }

    /**
     * {@code REMOVE name} on a top-level attribute.
     *
     * @param name the attribute name, literal
     * @return the longer update
     */
    public Update remove(String name) {
        return remove(AttributePath.of(name));
    }

    /**
     * {@code ADD path value}: adds a number to a number attribute (0 when absent), or elements to a set
     * (created when absent).
     *
     * @param path  the attribute path
     * @param value a {@link Number} or a non-empty {@link Set}
     * @return the longer update
     */
    public Update add(AttributePath path, Object value) {
        AttributeValue converted = AttributeValues.toAttributeValue(value);
        AttributeValue.Type type = converted.type();
        if (type != AttributeValue.Type.N && !isSet(type)) {
            throw new IllegalArgumentException("ADD takes a number or a set, got a "
                    + AttributeValues.typeCode(converted)
                    + " for " + path + "; use set(...) to write other values");
        }
        return plus(new UpdateAction.Add(requirePath(path), converted));
    }

    /**
     * {@code add} on a top-level attribute.
     *
     * @param name  the attribute name, literal
     * @param value a number or a non-empty set
     * @return the longer update
     */
    public Update add(String name, Object value) {
        return add(AttributePath.of(name), value);
    }

    /**
     * {@code DELETE path subset}: removes elements from a set attribute.
     *
     * @param path     the set attribute
     * @param elements the elements to remove, non-empty
     * @return the longer update
     */
    public Update deleteFromSet(AttributePath path, Set<?> elements) {
        if (elements == null) {
            throw new IllegalArgumentException("deleteFromSet needs the elements to delete from " + path
                    + ", got null");
        }
        AttributeValue converted = AttributeValues.toAttributeValue(elements);
        return plus(new UpdateAction.Delete(requirePath(path), converted));
    }

    /**
     * {@code deleteFromSet} on a top-level attribute.
     *
     * @param name     the attribute name, literal
     * @param elements the elements to remove
     * @return the longer update
     */
    public Update deleteFromSet(String name, Set<?> elements) {
        return deleteFromSet(AttributePath.of(name), elements);
    }

    /**
     * This update followed by all actions of another, with the same conflict check.
     *
     * @param other another update
     * @return the combined update
     */
    public Update with(Update other) {
        Update combined = this;
        for (UpdateAction action : other.actions) {
            combined = combined.plus(action);
        }
        return combined;
    }

    /**
     * Whether the update has no action (an UpdateItem then needs no UpdateExpression).
     *
     * @return {@code true} when empty
     */
    public boolean isEmpty() {
        return actions.isEmpty();
    }

    /**
     * The paths the update writes or removes, in the order the actions were added, so callers can check them
     * (for example reject an update of a key attribute).
     *
     * @return an unmodifiable ordered set
     */
    public Set<AttributePath> paths() {
        Set<AttributePath> paths = new LinkedHashSet<>();
        actions.forEach(action -> paths.add(action.path()));
        return Collections.unmodifiableSet(paths);
    }

    /**
     * Renders {@code SET ... REMOVE ... ADD ... DELETE ...}, each clause once, actions in the order added.
     *
     * @param placeholders the request's allocator
     * @return the update expression
     * @throws IllegalStateException if the update is empty
     */
    public String render(Placeholders placeholders) {
        if (actions.isEmpty()) {
            throw new IllegalStateException("An empty Update has no expression; check isEmpty() first");
        }
        Map<UpdateAction.Clause, StringJoiner> clauses = new EnumMap<>(UpdateAction.Clause.class);
        for (UpdateAction action : actions) {
            clauses.computeIfAbsent(action.clause(), clause -> new StringJoiner(", ", clause + " ", ""))
                    .add(action.render(placeholders));
        }
        StringJoiner expression = new StringJoiner(" ");
        clauses.values().forEach(clause -> expression.add(clause.toString()));
        return expression.toString();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Update other && actions.equals(other.actions);
    }

    @Override
    public int hashCode() {
        return actions.hashCode();
    }

    @Override
    public String toString() {
        StringJoiner text = new StringJoiner(", ", "Update[", "]");
        actions.forEach(action -> text.add(action.describe()));
        return text.toString();
    }

    private Update assign(AttributePath path, UpdateAction.AssignKind kind, AttributeValue value) {
        return plus(new UpdateAction.Assign(requirePath(path), kind, value));
    }

    private Update plus(UpdateAction action) {
        for (UpdateAction existing : actions) {
            if (existing.path().overlaps(action.path())) {
                throw new IllegalArgumentException("The update already has " + existing.describe() + ", so it cannot"
                        + " also " + action.describe() + ": DynamoDB rejects two actions on the same or overlapping"
                        + " paths in one update. Combine them into one action or use two requests");
            }
        }
        List<UpdateAction> longer = new ArrayList<>(actions.size() + 1);
        longer.addAll(actions);
        longer.add(action);
        return new Update(Collections.unmodifiableList(longer));
    }

    private static AttributePath requirePath(AttributePath path) {
        if (path == null) {
            throw new IllegalArgumentException("An update action needs an attribute path, got null");
        }
        return path;
    }

    private static AttributeValue number(Number delta, String action) {
        if (delta == null) {
            throw new IllegalArgumentException(action + " needs an amount, got null");
        }
        return AttributeValues.toAttributeValue(delta);
    }

    private static AttributeValue list(List<?> elements, String action) {
        if (elements == null) {
            throw new IllegalArgumentException(action + " needs a list of elements, got null");
        }
        return AttributeValues.toAttributeValue(elements);
    }

    private static boolean isSet(AttributeValue.Type type) {
        return type == AttributeValue.Type.SS || type == AttributeValue.Type.NS || type == AttributeValue.Type.BS;
    }
}
