package io.dynamodbtoolkit.boot.autoconfigure.actuate;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.boot.autoconfigure.ToolkitRunners;
import io.dynamodbtoolkit.boot.autoconfigure.actuate.DynamoDbToolkitEndpoint.BackfillRun;
import io.dynamodbtoolkit.boot.autoconfigure.actuate.DynamoDbToolkitEndpoint.Refusal;
import io.dynamodbtoolkit.boot.autoconfigure.health.DynamoDbToolkitHealthAutoConfiguration;
import io.dynamodbtoolkit.boot.autoconfigure.metrics.DynamoDbToolkitMetricsAutoConfiguration;
import io.dynamodbtoolkit.boot.autoconfigure.metrics.MassProgressMetrics;
import io.dynamodbtoolkit.boot.autoconfigure.provision.IndexEvolution;
import io.dynamodbtoolkit.boot.autoconfigure.reactive.ReactiveDynamoDbToolkitAutoConfiguration;
import io.dynamodbtoolkit.mass.MassOptions;
import io.dynamodbtoolkit.mass.MassResult;
import io.dynamodbtoolkit.springdata.core.DynamoDbToolkitTemplate;
import io.dynamodbtoolkit.springdata.core.ReactiveDynamoDbToolkitTemplate;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.TestTables;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.ObservationRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.actuate.endpoint.OperationResponseBody;
import org.springframework.boot.actuate.endpoint.web.WebEndpointResponse;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.convert.ApplicationConversionService;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * A key design that evolves under an application: an index is added and another retired while the table holds
 * items. Start-up warns (log, health) which index needs a backfill and which left computed attributes behind, and
 * the {@code dynamodbtoolkit} endpoint mends both on request, never by itself; a run of the endpoint, a template or a
 * repository that completes over the whole table clears its warning.
 */
@DynamoDbTest
@ExtendWith(OutputCaptureExtension.class)
class IndexEvolutionIT {

    private static final String RENTALS = "dynamodb.toolkit.adapters.rentals";
    private static final String ALL_STATES = RENTALS + ".indices.all-states";
    private static final String ALL_FACILITIES = RENTALS + ".indices.all-facilities";

    private static ApplicationContextRunner rentals(String table, String... more) {
        return ToolkitRunners.toolkit()
                .withConfiguration(AutoConfigurations.of(DynamoDbToolkitHealthAutoConfiguration.class,
                        DynamoDbToolkitEndpointAutoConfiguration.class))
                .withPropertyValues(RENTALS + ".table=" + table, RENTALS + ".key-fields=state,facility,vin",
                        RENTALS + ".structural-key=_sk", RENTALS + ".technical-prefix=_",
                        RENTALS + ".type-labels=state,facility,vehicle", RENTALS + ".type-field=kind",
                        "dynamodb.toolkit.provisioning=create",
                        "management.endpoints.web.exposure.include=health,dynamodbtoolkit")
                .withPropertyValues(more)
                // as SpringApplication does: properties bind leniently (access=none, read-only)
                .withInitializer(context -> context.getEnvironment()
                        .setConversionService(new ApplicationConversionService()));
    }

    /** A table written under a declaration with the {@code all-states} marker and without {@code all-facilities}. */
    private static String tableOfTheFirstDeclaration(TestTables tables) {
        String table = tables.uniqueName("rentals");
        rentals(table, ALL_STATES + ".pk.marker=_stateMarker", ALL_STATES + ".sk=state",
                ALL_STATES + ".membership.types=state").run(context -> {
                    @SuppressWarnings("unchecked")
                    Adapter<Map<String, Object>> adapter = context.getBean("rentals", Adapter.class);
                    adapter.putAll(fleet());
                });
        return table;
    }

    private static ApplicationContextRunner secondDeclaration(String table, String... more) {
        return rentals(table, ALL_FACILITIES + ".pk.marker=_facilityMarker", ALL_FACILITIES + ".sk=_sk",
                ALL_FACILITIES + ".membership.types=facility").withPropertyValues(more);
    }

