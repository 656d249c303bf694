package io.dynamodbtoolkit.embedded.protocol;

import io.dynamodbtoolkit.embedded.engine.DynamoDbEngine;
import io.dynamodbtoolkit.embedded.error.DynamoDbException;
import io.dynamodbtoolkit.embedded.error.ErrorCode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

import java.util.Map;

/**
 * The account- and service-level calls clients make besides the data: DescribeLimits (DynamoDB's default quotas),
 * DescribeEndpoints (this server, for clients with endpoint discovery) and DescribeContinuousBackups
 * (continuous backups ENABLED, as on every DynamoDB table; point-in-time recovery DISABLED, as this engine has none).
 */
final class ServiceHandlers {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final long ACCOUNT_MAX_CAPACITY_UNITS = 80_000;
    private static final long TABLE_MAX_CAPACITY_UNITS = 40_000;
    private static final long ENDPOINT_CACHE_MINUTES = 1440;

    private final DynamoDbEngine engine;

    ServiceHandlers(DynamoDbEngine engine) {
        this.engine = engine;
    }

    void register(Map<String, Operation> operations) {
        operations.put("DescribeLimits", this::describeLimits);
        operations.put("DescribeEndpoints", this::describeEndpoints);
        operations.put("DescribeContinuousBackups", this::describeContinuousBackups);
    }

    private ObjectNode describeLimits(JsonRequest request) {
        ObjectNode response = NODES.objectNode();
        response.put("AccountMaxReadCapacityUnits", ACCOUNT_MAX_CAPACITY_UNITS);
        response.put("AccountMaxWriteCapacityUnits", ACCOUNT_MAX_CAPACITY_UNITS);
        response.put("TableMaxReadCapacityUnits", TABLE_MAX_CAPACITY_UNITS);
        response.put("TableMaxWriteCapacityUnits", TABLE_MAX_CAPACITY_UNITS);
        return response;
    }

    private ObjectNode describeEndpoints(JsonRequest request) {
        ObjectNode response = NODES.objectNode();
        ObjectNode endpoint = response.putArray("Endpoints").addObject();
        endpoint.put("Address", request.host() == null ? "localhost" : request.host());
        endpoint.put("CachePeriodInMinutes", ENDPOINT_CACHE_MINUTES);
        return response;
    }

    private ObjectNode describeContinuousBackups(JsonRequest request) {
        String name = request.requiredString("TableName", "tableName");
        String table = name.startsWith("arn:") ? Arns.tableName(name) : name;
        try {
            engine.describeTable(table);
        } catch (DynamoDbException e) {
            if (e.code() == ErrorCode.RESOURCE_NOT_FOUND) {
                throw new DynamoDbException(ErrorCode.TABLE_NOT_FOUND, "Table not found: " + table);
            }
            throw e;
        }
        ObjectNode response = NODES.objectNode();
        ObjectNode description = response.putObject("ContinuousBackupsDescription");
        description.put("ContinuousBackupsStatus", "ENABLED");
        description.putObject("PointInTimeRecoveryDescription").put("PointInTimeRecoveryStatus", "DISABLED");
        return response;
    }
}
