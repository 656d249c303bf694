package io.dynamodbtoolkit.adapter;

import java.util.List;
import java.util.Map;

import io.dynamodbtoolkit.expression.AttributePath;
import io.dynamodbtoolkit.expression.ExpressionRequest;
import io.dynamodbtoolkit.expression.Projection;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;

/** Reads by primary key: GetItem, and BatchGetItem for many keys in the caller's order. */
final class ItemReads {

    private final AdapterContext context;

    ItemReads(AdapterContext context) {
        this.context = context;
    }

    /** @return the stored item, or null */
    Map<String, AttributeValue> get(Map<String, AttributeValue> primaryKey, ReadOptions options) {
        GetItemRequest request = expressions(options).applyTo(GetItemRequest.builder().tableName(context.table())
                .key(primaryKey).consistentRead(options.consistent() ? Boolean.TRUE : null)
                .returnConsumedCapacity(context.capacity())).build();
        Map<String, AttributeValue> item = context.options().retryPolicy().call(() -> context.client()
                .getItem(request)).item();
        return item == null || item.isEmpty() ? null : item;
    }

    /** @return one stored item (or null) per key, in order */
    List<Map<String, AttributeValue>> getAll(List<Map<String, AttributeValue>> primaryKeys, ReadOptions options) {
        ExpressionRequest expressions = expressions(options);
        return context.batchGetter().get(context.table(), context.keys().primaryKeyNames(), primaryKeys,
                keysAndAttributes -> expressions.applyTo(keysAndAttributes)
                        .consistentRead(options.consistent() ? Boolean.TRUE : null));
    }

    private ExpressionRequest expressions(ReadOptions options) {
        if (options.fields().isEmpty()) {
            return ExpressionRequest.create();
        }
        Projection projection = Projection.of(options.fields().toArray(String[]::new)).with(
                context.keys().primaryKeyNames().stream().map(AttributePath::of).toArray(AttributePath[]::new));
        return ExpressionRequest.create().projection(projection);
    }
}
