package io.dynamodbtoolkit.embedded.engine;

import io.dynamodbtoolkit.embedded.expression.ParsedProjection;
import io.dynamodbtoolkit.embedded.expression.UpdateExpression;
import io.dynamodbtoolkit.embedded.model.AttributeValue;
import org.jspecify.annotations.Nullable;

import java.util.Map;

/** PutItem, GetItem, UpdateItem and DeleteItem: each atomic under the catalog lock. */
final class ItemOperations {

    private final Catalog catalog;

    ItemOperations(Catalog catalog) {
        this.catalog = catalog;
    }

    ItemRequests.WriteResult put(ItemRequests.Put request) {
        return catalog.write(() -> {
            Table table = catalog.require(request.tableName());
            PreparedWrite write = WritePreparer.put(table, request.item(), request.condition(),
                    request.returnOldOnConditionFailure());
            ConsumedCapacity capacity = write.commit();
            return new ItemRequests.WriteResult(returned(request.returnValues(), write, null), capacity);
        });
    }

    ItemRequests.GetResult get(ItemRequests.Get request) {
        return catalog.read(() -> {
            Table table = catalog.require(request.tableName());
            ItemValidator.validateKey(table.definition(), request.key());
            StoredItem item = table.get(table.positionOf(request.key()));
            ConsumedCapacity capacity = ConsumedCapacity.table(table.name(), false,
                    Capacity.readUnits(item == null ? 0 : item.size(), request.consistentRead()));
            if (item == null) {
                return new ItemRequests.GetResult(null, capacity);
            }
            Map<String, AttributeValue> result = request.projection() == null ? item.attributes()
                    : request.projection().apply(item.attributes());
            return new ItemRequests.GetResult(result, capacity);
        });
    }

    ItemRequests.WriteResult update(ItemRequests.Update request) {
        return catalog.write(() -> {
            Table table = catalog.require(request.tableName());
            PreparedWrite write = WritePreparer.update(table, request.key(), request.update(), request.condition(),
                    request.returnOldOnConditionFailure());
            ConsumedCapacity capacity = write.commit();
            return new ItemRequests.WriteResult(returned(request.returnValues(), write, request.update()), capacity);
        });
    }

    ItemRequests.WriteResult delete(ItemRequests.Delete request) {
        return catalog.write(() -> {
            Table table = catalog.require(request.tableName());
            PreparedWrite write = WritePreparer.delete(table, request.key(), request.condition(),
                    request.returnOldOnConditionFailure());
            ConsumedCapacity capacity = write.commit();
            return new ItemRequests.WriteResult(returned(request.returnValues(), write, null), capacity);
        });
    }

    private static @Nullable Map<String, AttributeValue> returned(ReturnValues returnValues, PreparedWrite write,
                                                                  @Nullable UpdateExpression update) {
        Map<String, AttributeValue> before = write.before() == null ? null : write.before().attributes();
        Map<String, AttributeValue> after = write.after() == null ? null : write.after().attributes();
        return switch (returnValues) {
            case NONE -> null;
            case ALL_OLD -> before;
            case ALL_NEW -> after;
            case UPDATED_OLD -> update == null || before == null ? null
                    : new ParsedProjection(update.paths()).apply(before);
            case UPDATED_NEW -> update == null || after == null ? null
                    : new ParsedProjection(update.paths()).apply(after);
        };
    }
}
