package io.dynamodbtoolkit.springbatch;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.adapter.ItemMapper;
import io.dynamodbtoolkit.filter.FieldRule;
import io.dynamodbtoolkit.filter.FieldType;
import io.dynamodbtoolkit.filter.FilterSpec;
import io.dynamodbtoolkit.index.IndexDeclaration;
import io.dynamodbtoolkit.index.IndexProjection;
import io.dynamodbtoolkit.index.MarkerKeyPart;
import io.dynamodbtoolkit.index.Membership;
import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.springdata.core.DynamoDbToolkitTemplate;
import io.dynamodbtoolkit.springdata.core.ScopeProvider;
import io.dynamodbtoolkit.springdata.mapping.DynamoDbMappingContext;
import io.dynamodbtoolkit.springdata.mapping.MappingDynamoDbConverter;
import io.dynamodbtoolkit.test.TableSpec;
import io.dynamodbtoolkit.test.TestTables;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * The tests' table: sites of tenants (tenant > state > city > site) under a structural key, a filterable
 * {@code status}, and a sparse index of the open sites; tables made with {@link TestTables} (unique names).
 */
public final class Sites {

    /** The adapter's name. */
    public static final String ADAPTER = "sites";

    /** The table. */
    public static final TableSpec TABLE = TableSpec.named("sites")
            .partitionKey("tenant", ScalarAttributeType.S)
            .sortKey("_sk", ScalarAttributeType.S)
            .globalIndex("open-sites", "_openMarker", ScalarAttributeType.S, "_sk", ScalarAttributeType.S,
                    ProjectionType.KEYS_ONLY);

    private Sites() {
    }

    /** @return the declaration of a sites table */
    public static AdapterDeclaration<Map<String, Object>> declaration(String table) {
        return declaration(table, false);
    }

    /** @return the declaration of a sites table, with the parent guard or without */
    public static AdapterDeclaration<Map<String, Object>> declaration(String table, boolean parentGuard) {
        return AdapterDeclaration.builder(ItemMapper.documents()).name(ADAPTER).table(table).parentGuard(parentGuard)
                .keys(KeyModel.builder().keyFields("tenant", "state", "city", "site").structuralKey("_sk")
                        .technicalPrefix("_").typeLabels("tenant", "state", "city", "site").typeField("kind")
                        .build())
                .filters(FilterSpec.of(FieldRule.of("status", FieldType.STRING)))
                .indexes(IndexDeclaration.global("open-sites").partition(MarkerKeyPart.of("_openMarker", "Y"))
                        .sortKey("_sk").membership(Membership.onlyWhen(Set.of("status"), Sites::isOpen))
                        .projection(IndexProjection.KEYS_ONLY).build())
                .build();
    }

    /** @return a template over a new sites table, confining calls to the tenant the supplier gives when given one */
    public static DynamoDbToolkitTemplate template(DynamoDbClient client, TestTables tables,
            Supplier<Optional<KeyValues>> tenant) {
        return template(client, tables, tenant, false);
    }

    /** @return a template as {@link #template(DynamoDbClient, TestTables, Supplier)}, the parent guard on or off */
    public static DynamoDbToolkitTemplate template(DynamoDbClient client, TestTables tables,
            Supplier<Optional<KeyValues>> tenant, boolean parentGuard) {
        Adapter<Map<String, Object>> adapter = Adapter.create(declaration(tables.create(TABLE), parentGuard),
                client);
        DynamoDbToolkitTemplate.Builder builder = DynamoDbToolkitTemplate.builder(adapter,
                new MappingDynamoDbConverter(new DynamoDbMappingContext()));
        if (tenant != null) {
            builder.scopeProvider(ScopeProvider.of(List.of("tenant"), tenant));
        }
        return builder.build();
    }

    /**
     * Writes {@code states x cities x sites} sites (and their state and city rows) of a tenant through the adapter.
     *
     * @return the number of rows written
     */
    public static int plant(DynamoDbToolkitTemplate template, String tenant, int states, int cities, int sites) {
        @SuppressWarnings("unchecked")
        Adapter<Map<String, Object>> adapter = (Adapter<Map<String, Object>>) template.getAdapter();
        List<Map<String, Object>> rows = new ArrayList<>();
        rows.add(Map.of("tenant", tenant));
        for (int s = 0; s < states; s++) {
            String state = "S" + s;
            rows.add(Map.of("tenant", tenant, "state", state));
            for (int c = 0; c < cities; c++) {
                String city = "C" + c;
                rows.add(Map.of("tenant", tenant, "state", state, "city", city));
                for (int i = 0; i < sites; i++) {
                    rows.add(Map.of("tenant", tenant, "state", state, "city", city, "site", String.format("x%04d", i),
                            "status", i % 3 == 0 ? "open" : "closed", "n", i));
                }
            }
        }
        adapter.putAll(rows);
        return rows.size();
    }

    /** @return every row of the table, read raw and strongly consistent */
    public static List<Map<String, AttributeValue>> rows(DynamoDbClient client, String table) {
        List<Map<String, AttributeValue>> rows = new ArrayList<>();
        client.scanPaginator(request -> request.tableName(table).consistentRead(true)).items().forEach(rows::add);
        return rows;
    }

    private static boolean isOpen(Map<String, AttributeValue> item) {
        AttributeValue status = item.get("status");
        return status != null && "open".equals(status.s());
    }
}