    @Test
    void startUpWarnsOfTheBackfillAndTheRetiredIndexAndTheEndpointMendsBothOnRequest(TestTables tables,
            DynamoDbClient client, CapturedOutput output) {
        String table = tableOfTheFirstDeclaration(tables);

        secondDeclaration(table).run(context -> {
            assertThat(context).hasNotFailed();
            assertThat(output).contains("WARN").contains("Adapter 'rentals': index 'all-facilities' needs a backfill "
                    + "of 6 items (counted: every item of the table read); items written before the index was "
                    + "declared or changed lack the attributes the toolkit computes for it, so the index misses them. "
                    + "Backfill them with POST /actuator/dynamodbtoolkit/backfill/rentals/all-facilities (with "
                    + "management.endpoint.dynamodbtoolkit.access=unrestricted), a repository's "
                    + "backfillIndex(\"all-facilities\", MassOptions.defaults()) or IndexBackfill.of(adapter)"
                    + ".backfill(\"all-facilities\", MassOptions.defaults())");
            assertThat(output).contains("Adapter 'rentals': index 'all-states' of table " + table + " is no longer "
                    + "declared; items written while it was may keep its computed attributes [_stateMarker], which are "
                    + "never removed automatically. Remove them with POST /actuator/dynamodbtoolkit/backfill/rentals/"
                    + "all-states, a repository's removeStaleIndexAttributes(List.of(\"_stateMarker\"), "
                    + "MassOptions.defaults()) or IndexBackfill.of(adapter).removeStale(List.of(\"_stateMarker\"), "
                    + "MassOptions.defaults()), then delete the index (provisioning never drops one)");
            Health health = context.getBean("dynamodbHealthIndicator", HealthIndicator.class).health();
            assertThat(health.getStatus()).isEqualTo(Status.UP);
            assertThat(health.getDetails()).containsEntry("warnings", List.of(
                    "adapter 'rentals': index 'all-facilities' needs a backfill of 6 items (counted: every item of "
                            + "the table read)",
                    "adapter 'rentals': index 'all-states' is no longer declared; items may keep its computed "
                            + "attributes [_stateMarker] until removed, and the index stays until deleted"));
            DynamoDbToolkitEndpoint endpoint = context.getBean(DynamoDbToolkitEndpoint.class);
            assertThat(endpoint.indexEvolution().warnings()).hasSize(2);

            BackfillRun backfill = run(endpoint.backfill("backfill", "rentals", "all-facilities", null, null, null,
                    null));
            assertThat(backfill.operation()).isEqualTo("backfill");
            assertThat(backfill.processed()).isEqualTo(6);
            assertThat(backfill.complete()).isTrue();
            assertThat(backfill.cursor()).isNull();
            assertThat(context.getBean(IndexEvolution.class).warnings()).singleElement().asString()
                    .contains("'all-states'");

            BackfillRun removal = run(endpoint.backfill("backfill", "rentals", "all-states", 0L, null, 2, 2));
            assertThat(removal.operation()).isEqualTo("remove-stale");
            assertThat(removal.processed()).isEqualTo(2);
            assertThat(removal.complete()).isTrue();
            assertThat(context.getBean("dynamodbHealthIndicator", HealthIndicator.class).health().getDetails())
                    .doesNotContainKey("warnings");
        });
        assertThat(scan(client, table)).noneSatisfy(item -> assertThat(item).containsKey("_stateMarker"))
                .filteredOn(item -> item.containsKey("_facilityMarker")).hasSize(6);

        secondDeclaration(table, "dynamodb.toolkit.provisioning=validate").run(context -> {
            assertThat(context).hasNotFailed();
            assertThat(context.getBean(IndexEvolution.class).warnings()).as("the retired index is still there")
                    .singleElement().asString().contains("'all-states' is no longer declared");
        });
        client.updateTable(request -> request.tableName(table).globalSecondaryIndexUpdates(update -> update
                .delete(delete -> delete.indexName("all-states"))));
        awaitIndexGone(client, table);
        secondDeclaration(table, "dynamodb.toolkit.provisioning=validate").run(context -> {
            assertThat(context).hasNotFailed();
            assertThat(context.getBean(IndexEvolution.class).warnings()).isEmpty();
        });
    }

