package io.dynamodbtoolkit.springdata.repository.query;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;

import io.dynamodbtoolkit.adapter.QueryPlan;
import io.dynamodbtoolkit.index.IndexQuery;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.key.SubtreeQuery;
import io.dynamodbtoolkit.springdata.core.DynamoDbToolkitOperations;
import io.dynamodbtoolkit.springdata.core.PlannedRead;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.repository.query.ParametersParameterAccessor;

/**
 * The key seek of a derived method: equalities on leading key fields (the scope's included), then optionally a
 * prefix or a range on the next one, on the table or on a declared index.
 *
 * <p>On a hierarchical table, equalities alone read exactly the rows whose fields have those values: the whole
 * partition, a node and its subtree (the node row and its descendants, never a sibling that merely extends the
 * node's value), or the one row of a full key. A prefix or a range on the next field, and any seek on a plain
 * table or an index, is composed by the core from the field values ({@link IndexQuery}).
 */
final class DerivedKeySeek {

    /** The seek's form. */
    enum Kind {
        /** Every row of a partition of the table. */
        PARTITION,
        /** A node's row and every row under it. */
        SELF_AND_DESCENDANTS,
        /** Every row under a node, not the node's row. */
        CHILDREN,
        /** The row with a full key. */
        FULL_KEY,
        /** A query composed from field values, on the table or an index. */
        COMPOSED
    }

    private final @Nullable String index;
    private final Kind kind;
    private final List<BoundPart> equalities;
    private final @Nullable BoundPart last;
    private final int depth;

    private DerivedKeySeek(@Nullable String index, Kind kind, List<BoundPart> equalities, @Nullable BoundPart last,
            int depth) {
        this.index = index;
        this.kind = kind;
        this.equalities = List.copyOf(equalities);
        this.last = last;
        this.depth = depth;
    }

    /** @return a seek on the table; {@code depth} counts the leading key fields with one value */
    static DerivedKeySeek table(Kind kind, List<BoundPart> equalities, @Nullable BoundPart last, int depth) {
        return new DerivedKeySeek(null, kind, equalities, last, depth);
    }

    /** @return a seek on an index (whose rows the template reads whole from the table when it projects less) */
    static DerivedKeySeek index(String name, List<BoundPart> equalities, @Nullable BoundPart last) {
        return new DerivedKeySeek(name, Kind.COMPOSED, equalities, last, -1);
    }

    /** @return on the table: the leading key fields with one value (equalities and scope) */
    int depth() {
        return depth;
    }

    /**
     * @return on a hierarchical table, the seek of the rows under its node without the node's row, when it reads a
     *         node's row and the rows under it (a whole partition: the partition's top row and the rows under it);
     *         else null
     */
    @Nullable DerivedKeySeek withoutNodeRow() {
        return readsNodeAndSubtree() ? new DerivedKeySeek(index, Kind.CHILDREN, equalities, last, depth) : null;
    }

    /**
     * @return on a hierarchical table, the seek of its node's row alone, when it reads a node's row and the rows under
     *         it; else null
     */
    @Nullable DerivedKeySeek nodeRowOnly() {
        return readsNodeAndSubtree() ? new DerivedKeySeek(index, Kind.FULL_KEY, equalities, last, depth) : null;
    }

    private boolean readsNodeAndSubtree() {
        return kind == Kind.SELF_AND_DESCENDANTS || kind == Kind.PARTITION;
    }

    /** @return the parts the seek serves */
    List<BoundPart> parts() {
        List<BoundPart> parts = new ArrayList<>(equalities);
        if (last != null) {
            parts.add(last);
        }
        return parts;
    }

    /** @return what a call reads (the template stores the values and applies the scope when planning) */
    <T> PlannedRead<T> read(QueryContext<T> context, ParametersParameterAccessor accessor) {
        return read(context, accessor::getBindableValue);
    }

    /**
     * @param arguments the call's values by the index of their argument ({@link BoundPart#firstArgument()})
     * @return what a call reads
     */
    <T> PlannedRead<T> read(QueryContext<T> context, IntFunction<@Nullable Object> arguments) {
        KeyValues values = KeyValues.empty();
        for (BoundPart equality : equalities) {
            values = values.and(equality.attribute(), value(equality, arguments, 0));
        }
        DynamoDbToolkitOperations operations = context.operations();
        QueryPlan plan;
        if (kind != Kind.COMPOSED) {
            plan = tablePlan(operations, values);
        } else {
            IndexQuery query = (index == null ? IndexQuery.table() : IndexQuery.on(index)).eq(values.asMap());
            if (last != null) {
                query = query.range(last.attribute(), last.operator(), rangeValues(arguments));
            }
            plan = operations.plan(query);
        }
        return PlannedRead.query(plan, context.domainType());
    }

    /** @param node the equalities on the leading key fields (the partition field alone for a whole partition) */
    private QueryPlan tablePlan(DynamoDbToolkitOperations operations, KeyValues node) {
        if (kind == Kind.CHILDREN) {
            return operations.plan(SubtreeQuery.children(node));
        }
        if (kind == Kind.PARTITION) {
            QueryPlan children = operations.plan(SubtreeQuery.children(node));
            return children.withSegments(List.of(children.segments().get(0).withoutSortConditions()));
        }
        QueryPlan self = operations.plan(SubtreeQuery.selfAndDescendants(node));
        return kind == Kind.FULL_KEY ? self.withSegments(List.of(self.segments().get(0))) : self;
    }

    private Object[] rangeValues(IntFunction<@Nullable Object> arguments) {
        BoundPart range = Objects.requireNonNull(last, "a range seek has its last part");
        Object[] values = new Object[range.part().getNumberOfArguments()];
        for (int i = 0; i < values.length; i++) {
            values[i] = value(range, arguments, i);
        }
        return values;
    }

    private static Object value(BoundPart part, IntFunction<@Nullable Object> arguments, int offset) {
        Object argument = arguments.apply(part.firstArgument() + offset);
        if (argument == null) {
            throw new InvalidDataAccessApiUsageException("The value for key field '" + part.attribute() + "' is null");
        }
        return argument;
    }

    @Override
    public String toString() {
        return (index == null ? "table" : "index " + index) + " " + kind;
    }
}
