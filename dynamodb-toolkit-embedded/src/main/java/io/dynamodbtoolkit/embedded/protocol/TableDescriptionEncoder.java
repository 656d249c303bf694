package io.dynamodbtoolkit.embedded.protocol;

import io.dynamodbtoolkit.embedded.engine.BillingMode;
import io.dynamodbtoolkit.embedded.engine.IndexDefinition;
import io.dynamodbtoolkit.embedded.engine.KeyAttributeDefinition;
import io.dynamodbtoolkit.embedded.engine.KeySchema;
import io.dynamodbtoolkit.embedded.engine.EngineTableDefinition;
import io.dynamodbtoolkit.embedded.engine.TableDescription;
import io.dynamodbtoolkit.embedded.engine.Throughput;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/** Writes a TableDescription as DescribeTable, CreateTable, UpdateTable and DeleteTable answer it. */
final class TableDescriptionEncoder {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private TableDescriptionEncoder() {
    }

    static ObjectNode encode(TableDescription description, String region) {
        EngineTableDefinition table = description.definition();
        String arn = Arns.table(region, table.name());
        ObjectNode node = NODES.objectNode();
        ArrayNode definitions = node.putArray("AttributeDefinitions");
        table.attributeDefinitions().forEach((name, type) -> {
            ObjectNode definition = definitions.addObject();
            definition.put("AttributeName", name);
            definition.put("AttributeType", type.name());
        });
        node.put("TableName", table.name());
        node.set("KeySchema", keySchema(table.keySchema()));
        node.put("TableStatus", description.status().name());
        node.put("CreationDateTime", table.created().toEpochMilli() / 1000.0);
        node.set("ProvisionedThroughput", throughput(table.throughput()));
        node.put("TableSizeBytes", description.sizeBytes());
        node.put("ItemCount", description.itemCount());
        node.put("TableArn", arn);
        node.put("TableId", table.tableId());
        if (table.billingMode() == BillingMode.PAY_PER_REQUEST) {
            ObjectNode billing = node.putObject("BillingModeSummary");
            billing.put("BillingMode", "PAY_PER_REQUEST");
            billing.put("LastUpdateToPayPerRequestDateTime", table.created().toEpochMilli() / 1000.0);
        }
        if (!table.localIndexes().isEmpty()) {
            ArrayNode locals = node.putArray("LocalSecondaryIndexes");
            for (IndexDefinition index : table.localIndexes()) {
                locals.add(index(index, description, arn));
            }
        }
        if (!table.globalIndexes().isEmpty()) {
            ArrayNode globals = node.putArray("GlobalSecondaryIndexes");
            for (IndexDefinition index : table.globalIndexes()) {
                ObjectNode encoded = index(index, description, arn);
                boolean creating = description.creatingIndexes().contains(index.name());
                encoded.put("IndexStatus", creating ? "CREATING" : "ACTIVE");
                if (creating) {
                    encoded.put("Backfilling", true);
                }
                encoded.set("ProvisionedThroughput", throughput(index.throughput()));
                globals.add(encoded);
            }
        }
        if (description.stream().enabled()) {
            ObjectNode stream = node.putObject("StreamSpecification");
            stream.put("StreamEnabled", true);
            stream.put("StreamViewType", description.stream().requiredViewType().name());
        }
        if (description.latestStream() != null) {
            node.put("LatestStreamLabel", description.latestStream());
            node.put("LatestStreamArn", Arns.stream(region, table.name(), description.latestStream()));
        }
        node.put("DeletionProtectionEnabled", false);
        return node;
    }

    private static ObjectNode index(IndexDefinition index, TableDescription description, String tableArn) {
        ObjectNode node = NODES.objectNode();
        node.put("IndexName", index.name());
        node.set("KeySchema", keySchema(index.keySchema()));
        ObjectNode projection = node.putObject("Projection");
        projection.put("ProjectionType", index.projectionType().name());
        if (!index.nonKeyAttributes().isEmpty()) {
            ArrayNode nonKey = projection.putArray("NonKeyAttributes");
            index.nonKeyAttributes().forEach(nonKey::add);
        }
        node.put("IndexSizeBytes", description.indexSizes().getOrDefault(index.name(), 0L));
        node.put("ItemCount", description.indexCounts().getOrDefault(index.name(), 0L));
        node.put("IndexArn", tableArn + "/index/" + index.name());
        return node;
    }

    static ArrayNode keySchema(KeySchema schema) {
        ArrayNode array = NODES.arrayNode();
        for (KeyAttributeDefinition attribute : schema.hashKeys()) {
            ObjectNode element = array.addObject();
            element.put("AttributeName", attribute.name());
            element.put("KeyType", "HASH");
        }
        for (KeyAttributeDefinition attribute : schema.rangeKeys()) {
            ObjectNode element = array.addObject();
            element.put("AttributeName", attribute.name());
            element.put("KeyType", "RANGE");
        }
        return array;
    }

    private static ObjectNode throughput(@Nullable Throughput throughput) {
        ObjectNode node = NODES.objectNode();
        node.put("NumberOfDecreasesToday", 0);
        node.put("ReadCapacityUnits", throughput == null ? 0 : throughput.readCapacityUnits());
        node.put("WriteCapacityUnits", throughput == null ? 0 : throughput.writeCapacityUnits());
        return node;
    }
}
