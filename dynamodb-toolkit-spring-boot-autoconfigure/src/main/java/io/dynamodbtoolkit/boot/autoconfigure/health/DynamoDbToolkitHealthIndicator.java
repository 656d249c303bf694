package io.dynamodbtoolkit.boot.autoconfigure.health;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.boot.autoconfigure.provision.IndexEvolution;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;

/**
 * Whether every adapter's table is reachable and serving: UP when each is ACTIVE (or UPDATING, e.g. while an index
 * is added, when it still serves reads and writes), DOWN when one is missing or in any other state, or when DynamoDB
 * cannot be reached. Details list each table's status and the adapters on it, and, as {@code warnings}, the indexes
 * start-up provisioning found to need a backfill or to have left stale attributes behind, and the unique fields
 * whose rows it found without guards (the application serves, but such an index misses items, items carry what no
 * index uses, or nothing keeps those values unique yet).
 */
public class DynamoDbToolkitHealthIndicator extends AbstractHealthIndicator {

    private final Map<String, Adapter<?>> adapters;
    private final DynamoDbClient client;
    private final @Nullable IndexEvolution evolution;

    /**
     * @param adapters  the adapters by bean name
     * @param client    the client to describe their tables with
     * @param evolution what provisioning found about the indexes, or null when not provisioned
     */
    public DynamoDbToolkitHealthIndicator(Map<String, Adapter<?>> adapters, DynamoDbClient client,
            @Nullable IndexEvolution evolution) {
        super("DynamoDB health check failed");
        this.adapters = new TreeMap<>(adapters);
        this.client = client;
        this.evolution = evolution;
    }

    @Override
    protected void doHealthCheck(Health.Builder builder) {
        Map<String, List<String>> adaptersByTable = new TreeMap<>();
        adapters.forEach((name, adapter) -> adaptersByTable.computeIfAbsent(adapter.table(), table -> new ArrayList<>())
                .add(name));
        Map<String, Object> tables = new LinkedHashMap<>();
        boolean serving = true;
        for (Map.Entry<String, List<String>> table : adaptersByTable.entrySet()) {
            String status = status(table.getKey());
            serving &= status.equals(TableStatus.ACTIVE.toString()) || status.equals(TableStatus.UPDATING.toString());
            tables.put(table.getKey(), Map.of("status", status, "adapters", table.getValue()));
        }
        (serving ? builder.up() : builder.down()).withDetail("tables", tables);
        List<String> warnings = evolution == null ? List.of() : evolution.warnings();
        if (!warnings.isEmpty()) {
            builder.withDetail("warnings", warnings);
        }
    }

    private String status(String table) {
        try {
            return client.describeTable(request -> request.tableName(table)).table().tableStatusAsString();
        } catch (ResourceNotFoundException e) {
            return "MISSING";
        }
    }
}
