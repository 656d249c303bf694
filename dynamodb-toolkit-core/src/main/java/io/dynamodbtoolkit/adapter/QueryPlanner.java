package io.dynamodbtoolkit.adapter;

import java.util.ArrayList;
import java.util.List;

import io.dynamodbtoolkit.expression.IndexKeySchema;
import io.dynamodbtoolkit.expression.KeyAttribute;
import io.dynamodbtoolkit.expression.KeyCondition;
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
        plan.self().ifPresent(self -> segments.add(partition.sortEquals(plan.sortName(), self.get(plan.sortName()))));
        segments.add(plan.sortPrefix() == null ? partition
                : partition.sortBeginsWith(plan.sortName(), plan.sortPrefix()));
        return new QueryPlan(null, tableSchema, segments, context.keys().primaryKeyNames(), false);
    }

    /** A key condition on the table as a one-segment plan. */
    QueryPlan table(KeyCondition keyCondition) {
        return new QueryPlan(null, tableSchema, List.of(keyCondition), context.keys().primaryKeyNames(), false);
    }
}
