package io.dynamodbtoolkit.springdata.repository.query;

import java.util.ArrayList;
import java.util.List;

import io.dynamodbtoolkit.adapter.QueryPlan;
import io.dynamodbtoolkit.index.IndexQuery;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.key.SubtreeQuery;
import io.dynamodbtoolkit.springdata.repository.support.BoundAdapter;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.repository.query.ParametersParameterAccessor;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The key seek of a derived method: equalities on leading key fields (the scope's included), then optionally a
 * prefix or a range on the next one, on the table or on a declared index.
 *
 * <p>On a hierarchical table, equalities alone read exactly the rows whose fields have those values: the whole
 * partition, a node and its subtree (the node row and its descendants, never a sibling that merely extends the
 * node's value), or the one row of a full key. A prefix or a range on the next field, and any seek on a plain
 * table or an index, is composed by the core from the field values ({@link IndexQuery}).
 */
final class KeySeek {

    /** The seek's form. */
    enum Kind {
        /** Every row of a partition of the table. */
        PARTITION,
        /** A node's row and every row under it. */
        SELF_AND_DESCENDANTS,
        /** The row with a full key. */
        FULL_KEY,
        /** A query composed from field values, on the table or an index. */
        COMPOSED
    }

    private final String index;
    private final Kind kind;
    private final List<BoundPart> equalities;
    private final BoundPart last;
    private final int depth;
    private final boolean indirect;

    private KeySeek(String index, Kind kind, List<BoundPart> equalities, BoundPart last, int depth,
            boolean indirect) {
        this.index = index;
        this.kind = kind;
        this.equalities = List.copyOf(equalities);
        this.last = last;
        this.depth = depth;
        this.indirect = indirect;
    }

    /** @return a seek on the table; {@code depth} counts the leading key fields with one value */
    static KeySeek table(Kind kind, List<BoundPart> equalities, BoundPart last, int depth) {
        return new KeySeek(null, kind, equalities, last, depth, false);
    }

    /** @return a seek on an index; {@code indirect} when the index does not project whole items */
    static KeySeek index(String name, List<BoundPart> equalities, BoundPart last, boolean indirect) {
        return new KeySeek(name, Kind.COMPOSED, equalities, last, -1, indirect);
    }

    /** @return on the table: the leading key fields with one value (equalities and scope) */
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

    /** @return the items of a call, a page per fetch */
    <T> ItemSource<T> source(BoundAdapter<T> bound, ParametersParameterAccessor accessor) {
        KeyValues values = KeyValues.empty();
        for (BoundPart equality : equalities) {
            values = values.and(equality.attribute(), value(bound, equality, accessor, 0));
        }
        KeyValues scoped = bound.scope().apply(values);
        if (kind != Kind.COMPOSED) {
            QueryPlan plan = tablePlan(bound, scoped);
            return options -> bound.query(plan, options);
        }
        IndexQuery query = (index == null ? IndexQuery.table() : IndexQuery.on(index)).eq(scoped.asMap());
        if (last != null) {
            query = last.isPrefix() ? query.beginsWith(last.attribute(), value(bound, last, accessor, 0).s())
                    : query.range(last.attribute(), last.operator(), rangeValues(bound, accessor));
        }
        IndexQuery composed = query;
        return indirect ? options -> bound.queryIndirect(composed, options)
                : options -> bound.query(composed, options);
    }

    private QueryPlan tablePlan(BoundAdapter<?> bound, KeyValues node) {
        if (kind == Kind.PARTITION) {
            String partition = bound.keys().partitionField().name();
            QueryPlan children = bound.plan(SubtreeQuery.children(KeyValues.of(partition, node.get(partition))));
            return children.withSegments(List.of(children.segments().get(0).withoutSortConditions()));
        }
        QueryPlan self = bound.plan(SubtreeQuery.selfAndDescendants(node));
        return kind == Kind.FULL_KEY ? self.withSegments(List.of(self.segments().get(0))) : self;
    }

    private Object[] rangeValues(BoundAdapter<?> bound, ParametersParameterAccessor accessor) {
        Object[] values = new Object[last.part().getNumberOfArguments()];
        for (int i = 0; i < values.length; i++) {
            values[i] = value(bound, last, accessor, i);
        }
        return values;
    }

    private static AttributeValue value(BoundAdapter<?> bound, BoundPart part, ParametersParameterAccessor accessor,
            int offset) {
        Object argument = accessor.getBindableValue(part.firstArgument() + offset);
        if (argument == null) {
            throw new InvalidDataAccessApiUsageException("The value for key field '" + part.attribute() + "' is null");
        }
        return bound.converter().writeKeyValue(argument);
    }

    @Override
    public String toString() {
        return (index == null ? "table" : "index " + index) + " " + kind;
    }
}
