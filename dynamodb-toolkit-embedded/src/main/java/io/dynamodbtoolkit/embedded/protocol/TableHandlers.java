package io.dynamodbtoolkit.embedded.protocol;

import io.dynamodbtoolkit.embedded.error.DynamoDbException;
import io.dynamodbtoolkit.embedded.engine.BillingMode;
import io.dynamodbtoolkit.embedded.engine.CreateTableRequest;
import io.dynamodbtoolkit.embedded.engine.DynamoDbEngine;
import io.dynamodbtoolkit.embedded.engine.IndexRequest;
import io.dynamodbtoolkit.embedded.engine.KeyElement;
import io.dynamodbtoolkit.embedded.engine.ProjectionType;
import io.dynamodbtoolkit.embedded.engine.StreamSpecification;
import io.dynamodbtoolkit.embedded.engine.StreamViewType;
import io.dynamodbtoolkit.embedded.engine.TableDescription;
import io.dynamodbtoolkit.embedded.engine.Throughput;
import io.dynamodbtoolkit.embedded.engine.TimeToLive;
import io.dynamodbtoolkit.embedded.engine.UpdateTableRequest;
import io.dynamodbtoolkit.embedded.model.DataType;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** CreateTable, DeleteTable, DescribeTable, ListTables, UpdateTable, UpdateTimeToLive, DescribeTimeToLive. */
final class TableHandlers {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final int MAX_LIST_LIMIT = 100;

    private final DynamoDbEngine engine;

    TableHandlers(DynamoDbEngine engine) {
        this.engine = engine;
    }

    void register(Map<String, Operation> operations) {
        operations.put("CreateTable", this::createTable);
        operations.put("DeleteTable", this::deleteTable);
        operations.put("DescribeTable", this::describeTable);
        operations.put("ListTables", this::listTables);
        operations.put("UpdateTable", this::updateTable);
        operations.put("UpdateTimeToLive", this::updateTimeToLive);
        operations.put("DescribeTimeToLive", this::describeTimeToLive);
    }

    private ObjectNode createTable(JsonRequest request) {
        String name = request.tableName();
        BillingMode billing = request.enumValue("BillingMode", "billingMode", BillingMode.class,
                BillingMode.PROVISIONED);
        CreateTableRequest create = new CreateTableRequest(name, keySchema(request, "keySchema"),
                attributeDefinitions(request), indexes(request, "LocalSecondaryIndexes"),
                indexes(request, "GlobalSecondaryIndexes"), billing,
                throughput(request.object("ProvisionedThroughput")),
                TagHandlers.tags(request), stream(request));
        return described(engine.createTable(create), request);
    }

    private ObjectNode deleteTable(JsonRequest request) {
        return described(engine.deleteTable(request.tableName()), request);
    }

    private ObjectNode describeTable(JsonRequest request) {
        ObjectNode response = NODES.objectNode();
        response.set("Table", TableDescriptionEncoder.encode(engine.describeTable(request.tableName()),
                request.region()));
        return response;
    }

    private ObjectNode listTables(JsonRequest request) {
        Integer limit = request.integer("Limit");
        if (limit != null && (limit < 1 || limit > MAX_LIST_LIMIT)) {
            throw DynamoDbException.validation("1 validation error detected: Value '" + limit + "' at 'limit' failed to"
                    + " satisfy constraint: Member must have value " + (limit < 1 ? "greater than or equal to 1"
                    : "less than or equal to 100"));
        }
        int pageSize = limit == null ? MAX_LIST_LIMIT : limit;
        List<String> names = engine.listTables(request.string("ExclusiveStartTableName"), pageSize);
        ObjectNode response = NODES.objectNode();
        ArrayNode array = response.putArray("TableNames");
        for (int i = 0; i < Math.min(pageSize, names.size()); i++) {
            array.add(names.get(i));
        }
        if (names.size() > pageSize) {
            response.put("LastEvaluatedTableName", names.get(pageSize - 1));
        }
        return response;
    }

