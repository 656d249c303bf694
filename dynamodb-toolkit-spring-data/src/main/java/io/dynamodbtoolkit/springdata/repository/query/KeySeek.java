package io.dynamodbtoolkit.springdata.repository.query;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import io.dynamodbtoolkit.adapter.QueryPlan;
import io.dynamodbtoolkit.expression.KeyCondition;
import io.dynamodbtoolkit.expression.SortOperator;
import io.dynamodbtoolkit.key.CompositeKey;
import io.dynamodbtoolkit.key.KeyField;
import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.key.KeyType;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.key.SubtreeQuery;
import io.dynamodbtoolkit.springdata.repository.support.BoundAdapter;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.repository.query.ParametersParameterAccessor;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The key seek of a derived method: equalities on the leading key fields (the scope's included), then optionally a
 * prefix or a range on the next one. On a hierarchical key it becomes a subtree seek on the structural key: the whole
 * partition, a node and its subtree (exactly), one row, a partial prefix, or a range of a fixed-width number tier
 * (exact, because such components are never prefixes of one another). On a plain pk/sk key it is a key condition on
 * the sort key.
 */
final class KeySeek {

    /** The seek's form. */
    enum Kind {
        /** Every row of the partition. */
        PARTITION,
        /** A node's row and every row under it. */
        SELF_AND_DESCENDANTS,
        /** The row with the full key. */
        FULL_KEY,
        /** Rows whose next-tier value starts with a prefix, and their subtrees. */
        PARTIAL,
        /** Rows whose next (number) tier value is in a range, and their subtrees. */
        TIER_RANGE,
        /** A plain table's sort key: equality, prefix or range. */
        SORT_KEY
    }

    private final Kind kind;
    private final List<BoundPart> equalities;
    private final BoundPart last;
    private final int depth;

    KeySeek(Kind kind, List<BoundPart> equalities, BoundPart last, int depth) {
        this.kind = kind;
        this.equalities = List.copyOf(equalities);
        this.last = last;
        this.depth = depth;
    }

    /** @return the seek's form */
    Kind kind() {
        return kind;
    }

    /** @return the leading key fields with one value (equalities and scope) */
    int depth() {
        return depth;
    }

    /** @return the parts the seek serves */
    List<BoundPart> parts() {
        List<BoundPart> parts = new ArrayList<>(equalities);
        if (last != null) {
            parts.add(last);
        }
        return parts;
    }

    /** @return the query plan of a call, or empty when no key can match (e.g. a range below zero) */
    Optional<QueryPlan> plan(BoundAdapter<?> bound, ParametersParameterAccessor accessor) {
        KeyModel keys = bound.keys();
        KeyValues node = KeyValues.empty();
        for (BoundPart equality : equalities) {
            node = node.and(equality.attribute(), keyValue(bound, equality, accessor, 0));
        }
        node = bound.scope().apply(node);
        return switch (kind) {
            case PARTITION -> Optional.of(partitionOnly(bound, node));
            case SELF_AND_DESCENDANTS -> Optional.of(bound.plan(SubtreeQuery.selfAndDescendants(node)));
            case FULL_KEY -> {
                QueryPlan self = bound.plan(SubtreeQuery.selfAndDescendants(node));
                yield Optional.of(self.withSegments(List.of(self.segments().get(0))));
            }
            case PARTIAL -> Optional.of(bound.plan(SubtreeQuery.partial(node, keyValue(bound, last, accessor, 0)
                    .s())));
            case TIER_RANGE -> tierRange(bound, node, accessor, keys);
            case SORT_KEY -> Optional.of(sortKey(bound, node, accessor, keys));
        };
    }

    private QueryPlan partitionOnly(BoundAdapter<?> bound, KeyValues node) {
        KeyValues partition = KeyValues.of(bound.keys().partitionField().name(), node.get(bound.keys()
                .partitionField().name()));
        QueryPlan base = bound.plan(SubtreeQuery.children(partition));
        return base.withSegments(List.of(base.segments().get(0).withoutSortConditions()));
    }

    private QueryPlan sortKey(BoundAdapter<?> bound, KeyValues node, ParametersParameterAccessor accessor,
            KeyModel keys) {
        QueryPlan base = partitionOnly(bound, node);
        KeyCondition partition = base.segments().get(0);
        String sortKey = keys.keyField(1).name();
        KeyCondition condition;
        if (last == null) {
            condition = partition.sortEquals(sortKey, keys.keyFieldAttributes(node).get(sortKey));
        } else if (last.isPrefix()) {
            condition = partition.sortBeginsWith(sortKey, keyValue(bound, last, accessor, 0));
        } else {
            AttributeValue first = keyValue(bound, last, accessor, 0);
            condition = switch (last.part().getType()) {
                case BETWEEN -> partition.sortBetween(sortKey, first, keyValue(bound, last, accessor, 1));
                case LESS_THAN, BEFORE -> partition.sortCondition(sortKey, SortOperator.LESS_THAN, first);
                case LESS_THAN_EQUAL -> partition.sortCondition(sortKey, SortOperator.LESS_THAN_OR_EQUAL, first);
                case GREATER_THAN, AFTER -> partition.sortCondition(sortKey, SortOperator.GREATER_THAN, first);
                default -> partition.sortCondition(sortKey, SortOperator.GREATER_THAN_OR_EQUAL, first);
            };
        }
        return base.withSegments(List.of(condition));
    }

    private Optional<QueryPlan> tierRange(BoundAdapter<?> bound, KeyValues node, ParametersParameterAccessor accessor,
            KeyModel keys) {
        CompositeKey structural = keys.structuralKey().orElseThrow();
        KeyField tier = keys.keyField(depth);
        BigInteger max = BigInteger.TEN.pow(tier.width()).subtract(BigInteger.ONE);
        BigInteger low = BigInteger.ZERO;
        BigInteger high = max;
        BigInteger first = integer(keyValue(bound, last, accessor, 0), tier);
        switch (last.part().getType()) {
            case BETWEEN -> {
                low = first;
                high = integer(keyValue(bound, last, accessor, 1), tier);
            }
            case LESS_THAN, BEFORE -> high = first.subtract(BigInteger.ONE);
            case LESS_THAN_EQUAL -> high = first;
            case GREATER_THAN, AFTER -> low = first.add(BigInteger.ONE);
            default -> low = first;
        }
        low = low.max(BigInteger.ZERO);
        high = high.min(max);
        if (low.compareTo(high) > 0) {
            return Optional.empty();
        }
        String separator = structural.separator();
        String parent = structural.compose(keys.orderedValues(node)) + separator;
        String past = separator.substring(0, separator.length() - 1)
                + (char) (separator.charAt(separator.length() - 1) + 1);
        QueryPlan base = partitionOnly(bound, node);
        KeyCondition condition = base.segments().get(0).sortBetween(structural.attributeName(),
                parent + structural.encodeComponent(depth, low),
                parent + structural.encodeComponent(depth, high) + past);
        return Optional.of(base.withSegments(List.of(condition)));
    }

    private static AttributeValue keyValue(BoundAdapter<?> bound, BoundPart part, ParametersParameterAccessor accessor,
            int offset) {
        Object argument = accessor.getBindableValue(part.firstArgument() + offset);
        if (argument == null) {
            throw new InvalidDataAccessApiUsageException("The value for key field '" + part.attribute() + "' is null");
        }
        return bound.converter().writeValue(argument);
    }

    private static BigInteger integer(AttributeValue value, KeyField tier) {
        try {
            return new BigDecimal(value.n()).toBigIntegerExact();
        } catch (ArithmeticException | NullPointerException e) {
            throw new InvalidDataAccessApiUsageException("The bound for key field '" + tier.name() + "' must be a whole "
                    + "number, like the field's values, but was " + value);
        }
    }

    /** @return whether a part's condition type can be this seek's last condition on a key field of this type */
    static boolean canEnd(BoundPart part, KeyField field, boolean hierarchical) {
        if (part.isPrefix()) {
            return field.type() == KeyType.STRING
                    || !hierarchical && field.type() == KeyType.BINARY;
        }
        return part.isRange() && (!hierarchical || field.type() == KeyType.NUMBER);
    }
}
