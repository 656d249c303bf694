package io.dynamodbtoolkit.expression;

import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The attribute side of a condition, from {@link Condition#attribute(String)} or
 * {@link Condition#attribute(AttributePath)}. Each method returns an immutable {@link Condition}.
 *
 * <p>Values are converted with {@link AttributeValues#toAttributeValue(Object)}; an {@link AttributePath}
 * given where a value is expected compares with that attribute instead ({@code a.lt(AttributePath.of("b"))}
 * renders {@code #a < #b}).
 */
public final class AttributeOperand {

    /** The most values {@link #in(Collection)} takes: DynamoDB's limit on the operands of IN. */
    public static final int MAX_IN_VALUES = 100;

    private final AttributePath path;
    private final Operand self;

    AttributeOperand(AttributePath path) {
        if (path == null) {
            throw new IllegalArgumentException("A condition needs an attribute path, got null");
        }
        this.path = path;
        this.self = new Operand.Path(path);
    }

    /**
     * The attribute's path.
     *
     * @return the path
     */
    public AttributePath path() {
        return path;
    }

    /**
     * {@code attr = value}; {@code null} compares with the NULL value.
     *
     * @param value the value
     * @return the condition
     */
    public Condition eq(Object value) {
        return Operands.compare(self, ComparisonOperator.EQ, Operands.of(value));
    }

    /**
     * {@code attr = other} (another attribute of the same item); a {@code null} path means the NULL value.
     *
     * @param other the other attribute
     * @return the condition
     */
    public Condition eq(AttributePath other) {
        return eq((Object) other);
    }

    /**
     * {@code attr <> value}.
     *
     * @param value the value
     * @return the condition
     */
    public Condition ne(Object value) {
        return Operands.compare(self, ComparisonOperator.NE, Operands.of(value));
    }

    /**
     * {@code attr <> other}.
     *
     * @param other the other attribute
     * @return the condition
     */
    public Condition ne(AttributePath other) {
        return ne((Object) other);
    }

    /**
     * {@code attr < value} (a string, number or binary).
     *
     * @param value the value
     * @return the condition
     */
    public Condition lt(Object value) {
        return Operands.compare(self, ComparisonOperator.LT, Operands.of(value));
    }

    /**
     * {@code attr < other}.
     *
     * @param other the other attribute
     * @return the condition
     */
    public Condition lt(AttributePath other) {
        return lt((Object) other);
    }

    /**
     * {@code attr <= value} (a string, number or binary).
     *
     * @param value the value
     * @return the condition
     */
    public Condition le(Object value) {
        return Operands.compare(self, ComparisonOperator.LE, Operands.of(value));
    }

    /**
     * {@code attr <= other}.
     *
     * @param other the other attribute
     * @return the condition
     */
    public Condition le(AttributePath other) {
        return le((Object) other);
    }

    /**
     * {@code attr > value} (a string, number or binary).
     *
     * @param value the value
     * @return the condition
     */
    public Condition gt(Object value) {
        return Operands.compare(self, ComparisonOperator.GT, Operands.of(value));
    }

    /**
     * {@code attr > other}.
     *
     * @param other the other attribute
     * @return the condition
     */
    public Condition gt(AttributePath other) {
        return gt((Object) other);
    }

    /**
     * {@code attr >= value} (a string, number or binary).
     *
     * @param value the value
     * @return the condition
     */
    public Condition ge(Object value) {
        return Operands.compare(self, ComparisonOperator.GE, Operands.of(value));
    }

    /**
     * {@code attr >= other}.
     *
     * @param other the other attribute
     * @return the condition
     */
    public Condition ge(AttributePath other) {
        return ge((Object) other);
    }

    /**
     * {@code attr BETWEEN low AND high}, bounds included; two values must have the same type and be in order.
     *
     * @param low  the low bound (a value or an {@link AttributePath})
     * @param high the high bound
     * @return the condition
     */
    public Condition between(Object low, Object high) {
        return Operands.between(self, Operands.of(low), Operands.of(high));
    }

    /**
     * {@code attr IN (v1, v2, ...)} with 1 to 100 values.
     *
     * @param values the candidates
     * @return the condition
     */
    public Condition in(Object... values) {
        return in(values == null ? List.of() : Arrays.asList(values));
    }

    /**
     * {@code attr IN (v1, v2, ...)} with 1 to 100 values; each element of the collection is one candidate.
     *
     * @param values the candidates
     * @return the condition
     */
    public Condition in(Collection<?> values) {
        return Operands.in(self, values);
    }

    /**
     * {@code attribute_exists(attr)}.
     *
     * @return the condition
     */
    public Condition exists() {
        return new FunctionCondition("attribute_exists", List.of(self));
    }

    /**
     * {@code attribute_not_exists(attr)}.
     *
     * @return the condition
     */
    public Condition notExists() {
        return new FunctionCondition("attribute_not_exists", List.of(self));
    }

    /**
     * {@code attribute_type(attr, type)}.
     *
     * @param type the expected type
     * @return the condition
     */
    public Condition hasType(AttributeType type) {
        if (type == null) {
            throw new IllegalArgumentException("hasType needs an AttributeType, got null");
        }
        return new FunctionCondition("attribute_type",
                List.of(self, new Operand.Value(AttributeValue.fromS(type.code()))));
    }

    /**
     * {@code begins_with(attr, prefix)} for a string or binary prefix.
     *
     * @param prefix the prefix
     * @return the condition
     */
    public Condition beginsWith(Object prefix) {
        Operand operand = Operands.of(prefix);
        if (operand instanceof Operand.Value value) {
            AttributeValue.Type type = value.value().type();
            if (type != AttributeValue.Type.S && type != AttributeValue.Type.B) {
                throw new IllegalArgumentException("begins_with takes a string or binary prefix, got a "
                        + AttributeValues.typeCode(value.value()) + " value " + Operands.display(value.value()));
            }
        }
        return new FunctionCondition("begins_with", List.of(self, operand));
    }

    /**
     * {@code contains(attr, operand)}: a substring of a string, an element of a set or of a list.
     *
     * @param operand the substring or element
     * @return the condition
     */
    public Condition contains(Object operand) {
        if (operand == null) {
            throw new IllegalArgumentException("contains needs a substring or element to look for, got null");
        }
        return new FunctionCondition("contains", List.of(self, Operands.of(operand)));
    }

    /**
     * {@code size(attr)}, to compare the attribute's size.
     *
     * @return the size operand
     */
    public SizeOperand size() {
        return new SizeOperand(path);
    }
}
