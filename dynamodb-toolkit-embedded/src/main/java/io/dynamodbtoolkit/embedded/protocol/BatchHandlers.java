package io.dynamodbtoolkit.embedded.protocol;

import io.dynamodbtoolkit.embedded.engine.BatchRequests;
import io.dynamodbtoolkit.embedded.engine.DynamoDbEngine;
import io.dynamodbtoolkit.embedded.error.DynamoDbException;
import io.dynamodbtoolkit.embedded.expression.ParsedProjection;
import io.dynamodbtoolkit.embedded.model.AttributeValue;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;

/** BatchGetItem and BatchWriteItem, with injected UnprocessedKeys / UnprocessedItems. */
final class BatchHandlers {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final DynamoDbEngine engine;
    private final Supplier<FaultInjector> faults;

    BatchHandlers(DynamoDbEngine engine, Supplier<FaultInjector> faults) {
        this.engine = engine;
        this.faults = faults;
    }

    void register(Map<String, Operation> operations) {
        operations.put("BatchGetItem", this::batchGetItem);
        operations.put("BatchWriteItem", this::batchWriteItem);
    }

    private ObjectNode batchGetItem(JsonRequest request) {
        Map<String, JsonNode> requestItems = requestItems(request);
        Map<String, BatchRequests.TableKeys> tables = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> entry : requestItems.entrySet()) {
            JsonRequest tableRequest = request.nested(entry.getValue());
            checkTableName(entry.getKey());
            ExpressionDecoder expressions = new ExpressionDecoder(tableRequest, ExpressionParameters.GET);
            ParsedProjection projection = expressions.projection();
            expressions.checkAllUsed();
            List<Map<String, AttributeValue>> keys = new ArrayList<>();
            for (JsonRequest key : tableRequest.objects("Keys")) {
                keys.add(AttributeValueCodec.decodeItem(key.node()));
            }
            tables.put(entry.getKey(), new BatchRequests.TableKeys(keys, projection,
                    tableRequest.bool("ConsistentRead", false)));
        }
        String capacity = CapacityEncoder.mode(request);
        FaultInjector injector = faults.get();
        BatchRequests.GetResult result = engine.batchGetItem(tables,
                () -> injector.leaveUnprocessed("BatchGetItem"));
        ObjectNode response = NODES.objectNode();
        ObjectNode responses = response.putObject("Responses");
        result.responses().forEach((table, items) -> {
            ArrayNode array = responses.putArray(table);
            items.forEach(item -> array.add(AttributeValueCodec.encodeItem(item)));
        });
        ObjectNode unprocessed = response.putObject("UnprocessedKeys");
        result.unprocessed().forEach((table, keys) -> {
            ObjectNode tableKeys = ((ObjectNode) Objects.requireNonNull(requestItems.get(table),
                    "unprocessed keys come from the request's tables")).deepCopy();
            ArrayNode array = tableKeys.putArray("Keys");
            keys.forEach(key -> array.add(AttributeValueCodec.encodeItem(key)));
            unprocessed.set(table, tableKeys);
        });
        CapacityEncoder.addList(response, capacity, result.capacity());
        return response;
    }

    private ObjectNode batchWriteItem(JsonRequest request) {
        Map<String, JsonNode> requestItems = requestItems(request);
        Map<String, List<BatchRequests.Write>> writes = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> entry : requestItems.entrySet()) {
            checkTableName(entry.getKey());
            if (!entry.getValue().isArray()) {
                throw AttributeValueCodec.serialization("Unexpected value type: expected a list of write requests");
            }
            List<BatchRequests.Write> tableWrites = new ArrayList<>();
            for (JsonNode node : entry.getValue()) {
                JsonRequest write = request.nested(node);
                JsonRequest put = write.object("PutRequest");
                JsonRequest delete = write.object("DeleteRequest");
                if ((put == null) == (delete == null)) {
                    throw DynamoDbException.validation("Supplied AttributeValue has more than one datatypes set, must"
                            + " contain exactly one of the supported datatypes");
                }
                tableWrites.add(put != null ? new BatchRequests.Write(put.requiredItem("Item", "item"), null)
                        : new BatchRequests.Write(null, delete.requiredItem("Key", "key")));
            }
            writes.put(entry.getKey(), tableWrites);
        }
        String capacity = CapacityEncoder.mode(request);
        FaultInjector injector = faults.get();
        BatchRequests.WriteResult result = engine.batchWriteItem(writes,
                () -> injector.leaveUnprocessed("BatchWriteItem"));
        ObjectNode response = NODES.objectNode();
        ObjectNode unprocessed = response.putObject("UnprocessedItems");
        result.unprocessed().forEach((table, tableWrites) -> {
            ArrayNode array = unprocessed.putArray(table);
            for (BatchRequests.Write write : tableWrites) {
                ObjectNode node = array.addObject();
                if (write.isPut()) {
                    node.putObject("PutRequest").set("Item", AttributeValueCodec.encodeItem(write.attributes()));
                } else {
                    node.putObject("DeleteRequest").set("Key", AttributeValueCodec.encodeItem(write.attributes()));
                }
            }
        });
        CapacityEncoder.addList(response, capacity, result.capacity());
        return response;
    }

    private static Map<String, JsonNode> requestItems(JsonRequest request) {
        Map<String, JsonNode> items = request.fields("RequestItems");
        if (items.isEmpty()) {
            throw DynamoDbException.validation("1 validation error detected: Value null at 'requestItems' failed to"
                    + " satisfy constraint: Member must have length greater than or equal to 1");
        }
        return items;
    }

    private static void checkTableName(String name) {
        ObjectNode probe = NODES.objectNode();
        probe.put("TableName", name);
        new JsonRequest(probe, "", null).tableName();
    }
}
