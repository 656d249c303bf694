package io.dynamodbtoolkit.embedded.protocol;

import io.dynamodbtoolkit.embedded.engine.DynamoDbEngine;
import io.dynamodbtoolkit.embedded.engine.ReadRequests;
import io.dynamodbtoolkit.embedded.engine.Select;
import io.dynamodbtoolkit.embedded.expression.ParsedCondition;
import io.dynamodbtoolkit.embedded.expression.ConditionAttributes;
import io.dynamodbtoolkit.embedded.expression.KeyTerm;
import io.dynamodbtoolkit.embedded.expression.ParsedProjection;
import io.dynamodbtoolkit.embedded.model.AttributeValue;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

import java.util.List;
import java.util.Map;

/** Query and Scan. */
final class ReadHandlers {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final DynamoDbEngine engine;

    ReadHandlers(DynamoDbEngine engine) {
        this.engine = engine;
    }

    void register(Map<String, Operation> operations) {
        operations.put("Query", this::query);
        operations.put("Scan", this::scan);
    }

    private ObjectNode query(JsonRequest request) {
        String table = request.tableName();
        String index = request.indexName();
        ExpressionDecoder expressions = new ExpressionDecoder(request, ExpressionParameters.QUERY);
        ParsedCondition filter = expressions.filter();
        ParsedProjection projection = expressions.projection();
        List<KeyTerm> terms = expressions.keyTerms();
        expressions.checkAllUsed();
        Select select = request.optionalEnumValue("Select", "select", Select.class);
        String capacity = CapacityEncoder.mode(request);
        ReadRequests.Page page = engine.query(new ReadRequests.Query(table, index, terms, filter,
                ConditionAttributes.topLevelNames(filter), expressions.filterName(), projection, select,
                request.integer("Limit"),
                request.item("ExclusiveStartKey"), request.bool("ScanIndexForward", true),
                request.bool("ConsistentRead", false)));
        return page(page, select, capacity);
    }

    private ObjectNode scan(JsonRequest request) {
        String table = request.tableName();
        String index = request.indexName();
        ExpressionDecoder expressions = new ExpressionDecoder(request, ExpressionParameters.SCAN);
        ParsedCondition filter = expressions.filter();
        ParsedProjection projection = expressions.projection();
        expressions.checkAllUsed();
        Select select = request.optionalEnumValue("Select", "select", Select.class);
        String capacity = CapacityEncoder.mode(request);
        ReadRequests.Page page = engine.scan(new ReadRequests.Scan(table, index, filter, projection, select,
                request.integer("Limit"), request.item("ExclusiveStartKey"), request.bool("ConsistentRead", false),
                request.integer("Segment"), request.integer("TotalSegments")));
        return page(page, select, capacity);
    }

    private static ObjectNode page(ReadRequests.Page page, @Nullable Select select, String capacity) {
        ObjectNode response = NODES.objectNode();
        if (select != Select.COUNT) {
            ArrayNode items = response.putArray("Items");
            for (Map<String, AttributeValue> item : page.items()) {
                items.add(AttributeValueCodec.encodeItem(item));
            }
        }
        response.put("Count", page.count());
        response.put("ScannedCount", page.scannedCount());
        if (page.lastEvaluatedKey() != null) {
            response.set("LastEvaluatedKey", AttributeValueCodec.encodeItem(page.lastEvaluatedKey()));
        }
        CapacityEncoder.addSingle(response, capacity, page.capacity());
        return response;
    }
}
