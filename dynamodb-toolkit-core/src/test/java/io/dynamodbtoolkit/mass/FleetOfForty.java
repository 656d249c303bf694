package io.dynamodbtoolkit.mass;

import static io.dynamodbtoolkit.mass.CascadeIT.item;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.adapter.AdapterOptions;
import io.dynamodbtoolkit.adapter.ItemMapper;
import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.batch.RetryPolicy;
import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.key.SubtreeQuery;
import io.dynamodbtoolkit.test.TableSpec;
import io.dynamodbtoolkit.test.TestTables;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * The fleet the tests of failing calls run on: {@value #VEHICLES} vehicles of fleet A ({@code V00} to {@code V39}) in
 * a table of their own, and adapters over it through any client (one whose calls fail on cue), sharing one set of
 * options as one application's adapters do: one cursor key, so that a cursor of one adapter resumes on another, and
 * two attempts without delay.
 */
final class FleetOfForty {

    static final KeyModel KEYS = KeyModel.builder().keyFields("fleet", "vin").structuralKey("_sk")
            .technicalPrefix("_").versionField("_version").build();
    static final KeyValues FLEET = KeyValues.of("fleet", "A");
    static final int VEHICLES = 40;

    private final AdapterOptions options = AdapterOptions.defaults().withRetryPolicy(RetryPolicy.DEFAULT
            .withMaxAttempts(2).withDelays(Duration.ZERO, Duration.ZERO));
    private final AdapterDeclaration<Map<String, Object>> declaration;
    private final Adapter<Map<String, Object>> healthy;

    private FleetOfForty(DynamoDbClient client, String table) {
        declaration = AdapterDeclaration.builder(ItemMapper.documents()).table(table).keys(KEYS).build();
        healthy = Adapter.create(declaration, client, options);
    }

    /**
     * @param client    the test server's client
     * @param tables    the test's tables
     * @param tableName the name of the fleet's table, unique in the test class
     * @return the fleet, its vehicles written
     */
    static FleetOfForty load(DynamoDbClient client, TestTables tables, String tableName) {
        FleetOfForty fleet = new FleetOfForty(client, tables.create(TableSpec.named(tableName)
                .partitionKey("fleet", ScalarAttributeType.S).sortKey("_sk", ScalarAttributeType.S)));
        List<Map<String, Object>> vehicles = new ArrayList<>();
        for (int v = 0; v < VEHICLES; v++) {
            vehicles.add(item("fleet", "A", "vin", String.format("V%02d", v)));
        }
        fleet.healthy.putAll(vehicles);
        return fleet;
    }

    /** @return the adapter over the test server's own client */
    Adapter<Map<String, Object>> healthy() {
        return healthy;
    }

    /** @return the fleet's adapter through another client, with the options every adapter of the fleet shares */
    Adapter<Map<String, Object>> through(DynamoDbClient client) {
        return Adapter.create(declaration, client, options);
    }

    /** @return the options every adapter of the fleet shares */
    AdapterOptions options() {
        return options;
    }

    /** @return the fleet's declaration */
    AdapterDeclaration<Map<String, Object>> declaration() {
        return declaration;
    }

    /** @return the scope of a mass run over every vehicle of the fleet, read through the adapter */
    static MassScope scope(Adapter<Map<String, Object>> adapter) {
        return MassScope.of(adapter.plan(SubtreeQuery.children(FLEET)));
    }

    /** @return the vehicles left in fleet A */
    List<Map<String, Object>> remaining() {
        return healthy.list(SubtreeQuery.children(FLEET), ListOptions.defaults()).items();
    }
}
