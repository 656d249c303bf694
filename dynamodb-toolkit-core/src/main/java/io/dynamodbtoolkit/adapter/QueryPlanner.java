package io.dynamodbtoolkit.adapter;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import io.dynamodbtoolkit.expression.IndexKeySchema;
import io.dynamodbtoolkit.expression.KeyAttribute;
import io.dynamodbtoolkit.expression.KeyCondition;
import io.dynamodbtoolkit.index.IndexQuery;
import io.dynamodbtoolkit.index.KeyQueryComposer;
import io.dynamodbtoolkit.index.KeyTarget;
import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.key.SubtreePlan;
import io.dynamodbtoolkit.key.SubtreeQuery;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/** Turns subtree queries and key conditions on the table into {@link QueryPlan}s. */
final class QueryPlanner {

    private final AdapterContext context;
    private final IndexKeySchema tableSchema;

    QueryPlanner(AdapterContext context) {
        this.context = context;
        this.tableSchema = tableSchema(context.table(), context.keys());
    }

    /** The key schema of an adapter's table, from its key design. */
    static IndexKeySchema tableSchema(String table, KeyModel keys) {
        List<KeyAttribute> partition = List.of(new KeyAttribute(keys.partitionField().name(),
                keys.partitionField().type().scalarType()));
        List<KeyAttribute> sort = new ArrayList<>();
        if (keys.isHierarchical()) {
            sort.add(new KeyAttribute(keys.sortKeyName().orElseThrow(), ScalarAttributeType.S));
        } else if (keys.keyFields().size() == 2) {
            sort.add(new KeyAttribute(keys.keyField(1).name(), keys.keyField(1).type().scalarType()));
        }
        return IndexKeySchema.of("table " + table, partition, sort);
    }

    /**
     * A subtree as key seeks: the children's prefix query, preceded (ascending) by an exact query of the node row
     * for self-and-descendants.
     */
    QueryPlan subtree(SubtreeQuery subtree) {
        SubtreePlan plan = subtree.plan(context.keys());
        KeyCondition partition = KeyCondition.partition(plan.partitionName(), plan.partitionValue());
        List<KeyCondition> segments = new ArrayList<>(2);
        String sortName = plan.sortName();
        String sortPrefix = plan.sortPrefix();
        plan.self().ifPresent(self -> segments.add(partition.eq(
                Objects.requireNonNull(sortName, "a subtree with its own row has a sort key"),
                Objects.requireNonNull(self.get(sortName), "the own row's key has its sort key"))));
        segments.add(sortPrefix == null ? partition
                : partition.beginsWith(Objects.requireNonNull(sortName, "a prefix has its sort key"), sortPrefix));
        return new QueryPlan(null, tableSchema, segments, context.keys().primaryKeyNames(), false, false);
    }

    /**
     * A key-seek query on the table or an index, composed from field values; a sharded marker's partitions become
     * segments merged in sort order.
     */
    QueryPlan keys(IndexQuery query) {
        KeyTarget target = query.index() == null ? KeyTarget.table(context.table(), context.keys())
                : KeyTarget.index(context.indexes(), query.index(), context.keys());
        List<KeyCondition> conditions = KeyQueryComposer.compose(target, query);
        return new QueryPlan(target.indexName(), target.schema(), conditions, target.positionKeys(), target.global(),
                conditions.size() > 1);
    }

    /**
     * Several key-seek queries on one target read one after the other, in the order given, under one cursor:
     * e.g. the monthly buckets of a time window, oldest first.
     */
    QueryPlan keysInOrder(List<IndexQuery> queries) {
        if (queries.isEmpty()) {
            throw new IllegalArgumentException("Give at least one query");
        }
        List<KeyCondition> segments = new ArrayList<>();
        QueryPlan first = null;
        for (IndexQuery query : queries) {
            QueryPlan plan = keys(query);
            if (plan.merged()) {
                throw new IllegalArgumentException("A sharded index cannot be one of several queries in order");
            }
            if (first != null && !Objects.equals(first.indexName(), plan.indexName())) {
                throw new IllegalArgumentException("Queries read in order must target the same table or index, not "
                        + first.indexName() + " and " + plan.indexName());
            }
            first = first == null ? plan : first;
            segments.addAll(plan.segments());
        }
        return Objects.requireNonNull(first, "queries are not empty").withSegments(segments);
    }

    /** A key condition on the table as a one-segment plan. */
    QueryPlan table(KeyCondition keyCondition) {
        return new QueryPlan(null, tableSchema, List.of(keyCondition), context.keys().primaryKeyNames(), false, false);
    }
}
