package io.dynamodbtoolkit.expression;

import java.util.Arrays;

/**
 * {@code size(path)} as the left side of a comparison (string length, binary length, number of elements of a
 * set, list or map), from {@link Condition#size(String)} or {@link AttributeOperand#size()}.
 */
public final class SizeOperand {

    private final Operand self;

    SizeOperand(AttributePath path) {
        if (path == null) {
            throw new IllegalArgumentException("size needs an attribute path, got null");
        }
        this.self = new Operand.Size(path);
    }

    /**
     * {@code size(attr) = n}.
     *
     * @param size the size
     * @return the condition
     */
    public Condition eq(Number size) {
        return compare(ComparisonOperator.EQ, size);
    }

    /**
     * {@code size(attr) = other} (a number attribute of the same item).
     *
     * @param other the other attribute
     * @return the condition
     */
    public Condition eq(AttributePath other) {
        return compare(ComparisonOperator.EQ, other);
    }

    /**
     * {@code size(attr) <> n}.
     *
     * @param size the size
     * @return the condition
     */
    public Condition ne(Number size) {
        return compare(ComparisonOperator.NE, size);
    }

    /**
     * {@code size(attr) <> other}.
     *
     * @param other the other attribute
     * @return the condition
     */
    public Condition ne(AttributePath other) {
        return compare(ComparisonOperator.NE, other);
    }

    /**
     * {@code size(attr) < n}.
     *
     * @param size the size
     * @return the condition
     */
    public Condition lt(Number size) {
        return compare(ComparisonOperator.LT, size);
    }

    /**
     * {@code size(attr) < other}.
     *
     * @param other the other attribute
     * @return the condition
     */
    public Condition lt(AttributePath other) {
        return compare(ComparisonOperator.LT, other);
    }

    /**
     * {@code size(attr) <= n}.
     *
     * @param size the size
     * @return the condition
     */
    public Condition le(Number size) {
        return compare(ComparisonOperator.LE, size);
    }

    /**
     * {@code size(attr) <= other}.
     *
     * @param other the other attribute
     * @return the condition
     */
    public Condition le(AttributePath other) {
        return compare(ComparisonOperator.LE, other);
    }

    /**
     * {@code size(attr) > n}.
     *
     * @param size the size
     * @return the condition
     */
    public Condition gt(Number size) {
        return compare(ComparisonOperator.GT, size);
    }

    /**
     * {@code size(attr) > other}.
     *
     * @param other the other attribute
     * @return the condition
     */
    public Condition gt(AttributePath other) {
        return compare(ComparisonOperator.GT, other);
    }

    /**
     * {@code size(attr) >= n}.
     *
     * @param size the size
     * @return the condition
     */
    public Condition ge(Number size) {
        return compare(ComparisonOperator.GE, size);
    }

    /**
     * {@code size(attr) >= other}.
     *
     * @param other the other attribute
     * @return the condition
     */
    public Condition ge(AttributePath other) {
        return compare(ComparisonOperator.GE, other);
    }

    /**
     * {@code size(attr) BETWEEN low AND high}.
     *
     * @param low  the low bound
     * @param high the high bound
     * @return the condition
     */
    public Condition between(Number low, Number high) {
        return Operands.between(self, Operands.of(requireNumber(low)), Operands.of(requireNumber(high)));
    }

    /**
     * {@code size(attr) IN (n1, n2, ...)}.
     *
     * @param sizes 1 to 100 sizes
     * @return the condition
     */
    public Condition in(Number... sizes) {
        if (sizes != null) {
            Arrays.stream(sizes).forEach(SizeOperand::requireNumber);
        }
        return Operands.in(self, sizes == null ? null : Arrays.asList(sizes));
    }

    private Condition compare(ComparisonOperator operator, Object operand) {
        if (!(operand instanceof AttributePath)) {
            requireNumber(operand);
        }
        return Operands.compare(self, operator, Operands.of(operand));
    }

    private static Object requireNumber(Object size) {
        if (size == null) {
            throw new IllegalArgumentException("size(...) compares with a number or an attribute, got null");
        }
        return size;
    }
}
