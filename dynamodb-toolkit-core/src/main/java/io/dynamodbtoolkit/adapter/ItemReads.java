package io.dynamodbtoolkit.adapter;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.dynamodbtoolkit.expression.AttributePath;
import io.dynamodbtoolkit.expression.ExpressionRequest;
import io.dynamodbtoolkit.expression.Projection;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;

/** Reads by primary key: GetItem, and BatchGetItem for many keys in the caller's order. */
final class ItemReads {

    private final AdapterContext context;
    private final @Nullable String markField;

    ItemReads(AdapterContext context) {
        this.context = context;
        this.markField = context.parentGuard().enabled() ? ParentGuard.markFieldOf(context.keys()) : null;
    }

    /** @return the stored item, or null */
    @Nullable Map<String, AttributeValue> get(Map<String, AttributeValue> primaryKey, ReadOptions options) {
        return found(context.client().getItem(request(primaryKey, options)).item(), options);
    }

    /** @return the GetItem of a stored item, for an executor to send */
    GetItemRequest request(Map<String, AttributeValue> primaryKey, ReadOptions options) {
        return expressions(options).applyTo(GetItemRequest.builder().tableName(context.table())
                .key(primaryKey).consistentRead(options.consistent() ? Boolean.TRUE : null)
                .returnConsumedCapacity(context.capacity())).build();
    }

    /** @return the item a GetItem returned as the options read it: null when absent or hidden */
    @Nullable Map<String, AttributeValue> found(Map<String, AttributeValue> item, ReadOptions options) {
        return item == null || item.isEmpty() || skipped(item, options) ? null : item;
    }

    /** @return one stored item (or null) per key, in order */
    List<Map<String, AttributeValue>> getAll(List<Map<String, AttributeValue>> primaryKeys, ReadOptions options) {
        return new BlockingCalls(context).run(getAllPlan(primaryKeys, options));
    }

    /** @return the plan of a read of one stored item (or null) per key, in order, for an executor to run */
    BatchStep<List<Map<String, AttributeValue>>> getAllPlan(List<Map<String, AttributeValue>> primaryKeys,
            ReadOptions options) {
        ExpressionRequest expressions = expressions(options);
        return BatchStep.get(primaryKeys, keysAndAttributes -> expressions.applyTo(keysAndAttributes)
                .consistentRead(options.consistent() ? Boolean.TRUE : null), items -> {
                    if (markField != null && options.skipNodesBeingDeleted()) {
                        return BatchStep.done(items.stream().map(item -> item == null || skipped(item, options)
                                ? null : item).toList());
                    }
                    return BatchStep.done(items);
                });
    }

    /** @return whether the item is a node being deleted that the options hide */
    private boolean skipped(Map<String, AttributeValue> item, ReadOptions options) {
        return markField != null && options.skipNodesBeingDeleted() && item.containsKey(markField);
    }

    private ExpressionRequest expressions(ReadOptions options) {
        if (options.fields().isEmpty()) {
            return ExpressionRequest.create();
        }
        List<AttributePath> always = new ArrayList<>();
        context.keys().primaryKeyNames().forEach(name -> always.add(AttributePath.of(name)));
        if (markField != null && options.skipNodesBeingDeleted()) {
            always.add(AttributePath.of(markField));
        }
        Projection projection = Projection.of(options.fields().toArray(String[]::new)).with(
                always.toArray(AttributePath[]::new));
        return ExpressionRequest.create().projection(projection);
    }
}