    private ObjectNode updateTable(JsonRequest request) {
        List<IndexRequest> create = new ArrayList<>();
        List<String> delete = new ArrayList<>();
        Map<String, Throughput> update = new LinkedHashMap<>();
        for (JsonRequest change : request.objects("GlobalSecondaryIndexUpdates")) {
            indexUpdate(change, create, delete, update);
        }
        BillingMode billing = request.optionalEnumValue("BillingMode", "billingMode", BillingMode.class);
        Throughput throughput = throughput(request.object("ProvisionedThroughput"));
        if (billing == null && throughput == null && create.isEmpty() && delete.isEmpty() && update.isEmpty()
                && !request.has("StreamSpecification") && !request.has("SSESpecification")
                && !request.has("DeletionProtectionEnabled") && !request.has("TableClass")) {
            throw DynamoDbException.validation("At least one of ProvisionedThroughput, BillingMode, "
                    + "UpdateStreamEnabled, GlobalSecondaryIndexUpdates or SSESpecification or ReplicaUpdates is "
                    + "required");
        }
        StreamSpecification stream = stream(request);
        if (stream != null && stream.enabled()) {
            TableDescription current = engine.describeTable(request.tableName());
            if (current.stream().enabled()) {
                throw DynamoDbException.validation("Table already has an enabled stream: " + Arns.stream(
                        request.region(), request.tableName(),
                        Objects.requireNonNull(current.latestStream(), "an enabled stream has a label")));
            }
        }
        UpdateTableRequest updateRequest = new UpdateTableRequest(request.tableName(), attributeDefinitions(request),
                billing, throughput, create, delete, update, stream);
        ObjectNode response = NODES.objectNode();
        response.set("TableDescription",
                TableDescriptionEncoder.encode(engine.updateTable(updateRequest), request.region()));
        return response;
    }

    private ObjectNode updateTimeToLive(JsonRequest request) {
        String table = request.tableName();
        JsonRequest specification = request.object("TimeToLiveSpecification");
        if (specification == null) {
            throw DynamoDbException.validation("1 validation error detected: Value null at 'timeToLiveSpecification'"
                    + " failed to satisfy constraint: Member must not be null");
        }
        String attribute = specification.requiredString("AttributeName", "timeToLiveSpecification.attributeName");
        boolean enabled = specification.bool("Enabled", false);
        engine.updateTimeToLive(table, new TimeToLive(attribute, enabled));
        ObjectNode response = NODES.objectNode();
        ObjectNode echoed = response.putObject("TimeToLiveSpecification");
        echoed.put("Enabled", enabled);
        echoed.put("AttributeName", attribute);
        return response;
    }

    private ObjectNode describeTimeToLive(JsonRequest request) {
        TimeToLive ttl = engine.describeTimeToLive(request.tableName());
        ObjectNode response = NODES.objectNode();
        ObjectNode description = response.putObject("TimeToLiveDescription");
        description.put("TimeToLiveStatus", ttl.enabled() ? "ENABLED" : "DISABLED");
        if (ttl.enabled()) {
            description.put("AttributeName", ttl.attributeName());
        }
        return response;
    }

    /** One of the GlobalSecondaryIndexUpdates: its Create, Delete or Update (the first present) added to its list. */
    private static void indexUpdate(JsonRequest change, List<IndexRequest> create, List<String> delete,
                                    Map<String, Throughput> update) {
        JsonRequest created = change.object("Create");
        if (created != null) {
            create.add(index(created));
            return;
        }
        JsonRequest deleted = change.object("Delete");
        if (deleted != null) {
            delete.add(deleted.requiredString("IndexName", "indexName"));
            return;
        }
        JsonRequest updated = change.object("Update");
        if (updated != null) {
            update.put(updated.requiredString("IndexName", "indexName"),
                    throughput(updated.object("ProvisionedThroughput")));
        }
    }

    private static @Nullable StreamSpecification stream(JsonRequest request) {
        JsonRequest specification = request.object("StreamSpecification");
        if (specification == null) {
            return null;
        }
        if (!specification.has("StreamEnabled")) {
            throw DynamoDbException.validation("1 validation error detected: Value null at"
                    + " 'streamSpecification.streamEnabled' failed to satisfy constraint: Member must not be null");
        }
        return new StreamSpecification(specification.bool("StreamEnabled", false), specification.optionalEnumValue(
                "StreamViewType", "streamSpecification.streamViewType", StreamViewType.class));
    }

