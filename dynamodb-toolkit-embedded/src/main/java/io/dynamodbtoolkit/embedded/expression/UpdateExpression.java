package io.dynamodbtoolkit.embedded.expression;

import io.dynamodbtoolkit.embedded.error.DynamoDbException;
import io.dynamodbtoolkit.embedded.model.AttributeValue;
import io.dynamodbtoolkit.embedded.model.AttributeValue.BinarySetValue;
import io.dynamodbtoolkit.embedded.model.AttributeValue.ListValue;
import io.dynamodbtoolkit.embedded.model.AttributeValue.NumberSetValue;
import io.dynamodbtoolkit.embedded.model.AttributeValue.NumberValue;
import io.dynamodbtoolkit.embedded.model.AttributeValue.StringSetValue;
import io.dynamodbtoolkit.embedded.error.NumberValidation;
import org.jspecify.annotations.Nullable;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A parsed UpdateExpression, or the legacy AttributeUpdates translated into the same actions: applied together
 * against the item as it was before the update.
 *
 * @param actions              the actions
 * @param fromAttributeUpdates whether the actions come from AttributeUpdates (errors then speak of its terms, and
 *                             ADD also appends to lists, as AttributeUpdates does)
 */
public record UpdateExpression(List<ParsedUpdateAction> actions, boolean fromAttributeUpdates) {

    public UpdateExpression {
        actions = List.copyOf(actions);
    }

    /** An UpdateExpression's actions. */
    public UpdateExpression(List<ParsedUpdateAction> actions) {
        this(actions, false);
    }

    /** The paths the update writes, for UPDATED_OLD / UPDATED_NEW. */
    public List<DocumentPath> paths() {
        List<DocumentPath> paths = new ArrayList<>();
        for (ParsedUpdateAction action : actions) {
            paths.add(action.path());
        }
        return paths;
    }

    /**
     * Applies the update to a copy of the item (empty when the item does not exist) and returns the new item.
     * Every operand is evaluated against the item as it was before the update. Writes go in ascending path order,
     * so that writes past the end of one list append in the order of their indexes, whatever the order written.
     */
    public Map<String, AttributeValue> apply(@Nullable Map<String, AttributeValue> original) {
        Map<String, AttributeValue> before = original == null ? Map.of() : original;
        Map<String, AttributeValue> result = new LinkedHashMap<>(before);
        List<Write> writes = new ArrayList<>();
        List<DocumentPath> removals = new ArrayList<>();
        for (ParsedUpdateAction action : actions) {
            if (action instanceof ParsedUpdateAction.Set set) {
                AttributeValue value = ParsedOperand.UpdateValues.require(set.value().evaluate(before));
                writes.add(new Write(set.path(), () -> DocumentEditor.set(result, set.path(), value)));
            } else if (action instanceof ParsedUpdateAction.Remove remove) {
                removals.add(remove.path());
            } else if (action instanceof ParsedUpdateAction.Add add) {
                AttributeValue value = added(add.path().resolve(before), add.value().value());
                writes.add(new Write(add.path(), () -> DocumentEditor.set(result, add.path(), value)));
            } else if (action instanceof ParsedUpdateAction.Delete delete) {
                AttributeValue current = delete.path().resolve(before);
                if (current != null) {
                    AttributeValue value = deleted(current, delete.value().value());
                    writes.add(new Write(delete.path(), () -> {
                        if (value == null) {
                            DocumentEditor.remove(result, delete.path());
                        } else {
                            DocumentEditor.set(result, delete.path(), value);
                        }
                    }));
                }
            }
        }
        writes.sort((a, b) -> comparePaths(a.path(), b.path()));
        writes.forEach(write -> write.change().run());
        removals.sort((a, b) -> comparePaths(b, a));
        for (DocumentPath path : removals) {
            DocumentEditor.remove(result, path);
        }
        return result;
    }

    /** A change of the new item at a path, made once every operand has been evaluated. */
    private record Write(DocumentPath path, Runnable change) {
    }

    /**
     * Orders paths element by element, list indexes by value: removals go in descending order, so that a higher index
     * of a list is removed before a lower one and every index keeps meaning the element it named in the original
     * item; writes in ascending order.
     */
    private static int comparePaths(DocumentPath a, DocumentPath b) {
        int shared = Math.min(a.length(), b.length());
        for (int i = 0; i < shared; i++) {
            PathElement x = a.element(i);
            PathElement y = b.element(i);
            int cmp;
            if (x instanceof PathElement.Index xi && y instanceof PathElement.Index yi) {
                cmp = Integer.compare(xi.index(), yi.index());
            } else {
                cmp = x.toString().compareTo(y.toString());
            }
            if (cmp != 0) {
                return cmp;
            }
        }
        return Integer.compare(a.length(), b.length());
    }

    private AttributeValue added(@Nullable AttributeValue current, AttributeValue operand) {
        if (current == null) {
            return operand;
        }
        if (current instanceof NumberValue x && operand instanceof NumberValue y) {
            BigDecimal sum = x.value().add(y.value(), new MathContext(38));
            return new NumberValue(NumberValidation.parse(sum.toString()));
        }
        if (current instanceof StringSetValue x && operand instanceof StringSetValue y) {
            Set<String> union = new LinkedHashSet<>(x.values());
            union.addAll(y.values());
            return new StringSetValue(union);
        }
        if (current instanceof NumberSetValue x && operand instanceof NumberSetValue y) {
            Set<BigDecimal> union = new LinkedHashSet<>(x.values());
            union.addAll(y.values());
            return new NumberSetValue(union);
        }
        if (current instanceof BinarySetValue x && operand instanceof BinarySetValue y) {
            Set<io.dynamodbtoolkit.embedded.model.Bytes> union = new LinkedHashSet<>(x.values());
            union.addAll(y.values());
            return new BinarySetValue(union);
        }
        if (current instanceof ListValue x && operand instanceof ListValue y) {
            List<AttributeValue> appended = new ArrayList<>(x.values());
            appended.addAll(y.values());
            return new ListValue(appended);
        }
        throw typeMismatch();
    }

    /** The set minus the operand's elements, or {@code null} when nothing is left. */
    private @Nullable AttributeValue deleted(AttributeValue current, AttributeValue operand) {
        if (current instanceof StringSetValue x && operand instanceof StringSetValue y) {
            Set<String> rest = new LinkedHashSet<>(x.values());
            rest.removeAll(y.values());
            return rest.isEmpty() ? null : new StringSetValue(rest);
        }
        if (current instanceof NumberSetValue x && operand instanceof NumberSetValue y) {
            Set<BigDecimal> rest = new LinkedHashSet<>(x.values());
            rest.removeAll(y.values());
            return rest.isEmpty() ? null : new NumberSetValue(rest);
        }
        if (current instanceof BinarySetValue x && operand instanceof BinarySetValue y) {
            Set<io.dynamodbtoolkit.embedded.model.Bytes> rest = new LinkedHashSet<>(x.values());
            rest.removeAll(y.values());
            return rest.isEmpty() ? null : new BinarySetValue(rest);
        }
        throw typeMismatch();
    }

    private DynamoDbException typeMismatch() {
        return fromAttributeUpdates ? DynamoDbException.validation("Type mismatch for attribute to update")
                : ParsedOperand.UpdateValues.incorrectDataType();
    }

    static DynamoDbException pathError(String what, DocumentPath one, DocumentPath two) {
        return DynamoDbException.validation("Two document paths " + what
                + " with each other; must remove or rewrite one"
                + " of these paths; path one: " + one + ", path two: " + two);
    }
}