    private static void awaitIndexGone(DynamoDbClient client, String table) {
        for (int attempt = 0; attempt < 100; attempt++) {
            if (!client.describeTable(request -> request.tableName(table)).table().hasGlobalSecondaryIndexes()
                    || client.describeTable(request -> request.tableName(table)).table().globalSecondaryIndexes()
                            .stream().noneMatch(index -> index.indexName().equals("all-states"))) {
                return;
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
        throw new AssertionError("index all-states still on table " + table);
    }

    @Test
    void aTemplateOrRepositoryRunThatCompletesOverTheTableClearsTheWarningsToo(TestTables tables) {
        String table = tableOfTheFirstDeclaration(tables);
        secondDeclaration(table).withConfiguration(AutoConfigurations.of(
                ReactiveDynamoDbToolkitAutoConfiguration.class)).run(context -> {
                    IndexEvolution evolution = context.getBean(IndexEvolution.class);
                    DynamoDbToolkitTemplate template = context.getBean("rentalsTemplate",
                            DynamoDbToolkitTemplate.class);
                    assertThat(evolution.warnings()).hasSize(2);

                    MassResult first = template.backfillIndex("all-facilities", MassOptions.defaults()
                            .withMaxItems(4));
                    assertThat(first.isComplete()).isFalse();
                    assertThat(evolution.warnings()).as("a run that stopped short leaves the warning").hasSize(2);
                    assertThat(template.backfillIndex("all-facilities", MassOptions.defaults()
                            .withCursor(first.cursor())).isComplete()).isTrue();
                    assertThat(evolution.warnings()).singleElement().asString().contains("'all-states'");

                    assertThat(context.getBean("rentalsReactiveTemplate", ReactiveDynamoDbToolkitTemplate.class)
                            .removeStaleIndexAttributes(List.of("_stateMarker"), MassOptions.defaults())
                            .block(Duration.ofSeconds(30)).isComplete()).isTrue();
                    assertThat(evolution.warnings()).isEmpty();
                    assertThat(context.getBean("dynamodbHealthIndicator", HealthIndicator.class).health()
                            .getDetails()).doesNotContainKey("warnings");
                });
    }

    @Test
    void theEndpointRefusesWhatItCannotRunAndSaysWhatToSend(TestTables tables) {
        String table = tableOfTheFirstDeclaration(tables);
        secondDeclaration(table).run(context -> {
            DynamoDbToolkitEndpoint endpoint = context.getBean(DynamoDbToolkitEndpoint.class);

            assertThat(refusal(endpoint.backfill("frobnicate", "rentals", "all-facilities", null, null, null, null),
                    404)).contains("Unknown operation 'frobnicate': POST /actuator/dynamodbtoolkit/backfill/{adapter}"
                            + "/{index}");
            assertThat(refusal(endpoint.backfill("backfill", "fleet", "all-facilities", null, null, null, null), 404))
                    .isEqualTo("Unknown adapter 'fleet'; the adapters are [rentals]");
            assertThat(refusal(endpoint.backfill("backfill", "rentals", "all-vans", null, null, null, null), 404))
                    .isEqualTo("Index 'all-vans' is neither declared for adapter 'rentals' nor on table " + table
                            + "; the declared indexes are [all-facilities]");
            assertThat(refusal(endpoint.backfill("backfill", "rentals", "all-facilities", null, "not-a-cursor", null,
                    null), 400)).isNotBlank();
            assertThat(refusal(endpoint.backfill("backfill", "rentals", "all-facilities", null, null, null, 0), 400))
                    .contains("A Scan reads 1 to 1000 segments, not 0");
            assertThat(refusal(endpoint.backfill("backfill", "rentals", "all-facilities", -1L, null, null, null), 400))
                    .contains("maxItems must be >= 0");

            BackfillRun first = run(endpoint.backfill("backfill", "rentals", "all-facilities", 5L, null, null, 1));
            assertThat(first.complete()).isFalse();
            assertThat(context.getBean(IndexEvolution.class).warnings()).hasSize(2);
            BackfillRun rest = run(endpoint.backfill("backfill", "rentals", "all-facilities", 0L, first.cursor(),
                    null, 1));
            assertThat(rest.complete()).isTrue();
            assertThat(first.processed() + rest.processed()).isEqualTo(6);
        });
    }

    @Test
    void theEndpointIsThereOnlyWhenExposedAndNotTurnedOffAsTheReadmeConfiguresIt(TestTables tables) {
        String table = tables.uniqueName("rentals");
        rentals(table, "management.endpoints.web.exposure.include=health")
                .run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(DynamoDbToolkitEndpoint.class));
        rentals(table, "management.endpoint.dynamodbtoolkit.access=none")
                .run(context -> assertThat(context).doesNotHaveBean(DynamoDbToolkitEndpoint.class));
        rentals(table).run(context -> assertThat(context).hasSingleBean(DynamoDbToolkitEndpoint.class));
        rentals(table, "management.endpoints.web.exposure.include=health")
                .withInitializer(ToolkitRunners.yaml("readme/backfill-endpoint.yml")).run(context -> {
                    assertThat(context).hasSingleBean(DynamoDbToolkitEndpoint.class);
                    assertThat(context.getEnvironment().getProperty("management.endpoint.dynamodbtoolkit.access"))
                            .isEqualTo("unrestricted");
                });
    }

    @Test
    void anEndpointRunReportsToTheMassOperationGauges(TestTables tables) {
        String table = tableOfTheFirstDeclaration(tables);
        secondDeclaration(table).withBean(MeterRegistry.class, SimpleMeterRegistry::new)
                .withBean(ObservationRegistry.class, ObservationRegistry::create)
                .withConfiguration(AutoConfigurations.of(DynamoDbToolkitMetricsAutoConfiguration.class))
                .run(context -> {
                    assertThat(context).hasSingleBean(MassProgressMetrics.class);
                    run(context.getBean(DynamoDbToolkitEndpoint.class).backfill("backfill", "rentals",
                            "all-facilities", null, null, null, null));
                    assertThat(context.getBean(MeterRegistry.class).get(MassProgressMetrics.ITEMS).tags("adapter",
                            "rentals", "operation", "backfill:all-facilities", "state", "processed").gauge().value())
                            .isEqualTo(6);
                });
    }

    @Test
    void aSampleOfZeroTurnsTheEstimateOff(TestTables tables, CapturedOutput output) {
        String table = tableOfTheFirstDeclaration(tables);
        secondDeclaration(table, "dynamodb.toolkit.provisioning-backfill-sample=0").run(context -> {
            assertThat(context).hasNotFailed();
            assertThat(output).doesNotContain("needs a backfill");
            assertThat(context.getBean(IndexEvolution.class).byAdapter().get("rentals").backfills()).isEmpty();
        });
    }

    private static BackfillRun run(WebEndpointResponse<OperationResponseBody> response) {
        assertThat(response.getStatus()).as("%s", response.getBody()).isEqualTo(200);
        return (BackfillRun) response.getBody();
    }

    private static String refusal(WebEndpointResponse<OperationResponseBody> response, int status) {
        assertThat(response.getStatus()).isEqualTo(status);
        return ((Refusal) response.getBody()).error();
    }

    private static List<Map<String, Object>> fleet() {
        List<Map<String, Object>> items = new ArrayList<>();
        for (String state : List.of("TX", "OK")) {
            items.add(Map.of("state", state));
            for (String facility : List.of("North", "South", "West")) {
                items.add(Map.of("state", state, "facility", facility));
                items.add(Map.of("state", state, "facility", facility, "vin", state + facility + "1"));
            }
        }
        return items;
    }

    private static List<Map<String, AttributeValue>> scan(DynamoDbClient client, String table) {
        ScanResponse response = client.scan(request -> request.tableName(table).consistentRead(true));
        return response.items();
    }
}