    private static ObjectNode described(TableDescription description,
                                        JsonRequest request) {
        ObjectNode response = NODES.objectNode();
        response.set("TableDescription", TableDescriptionEncoder.encode(description, request.region()));
        return response;
    }

    private static List<KeyElement> keySchema(JsonRequest request, String parameter) {
        List<KeyElement> elements = new ArrayList<>();
        for (JsonRequest element : request.objects("KeySchema")) {
            elements.add(new KeyElement(element.requiredString("AttributeName", parameter + ".member.attributeName"),
                    element.requiredString("KeyType", parameter + ".member.keyType")));
        }
        if (elements.isEmpty()) {
            throw DynamoDbException.validation("1 validation error detected: Value null at '" + parameter
                    + "' failed to satisfy constraint: Member must not be null");
        }
        return elements;
    }

    private static Map<String, DataType> attributeDefinitions(JsonRequest request) {
        Map<String, DataType> definitions = new LinkedHashMap<>();
        for (JsonRequest definition : request.objects("AttributeDefinitions")) {
            String name = definition.requiredString("AttributeName", "attributeDefinitions.member.attributeName");
            String type = definition.requiredString("AttributeType", "attributeDefinitions.member.attributeType");
            if (!type.equals("S") && !type.equals("N") && !type.equals("B")) {
                throw DynamoDbException.validation("1 validation error detected: Value '" + type + "' at"
                        + " 'attributeDefinitions.member.attributeType' failed to satisfy constraint: Member must"
                        + " satisfy enum value set: [B, N, S]");
            }
            if (definitions.put(name, DataType.valueOf(type)) != null) {
                throw DynamoDbException.validation("Cannot have two attributes with the same name: " + name);
            }
        }
        return definitions;
    }

    private static List<IndexRequest> indexes(JsonRequest request, String field) {
        List<IndexRequest> indexes = new ArrayList<>();
        for (JsonRequest index : request.objects(field)) {
            indexes.add(index(index));
        }
        return indexes;
    }

    private static IndexRequest index(JsonRequest index) {
        String name = index.requiredString("IndexName", "indexName");
        if (name.length() < 3 || !name.matches("[a-zA-Z0-9_.-]+")) {
            throw DynamoDbException.validation("1 validation error detected: Value '" + name + "' at 'indexName' failed"
                    + " to satisfy constraint: Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+");
        }
        JsonRequest projection = index.object("Projection");
        if (projection == null) {
            throw DynamoDbException.validation("1 validation error detected: Value null at 'projection' failed to"
                    + " satisfy constraint: Member must not be null");
        }
        ProjectionType type = projection.enumValue("ProjectionType", "projection.projectionType",
                ProjectionType.class, ProjectionType.ALL);
        return new IndexRequest(name, keySchema(index, "keySchema"), type, projection.strings("NonKeyAttributes"),
                throughput(index.object("ProvisionedThroughput")));
    }

    private static @Nullable Throughput throughput(@Nullable JsonRequest throughput) {
        if (throughput == null) {
            return null;
        }
        Long read = throughput.longValue("ReadCapacityUnits");
        Long write = throughput.longValue("WriteCapacityUnits");
        if (read == null || write == null) {
            throw DynamoDbException.validation("1 validation error detected: Value null at 'provisionedThroughput."
                    + (read == null ? "readCapacityUnits" : "writeCapacityUnits")
                    + "' failed to satisfy constraint: Member must not be null");
        }
        if (read < 1 || write < 1) {
            throw DynamoDbException.validation("1 validation error detected: Value '" + Math.min(read, write)
                    + "' at 'provisionedThroughput." + (read < 1 ? "readCapacityUnits" : "writeCapacityUnits")
                    + "' failed to satisfy constraint: Member must have value greater than or equal to 1");
        }
        return new Throughput(read, write);
    }
}
