package io.dynamodbtoolkit.boot.autoconfigure.actuate;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.boot.autoconfigure.ToolkitRunners;
import io.dynamodbtoolkit.boot.autoconfigure.actuate.DynamoDbToolkitEndpoint.Refusal;
import io.dynamodbtoolkit.boot.autoconfigure.actuate.DynamoDbToolkitEndpoint.UniqueBackfillRun;
import io.dynamodbtoolkit.boot.autoconfigure.health.DynamoDbToolkitHealthAutoConfiguration;
import io.dynamodbtoolkit.boot.autoconfigure.provision.IndexEvolution;
import io.dynamodbtoolkit.provision.UniqueBackfillNeed;
import io.dynamodbtoolkit.springdata.core.DynamoDbToolkitTemplate;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.TestTables;
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

/**
 * A field declared unique on a table whose rows were written before: start-up warns (log, health) that their guards
 * are missing, the {@code dynamodbtoolkit} endpoint lists it and writes the guards on request (refusing duplicates,
 * listing them), and a backfill of the endpoint or of a template that leaves no row unguarded clears the warning.
 */
@DynamoDbTest
@ExtendWith(OutputCaptureExtension.class)
class UniqueFieldEvolutionIT {

    private static final String RENTALS = "dynamodb.toolkit.adapters.rentals";
    private static final String WARNING = "adapter 'rentals': unique field 'plate' needs the guards of 4 rows "
            + "(counted: every item of the table read, 4 holding a value); duplicates cannot be estimated from a "
            + "sample: run verifyUnique to find them, backfillUnique to write the guards";

    private static ApplicationContextRunner rentals(String table, String... more) {
        return ToolkitRunners.toolkit()
                .withConfiguration(AutoConfigurations.of(DynamoDbToolkitHealthAutoConfiguration.class,
                        DynamoDbToolkitEndpointAutoConfiguration.class))
                .withPropertyValues(RENTALS + ".table=" + table, RENTALS + ".key-fields=state,facility,vin",
                        RENTALS + ".structural-key=_sk", RENTALS + ".technical-prefix=_",
                        "dynamodb.toolkit.provisioning=create",
                        "management.endpoints.web.exposure.include=health,dynamodbtoolkit")
                .withPropertyValues(more)
                .withInitializer(context -> context.getEnvironment()
                        .setConversionService(new ApplicationConversionService()));
    }

    /** @return a table whose vehicles were written before their plate was declared unique, some sharing one */
    private static String platesWrittenBeforeTheyWereUnique(TestTables tables, String... plates) {
        String table = tables.uniqueName("rentals");
        rentals(table).run(context -> {
            @SuppressWarnings("unchecked")
            Adapter<Map<String, Object>> adapter = context.getBean("rentals", Adapter.class);
            for (int v = 0; v < plates.length; v++) {
                Map<String, Object> vehicle = new LinkedHashMap<>(Map.of("state", "TX", "facility", "Dallas",
                        "vin", "V" + v, "plate", plates[v]));
                adapter.post(vehicle);
            }
            adapter.post(Map.of("state", "TX", "facility", "Dallas", "vin", "NOPLATE"));
        });
        return table;
    }

