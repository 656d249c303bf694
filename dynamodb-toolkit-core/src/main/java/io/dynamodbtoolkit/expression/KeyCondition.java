package io.dynamodbtoolkit.expression;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.StringJoiner;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * An immutable KeyConditionExpression for a Query on any table or index: an equality on every partition
 * attribute plus, optionally, conditions on the sort attributes.
 *
 * <pre>{@code
 * KeyCondition.partition("customerId", "C-100").beginsWith("sk", "open#");
 * // multi-attribute GSI key: partition (tournamentId, region), sort (round, bracket, matchId)
 * KeyCondition.partition("tournamentId", "WINTER2024").andPartition("region", "NA-EAST")
 *         .eq("round", "SEMIFINALS").between("bracket", "A", "M");
 * }</pre>
 *
 * <p>The rules, checked as the condition is built (each violation is an {@link InvalidKeyConditionException}
 * that says what to do): every key value is a non-empty string, a number or a non-empty binary; at most 4
 * partition and 4 sort attributes; no attribute twice; sort attributes are conditioned left to right, with
 * equalities ({@link #eq}) on the leading ones and at most one range condition
 * ({@code beginsWith}, {@code between}, {@code lt}, {@code le}, {@code gt}, {@code ge}) which must come last;
 * {@code begins_with} takes a string or binary; BETWEEN bounds are in order. The checks that need the key
 * schema (all partition attributes present, no gap in the sort attributes, value types matching the
 * attribute types) are in {@link #validateAgainst(IndexKeySchema)}.
 */
public final class KeyCondition {

    /**
     * An equality on one key attribute.
     *
     * @param attribute the attribute name
     * @param value     the value (S, N or B)
     */
    public record KeyEquality(String attribute, AttributeValue value) {
    }

    /**
     * The range condition on the last conditioned sort attribute.
     *
     * @param attribute the attribute name
     * @param operator  the operator
     * @param values    one value, two for BETWEEN
     */
    public record SortRange(String attribute, SortOperator operator, List<AttributeValue> values) {
        /**
         * Copies the values.
         *
         * @param attribute the attribute name
         * @param operator  the operator
         * @param values    one value, two for BETWEEN
         */
        public SortRange {
            values = List.copyOf(values);
        }
    }

    private final List<KeyEquality> partition;
    private final List<KeyEquality> sortEqualities;
    private final @Nullable SortRange sortRange;

    private KeyCondition(List<KeyEquality> partition, List<KeyEquality> sortEqualities, @Nullable SortRange sortRange) {
        this.partition = Collections.unmodifiableList(partition);
        this.sortEqualities = Collections.unmodifiableList(sortEqualities);
        this.sortRange = sortRange;
    }

    /**
     * Starts a key condition with the equality on the (first) partition attribute.
     *
     * @param attribute the partition attribute
     * @param value     its value: a non-empty String, a Number or non-empty binary
     * @return the key condition
     */
    public static KeyCondition partition(String attribute, Object value) {
        return new KeyCondition(List.of(), List.of(), null).andPartition(attribute, value);
    }

    /**
     * Adds the equality on another partition attribute (multi-attribute GSI partition keys).
     *
     * @param attribute the partition attribute
     * @param value     its value
     * @return the longer key condition
     */
    public KeyCondition andPartition(String attribute, Object value) {
        requireNewAttribute(attribute);
        if (partition.size() == IndexKeySchema.MAX_ATTRIBUTES_PER_SIDE) {
            throw new InvalidKeyConditionException("A key condition has at most "
                    + IndexKeySchema.MAX_ATTRIBUTES_PER_SIDE + " partition attributes (DynamoDB's limit for"
                    + " multi-attribute keys); '" + attribute + "' would be the fifth");
        }
        List<KeyEquality> longer = new ArrayList<>(partition);
        longer.add(new KeyEquality(attribute, keyValue(attribute, value, "partition")));
        return new KeyCondition(longer, sortEqualities, sortRange);
    }

    /**
     * Adds an equality on the next sort attribute. Repeat it for the leading attributes of a multi-attribute
     * sort key, in key order.
     *
     * @param attribute the sort attribute
     * @param value     its value
     * @return the longer key condition
     */
    public KeyCondition eq(String attribute, Object value) {
        requireSortSlot(attribute, "eq");
        List<KeyEquality> longer = new ArrayList<>(sortEqualities);
        longer.add(new KeyEquality(attribute, keyValue(attribute, value, "sort")));
        return new KeyCondition(partition, longer, null);
    }

    /**
     * {@code begins_with(attribute, prefix)} on the last conditioned sort attribute.
     *
     * @param attribute the sort attribute
     * @param prefix    a non-empty string or binary prefix
     * @return the key condition
     */
    public KeyCondition beginsWith(String attribute, Object prefix) {
        return range(attribute, SortOperator.BEGINS_WITH, prefix);
    }

    /**
     * {@code attribute BETWEEN low AND high} (bounds included) on the last conditioned sort attribute.
     *
     * @param attribute the sort attribute
     * @param low       the low bound
     * @param high      the high bound, not below {@code low}
     * @return the key condition
     */
    public KeyCondition between(String attribute, Object low, Object high) {
        return range(attribute, SortOperator.BETWEEN, low, high);
    }

    /**
     * {@code attribute < value} on the last conditioned sort attribute.
     *
     * @param attribute the sort attribute
     * @param value     the bound
     * @return the key condition
     */
    public KeyCondition lt(String attribute, Object value) {
        return range(attribute, SortOperator.LT, value);
    }

    /**
     * {@code attribute <= value} on the last conditioned sort attribute.
     *
     * @param attribute the sort attribute
     * @param value     the bound
     * @return the key condition
     */
    public KeyCondition le(String attribute, Object value) {
        return range(attribute, SortOperator.LE, value);
    }

    /**
     * {@code attribute > value} on the last conditioned sort attribute.
     *
     * @param attribute the sort attribute
     * @param value     the bound
     * @return the key condition
     */
    public KeyCondition gt(String attribute, Object value) {
        return range(attribute, SortOperator.GT, value);
    }

    /**
     * {@code attribute >= value} on the last conditioned sort attribute.
     *
     * @param attribute the sort attribute
     * @param value     the bound
     * @return the key condition
     */
    public KeyCondition ge(String attribute, Object value) {
        return range(attribute, SortOperator.GE, value);
    }

    /**
     * The range condition given by operator, for code that chooses the operator at run time.
     *
     * @param attribute the sort attribute
     * @param operator  the operator
     * @param values    one value, or two for {@link SortOperator#BETWEEN}
     * @return the key condition
     */
    public KeyCondition range(String attribute, SortOperator operator, Object... values) {
        String method = operator == null ? "range" : operator.verb();
        requireSortSlot(attribute, method);
        if (operator == null) {
            throw new InvalidKeyConditionException("A sort condition on '" + attribute + "' needs an operator");
        }
        if (values == null || values.length != operator.valueCount()) {
            throw new InvalidKeyConditionException(operator + " on '" + attribute + "' takes "
                    + operator.valueCount() + " value(s), got " + (values == null ? 0 : values.length));
        }
        List<AttributeValue> converted = new ArrayList<>(values.length);
        for (Object value : values) {
            converted.add(keyValue(attribute, value, "sort"));
        }
        if (operator == SortOperator.BEGINS_WITH && converted.get(0).type() == AttributeValue.Type.N) {
            throw new InvalidKeyConditionException("begins_with works on string or binary sort keys, but the prefix"
                    + " for '" + attribute + "' is the number " + converted.get(0).n()
                    + "; use between(...) or ge(...) for a numeric range");
        }
        if (operator == SortOperator.BETWEEN) {
            AttributeValue low = converted.get(0);
            AttributeValue high = converted.get(1);
            if (low.type() != high.type()) {
                throw new InvalidKeyConditionException("BETWEEN bounds on '" + attribute + "' must have the same type,"
                        + " got " + AttributeValues.typeCode(low) + " and " + AttributeValues.typeCode(high));
            }
            if (AttributeValues.compareScalars(low, high) > 0) {
                throw new InvalidKeyConditionException("BETWEEN on '" + attribute + "' needs the low bound first: "
                        + Operands.display(low) + " is greater than " + Operands.display(high) + "; swap them");
            }
        }
        return new KeyCondition(partition, sortEqualities, new SortRange(attribute, operator, converted));
    }

    /**
     * The same partition equalities without any sort condition, e.g. to replace a sort condition.
     *
     * @return the partition-only key condition
     */
    public KeyCondition withoutSortConditions() {
        return new KeyCondition(partition, List.of(), null);
    }

    /**
     * The partition equalities, in the order given.
     *
     * @return an unmodifiable list, never empty
     */
    public List<KeyEquality> partitionEqualities() {
        return partition;
    }

    /**
     * The sort equalities, in the order given.
     *
     * @return an unmodifiable list
     */
    public List<KeyEquality> sortEqualities() {
        return sortEqualities;
    }

    /**
     * The range condition, if any.
     *
     * @return the range condition
     */
    public Optional<SortRange> sortRange() {
        return Optional.ofNullable(sortRange);
    }

    /**
     * The value this condition requires for a partition attribute.
     *
     * @param attribute the attribute
     * @return the value, or empty if the attribute is not conditioned as a partition attribute
     */
    public Optional<AttributeValue> partitionValue(String attribute) {
        for (KeyEquality equality : partition) {
            if (equality.attribute().equals(attribute)) {
                return Optional.of(equality.value());
            }
        }
        return Optional.empty();
    }

    /**
     * The names of all conditioned attributes, partition first.
     *
     * @return an unmodifiable ordered set
     */
    public Set<String> attributes() {
        Set<String> names = new LinkedHashSet<>();
        partition.forEach(e -> names.add(e.attribute()));
        sortEqualities.forEach(e -> names.add(e.attribute()));
        if (sortRange != null) {
            names.add(sortRange.attribute());
        }
        return Collections.unmodifiableSet(names);
    }

    /**
     * Checks the condition against the key schema of the table or index it will query: every partition
     * attribute has an equality and nothing else is a partition condition; the conditioned sort attributes are
     * the first ones of the sort key with no gap, and only the last may carry the range condition; every value
     * has its attribute's type.
     *
     * @param schema the table's or index's key schema
     * @throws InvalidKeyConditionException naming the first problem and the fix
     */
    public void validateAgainst(IndexKeySchema schema) {
        String target = schema.description();
        for (KeyEquality equality : partition) {
            if (!schema.isPartitionAttribute(equality.attribute())) {
                throw new InvalidKeyConditionException("'" + equality.attribute() + "' is not a partition attribute of "
                        + target + " (" + KeyAttribute.names(schema.partitionAttributes()) + ")"
                        + (schema.isSortAttribute(equality.attribute()) ? "; it is a sort attribute: use eq" : ""));
            }
        }
        for (KeyAttribute attribute : schema.partitionAttributes()) {
            AttributeValue value = partitionValue(attribute.name()).orElseThrow(() -> new InvalidKeyConditionException(
                    "A Query on " + target + " needs an equality on every partition attribute ("
                            + KeyAttribute.names(schema.partitionAttributes()) + "); '" + attribute.name()
                            + "' has none: add andPartition(\"" + attribute.name() + "\", value)"));
            requireType(attribute, value, target);
        }
        List<String> conditioned = new ArrayList<>();
        sortEqualities.forEach(e -> conditioned.add(e.attribute()));
        if (sortRange != null) {
            conditioned.add(sortRange.attribute());
        }
        List<KeyAttribute> sortKey = schema.sortAttributes();
        for (String name : conditioned) {
            if (!schema.isSortAttribute(name)) {
                throw new InvalidKeyConditionException("'" + name + "' is not a sort attribute of " + target
                        + (sortKey.isEmpty() ? ", which has no sort key" : " (" + KeyAttribute.names(sortKey) + ")"));
            }
        }
        for (int i = 0; i < conditioned.size(); i++) {
            KeyAttribute expected = sortKey.get(i);
            if (!conditioned.contains(expected.name())) {
                String skipped = conditioned.stream()
                        .filter(name -> KeyAttribute.indexOf(sortKey, name)
                                > KeyAttribute.indexOf(sortKey, expected.name()))
                        .collect(Collectors.joining(", "));
                throw new InvalidKeyConditionException("The sort key of " + target + " is ("
                        + KeyAttribute.names(sortKey)
                        + "): its attributes are conditioned left to right with no gap, but '" + skipped
                        + "' is conditioned while '" + expected.name() + "' before it is not. Add an equality on '"
                        + expected.name() + "' or drop the later condition");
            }
        }
        if (sortRange != null && KeyAttribute.indexOf(sortKey, sortRange.attribute()) != conditioned.size() - 1) {
            throw new InvalidKeyConditionException("The range condition (" + sortRange.operator() + ") is on '"
                    + sortRange.attribute() + "', but it may only be on the last conditioned sort attribute of "
                    + target + " (" + KeyAttribute.names(sortKey) + "); use equalities on the attributes before it");
        }
        for (KeyEquality equality : sortEqualities) {
            requireType(sortKey.get(KeyAttribute.indexOf(sortKey, equality.attribute())), equality.value(), target);
        }
        if (sortRange != null) {
            KeyAttribute attribute = sortKey.get(KeyAttribute.indexOf(sortKey, sortRange.attribute()));
            for (AttributeValue value : sortRange.values()) {
                requireType(attribute, value, target);
            }
        }
    }

    /**
     * Renders the KeyConditionExpression, e.g. {@code #n0 = :v0 AND begins_with(#n1, :v1)}.
     *
     * @param placeholders the request's allocator
     * @return the expression
     */
    public String render(Placeholders placeholders) {
        StringJoiner expression = new StringJoiner(" AND ");
        for (KeyEquality equality : partition) {
            expression.add(placeholders.name(equality.attribute()) + " = " + placeholders.value(equality.value()));
        }
        for (KeyEquality equality : sortEqualities) {
            expression.add(placeholders.name(equality.attribute()) + " = " + placeholders.value(equality.value()));
        }
        if (sortRange != null) {
            String name = placeholders.name(sortRange.attribute());
            List<AttributeValue> values = sortRange.values();
            expression.add(switch (sortRange.operator()) {
                case BEGINS_WITH -> "begins_with(" + name + ", " + placeholders.value(values.get(0)) + ")";
                case BETWEEN -> name + " BETWEEN " + placeholders.value(values.get(0)) + " AND "
                        + placeholders.value(values.get(1));
                case LT -> name + " < " + placeholders.value(values.get(0));
                case LE -> name + " <= " + placeholders.value(values.get(0));
                case GT -> name + " > " + placeholders.value(values.get(0));
                case GE -> name + " >= " + placeholders.value(values.get(0));
            });
        }
        return expression.toString();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof KeyCondition other && partition.equals(other.partition)
                && sortEqualities.equals(other.sortEqualities) && Objects.equals(sortRange, other.sortRange);
    }

    @Override
    public int hashCode() {
        return Objects.hash(partition, sortEqualities, sortRange);
    }

    @Override
    public String toString() {
        StringJoiner text = new StringJoiner(" AND ", "KeyCondition[", "]");
        partition.forEach(e -> text.add(e.attribute() + " = " + Operands.display(e.value())));
        sortEqualities.forEach(e -> text.add(e.attribute() + " = " + Operands.display(e.value())));
        if (sortRange != null) {
            text.add(sortRange.attribute() + " " + sortRange.operator() + " " + sortRange.values().stream()
                    .map(Operands::display).collect(Collectors.joining(", ")));
        }
        return text.toString();
    }

    private void requireNewAttribute(String attribute) {
        if (attribute == null || attribute.isEmpty()) {
            throw new InvalidKeyConditionException("A key condition needs an attribute name, got "
                    + (attribute == null ? "null" : "an empty name"));
        }
        Set<String> used = new HashSet<>(attributes());
        if (used.contains(attribute)) {
            throw new InvalidKeyConditionException("'" + attribute + "' is already conditioned in " + this
                    + "; a key condition has one condition per key attribute");
        }
    }

    private void requireSortSlot(String attribute, String method) {
        requireNewAttribute(attribute);
        if (sortRange != null) {
            throw new InvalidKeyConditionException("Cannot add " + method + " on '" + attribute
                    + "': the range condition "
                    + sortRange.operator() + " on '" + sortRange.attribute()
                    + "' is already set, and DynamoDB allows one"
                    + " range condition, on the last conditioned sort attribute. Put equalities (eq) first and"
                    + " the one range condition last");
        }
        if (sortEqualities.size() == IndexKeySchema.MAX_ATTRIBUTES_PER_SIDE) {
            throw new InvalidKeyConditionException("A key condition has at most "
                    + IndexKeySchema.MAX_ATTRIBUTES_PER_SIDE + " sort attributes (DynamoDB's limit for multi-attribute"
                    + " keys); '" + attribute + "' would be the fifth");
        }
    }

    private static AttributeValue keyValue(String attribute, Object value, String side) {
        if (value == null) {
            throw new InvalidKeyConditionException("The value for " + side + " attribute '" + attribute + "' is null; "
                    + ("partition".equals(side)
                    ? "a Query needs a value for every partition attribute"
                    : "give a value or leave the sort attribute unconditioned"));
        }
        AttributeValue converted;
        try {
            converted = AttributeValues.toAttributeValue(value);
        } catch (IllegalArgumentException e) {
            throw new InvalidKeyConditionException("The value for " + side + " attribute '" + attribute
                    + "' cannot be used: " + e.getMessage());
        }
        if (!AttributeValues.isScalarKeyType(converted)) {
            throw new InvalidKeyConditionException("Key attribute values are strings, numbers or binaries, but '"
                    + attribute + "' got a " + AttributeValues.typeCode(converted) + " (" + value.getClass().getName()
                    + ")");
        }
        if ((converted.type() == AttributeValue.Type.S && converted.s().isEmpty())
                || (converted.type() == AttributeValue.Type.B && converted.b().asByteArrayUnsafe().length == 0)) {
            throw new InvalidKeyConditionException("The value for " + side + " attribute '" + attribute
                    + "' is empty; DynamoDB key values cannot be empty strings or empty binaries");
        }
        return converted;
    }

    private static void requireType(KeyAttribute attribute, AttributeValue value, String target) {
        ScalarAttributeType expected = attribute.type();
        if (!expected.toString().equals(value.type().toString())) {
            throw new InvalidKeyConditionException("Key attribute '" + attribute.name() + "' of " + target
                    + " has type "
                    + expected + ", but the condition gives a " + AttributeValues.typeCode(value) + " value "
                    + Operands.display(value) + "; convert the value to the attribute's type");
        }
    }


}
