package io.dynamodbtoolkit.boot.autoconfigure.metrics;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.SdkResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

/**
 * What the data-plane DynamoDB calls say about tables: the tables a request addresses, a request asking for its
 * consumed capacity, and per table the items a response returned and scanned and the capacity it consumed.
 */
final class DynamoDbCalls {

    private DynamoDbCalls() {
    }

    /** @return the tables a data-plane request addresses, in order; empty for other requests */
    static Set<String> tablesOf(SdkRequest request) {
        Set<String> tables = new LinkedHashSet<>();
        if (request instanceof BatchGetItemRequest batchGet) {
            tables.addAll(batchGet.requestItems().keySet());
        } else if (request instanceof BatchWriteItemRequest batchWrite) {
            tables.addAll(batchWrite.requestItems().keySet());
        } else if (request instanceof TransactWriteItemsRequest transactWrite) {
            transactWrite.transactItems().forEach(item -> tables.add(tableOf(item)));
        } else if (request instanceof TransactGetItemsRequest transactGet) {
            transactGet.transactItems().forEach(item -> tables.add(item.get().tableName()));
        } else if (request instanceof GetItemRequest || request instanceof PutItemRequest
                || request instanceof UpdateItemRequest || request instanceof DeleteItemRequest
                || request instanceof QueryRequest || request instanceof ScanRequest) {
            request.getValueForField("TableName", String.class).ifPresent(tables::add);
        }
        return tables;
    }

    /** @return the request asking for its total consumed capacity, when it asks for none yet */
    static SdkRequest withTotalConsumedCapacity(SdkRequest request) {
        if (request.getValueForField("ReturnConsumedCapacity", String.class).isPresent()) {
            return request;
        }
        ReturnConsumedCapacity total = ReturnConsumedCapacity.TOTAL;
        if (request instanceof GetItemRequest r) {
            return r.toBuilder().returnConsumedCapacity(total).build();
        } else if (request instanceof PutItemRequest r) {
            return r.toBuilder().returnConsumedCapacity(total).build();
        } else if (request instanceof UpdateItemRequest r) {
            return r.toBuilder().returnConsumedCapacity(total).build();
        } else if (request instanceof DeleteItemRequest r) {
            return r.toBuilder().returnConsumedCapacity(total).build();
        } else if (request instanceof QueryRequest r) {
            return r.toBuilder().returnConsumedCapacity(total).build();
        } else if (request instanceof ScanRequest r) {
            return r.toBuilder().returnConsumedCapacity(total).build();
        } else if (request instanceof BatchGetItemRequest r) {
            return r.toBuilder().returnConsumedCapacity(total).build();
        } else if (request instanceof BatchWriteItemRequest r) {
            return r.toBuilder().returnConsumedCapacity(total).build();
        } else if (request instanceof TransactGetItemsRequest r) {
            return r.toBuilder().returnConsumedCapacity(total).build();
        } else if (request instanceof TransactWriteItemsRequest r) {
            return r.toBuilder().returnConsumedCapacity(total).build();
        }
        return request;
    }

    /**
     * @param request  the request
     * @param response its response
     * @return per table addressed: items returned and scanned (reads only, else null) and capacity consumed
     */
    static Map<String, TableUsage> usage(SdkRequest request, SdkResponse response) {
        Map<String, TableUsage> usage = new LinkedHashMap<>();
        if (response instanceof QueryResponse query) {
            usage.put(tableOf(request), TableUsage.read(query.count(), query.scannedCount(),
                    units(query.consumedCapacity())));
        } else if (response instanceof ScanResponse scan) {
            usage.put(tableOf(request), TableUsage.read(scan.count(), scan.scannedCount(),
                    units(scan.consumedCapacity())));
        } else if (response instanceof GetItemResponse get) {
            int found = get.hasItem() ? 1 : 0;
            usage.put(tableOf(request), TableUsage.read(found, found, units(get.consumedCapacity())));
        } else if (response instanceof BatchGetItemResponse batchGet) {
            for (String table : tablesOf(request)) {
                int found = batchGet.responses().getOrDefault(table, List.of()).size();
                usage.put(table, TableUsage.read(found, found, units(batchGet.consumedCapacity(), table)));
            }
        } else if (response instanceof TransactGetItemsResponse transactGet) {
            TransactGetItemsRequest gets = (TransactGetItemsRequest) request;
            Map<String, Integer> found = new LinkedHashMap<>();
            for (int i = 0; i < gets.transactItems().size(); i++) {
                String table = gets.transactItems().get(i).get().tableName();
                boolean hasItem = i < transactGet.responses().size() && transactGet.responses().get(i).hasItem();
                found.merge(table, hasItem ? 1 : 0, Integer::sum);
            }
            found.forEach((table, items) -> usage.put(table, TableUsage.read(items, items,
                    units(transactGet.consumedCapacity(), table))));
        } else if (response instanceof PutItemResponse put) {
            usage.put(tableOf(request), TableUsage.write(units(put.consumedCapacity())));
        } else if (response instanceof UpdateItemResponse update) {
            usage.put(tableOf(request), TableUsage.write(units(update.consumedCapacity())));
        } else if (response instanceof DeleteItemResponse delete) {
            usage.put(tableOf(request), TableUsage.write(units(delete.consumedCapacity())));
        } else if (response instanceof BatchWriteItemResponse batchWrite) {
            tablesOf(request).forEach(table -> usage.put(table, TableUsage.write(units(batchWrite.consumedCapacity(),
                    table))));
        } else if (response instanceof TransactWriteItemsResponse transactWrite) {
            tablesOf(request).forEach(table -> usage.put(table, TableUsage.write(units(
                    transactWrite.consumedCapacity(), table))));
        }
        return usage;
    }

    private static String tableOf(SdkRequest request) {
        return request.getValueForField("TableName", String.class).orElseThrow();
    }

    private static String tableOf(TransactWriteItem item) {
        if (item.put() != null) {
            return item.put().tableName();
        }
        if (item.update() != null) {
            return item.update().tableName();
        }
        if (item.delete() != null) {
            return item.delete().tableName();
        }
        return item.conditionCheck().tableName();
    }

    private static @Nullable Double units(ConsumedCapacity capacity) {
        return capacity == null ? null : capacity.capacityUnits();
    }

    private static @Nullable Double units(List<ConsumedCapacity> capacities, String table) {
        return capacities.stream().filter(capacity -> table.equals(capacity.tableName()))
                .map(ConsumedCapacity::capacityUnits).filter(java.util.Objects::nonNull)
                .reduce(Double::sum).orElse(null);
    }

    /**
     * What one call did to one table.
     *
     * @param returned items returned, or null for writes
     * @param scanned  items read by the server before any filter, or null for writes
     * @param capacity capacity units consumed, or null when not reported
     */
    record TableUsage(@Nullable Integer returned, @Nullable Integer scanned, @Nullable Double capacity) {

        static TableUsage read(Integer returned, Integer scanned, @Nullable Double capacity) {
            return new TableUsage(returned, scanned, capacity);
        }

        static TableUsage write(@Nullable Double capacity) {
            return new TableUsage(null, null, capacity);
        }
    }
}