    @Test
    void startUpWarnsOfTheMissingGuardsAndTheEndpointWritesThemOnRequest(TestTables tables,
            CapturedOutput output) {
        String table = platesWrittenBeforeTheyWereUnique(tables, "P1", "P2", "P3", "P4");

        rentals(table, RENTALS + ".unique=plate").run(context -> {
            assertThat(context).hasNotFailed();
            assertThat(output).contains("WARN").contains("Adapter 'rentals': unique field 'plate' needs the guards "
                    + "of 4 rows").contains("Write the guards with POST /actuator/dynamodbtoolkit/backfill-unique/"
                            + "rentals/plate (with management.endpoint.dynamodbtoolkit.access=unrestricted), a "
                            + "template's backfillUnique(\"plate\") or MassOperations.of(adapter)"
                            + ".backfillUnique(\"plate\")");
            Health health = context.getBean("dynamodbHealthIndicator", HealthIndicator.class).health();
            assertThat(health.getStatus()).isEqualTo(Status.UP);
            assertThat(health.getDetails()).containsEntry("warnings", List.of(WARNING));
            DynamoDbToolkitEndpoint endpoint = context.getBean(DynamoDbToolkitEndpoint.class);
            assertThat(endpoint.indexEvolution().found().get("rentals").uniqueBackfills())
                    .extracting(UniqueBackfillNeed::field).containsExactly("plate");

            UniqueBackfillRun run = run(endpoint.backfill(DynamoDbToolkitEndpoint.BACKFILL_UNIQUE, "rentals",
                    "plate", null, null, null, null));

            assertThat(run.processed()).isEqualTo(4);
            assertThat(run.complete()).isTrue();
            assertThat(context.getBean(IndexEvolution.class).warnings()).isEmpty();
            assertThat(context.getBean("dynamodbHealthIndicator", HealthIndicator.class).health().getDetails())
                    .doesNotContainKey("warnings");
            assertThat(run(endpoint.backfill(DynamoDbToolkitEndpoint.BACKFILL_UNIQUE, "rentals", "plate", null,
                    null, null, null)).skipped()).as("a second run finds every row guarded").isEqualTo(4);
        });
        rentals(table, RENTALS + ".unique=plate", "dynamodb.toolkit.provisioning=validate")
                .run(context -> assertThat(context.getBean(IndexEvolution.class).warnings()).isEmpty());
    }

    @Test
    void theEndpointRefusesDuplicatesAndWhatItCannotRunAndKeepsTheWarning(TestTables tables, DynamoDbClient client) {
        String table = platesWrittenBeforeTheyWereUnique(tables, "P1", "P1", "P3", "P4");

        rentals(table, RENTALS + ".unique=plate").run(context -> {
            DynamoDbToolkitEndpoint endpoint = context.getBean(DynamoDbToolkitEndpoint.class);
            String unique = DynamoDbToolkitEndpoint.BACKFILL_UNIQUE;

            assertThat(refusal(endpoint.backfill(unique, "rentals", "plate", null, null, null, null), 409))
                    .contains("rows share values").contains("P1").contains("V0").contains("V1")
                    .contains("nothing was written");
            assertThat(refusal(endpoint.backfill(unique, "rentals", "vin", null, null, null, null), 404))
                    .isEqualTo("'vin' is not a unique field of adapter 'rentals'; its unique fields are [plate]");
            assertThat(refusal(endpoint.backfill(unique, "rentals", "plate", 10L, null, 2, null), 400))
                    .contains("takes no [maxItems, concurrency]");
            assertThat(refusal(endpoint.backfill("frobnicate", "rentals", "plate", null, null, null, null), 404))
                    .contains("/actuator/dynamodbtoolkit/backfill-unique/{adapter}/{field}");
            assertThat(context.getBean(IndexEvolution.class).warnings()).singleElement().asString()
                    .contains("unique field 'plate'");
        });
        assertThat(client.scan(scan -> scan.tableName(table).consistentRead(true)).items())
                .as("the table after the refusals: the 5 vehicles as written, no guard")
                .hasSize(5).noneMatch(item -> item.containsKey("_uniqueOwner"));
    }

    @Test
    void aTemplateBackfillThatGuardsEveryRowClearsTheWarningToo(TestTables tables) {
        String table = platesWrittenBeforeTheyWereUnique(tables, "P1", "P2", "P3", "P4");

        rentals(table, RENTALS + ".unique=plate").run(context -> {
            IndexEvolution evolution = context.getBean(IndexEvolution.class);
            assertThat(evolution.warnings()).containsExactly(WARNING);

            assertThat(context.getBean("rentalsTemplate", DynamoDbToolkitTemplate.class).backfillUnique("plate")
                    .processed()).isEqualTo(4);

            assertThat(evolution.warnings()).isEmpty();
        });
    }

    private static UniqueBackfillRun run(WebEndpointResponse<OperationResponseBody> response) {
        assertThat(response.getStatus()).as("%s", response.getBody()).isEqualTo(200);
        return (UniqueBackfillRun) response.getBody();
    }

    private static String refusal(WebEndpointResponse<OperationResponseBody> response, int status) {
        assertThat(response.getStatus()).as("%s", response.getBody()).isEqualTo(status);
        return ((Refusal) response.getBody()).error();
    }
}
