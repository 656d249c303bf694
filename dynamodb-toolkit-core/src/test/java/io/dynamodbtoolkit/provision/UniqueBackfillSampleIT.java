package io.dynamodbtoolkit.provision;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.adapter.ItemMapper;
import io.dynamodbtoolkit.adapter.UniqueField;
import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.mass.MassOperations;
import io.dynamodbtoolkit.mass.MassPageResult;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.RequestLog;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Provisioning's sample finds the rows holding a value of a unique field without a guard pointing at them (rows
 * written before the field was declared unique), and none once their guards are written or when rows were written
 * with their guards.
 */
@DynamoDbTest
class UniqueBackfillSampleIT {

    private static final KeyModel KEYS = KeyModel.builder().keyFields("state", "facility", "vin").structuralKey("_sk")
            .technicalPrefix("_").build();

    private static AdapterDeclaration<Map<String, Object>> vehicles(String table, UniqueField... unique) {
        return AdapterDeclaration.builder(ItemMapper.documents()).table(table).keys(KEYS).unique(unique).build();
    }

    /** Writes vehicles V0.. of Dallas, every other one with a plate. */
    private static void written(Adapter<Map<String, Object>> adapter, int count) {
        for (int v = 0; v < count; v++) {
            Map<String, Object> vehicle = new LinkedHashMap<>(Map.of("state", "TX", "facility", "Dallas",
                    "vin", "V" + v));
            if (v % 2 == 0) {
                vehicle.put("plate", "P" + v);
            }
            adapter.post(vehicle);
        }
    }

    @Test
    void countsTheRowsWrittenBeforeTheFieldWasDeclaredUniqueUntilTheirGuardsAreWritten(DynamoDbClient client,
            TestTables tables) {
        String table = tables.uniqueName("plates");
        TableProvisioner provisioner = TableProvisioner.of(client);
        provisioner.create(vehicles(table));
        written(Adapter.create(vehicles(table), client), 40);
        AdapterDeclaration<Map<String, Object>> unique = vehicles(table, UniqueField.of("plate"),
                UniqueField.within("code", "state"));

        TableReport report = provisioner.validate(unique);

        assertThat(report.uniqueBackfills()).singleElement().satisfies(need -> {
            assertThat(need.field()).isEqualTo("plate");
            assertThat(need.counted()).as("the sample read the whole table").isTrue();
            assertThat(need.rows()).isEqualTo(20);
            assertThat(need.unguarded()).isEqualTo(20);
            assertThat(need.holding()).isEqualTo(20);
            assertThat(need.sampled()).isEqualTo(40);
        });
        assertThat(report.matches()).isTrue();
        assertThat(report.describe()).contains("unique field 'plate' needs the guards of 20 rows (counted: every "
                + "item of the table read, 20 holding a value); duplicates cannot be estimated from a sample: run "
                + "verifyUnique");

        Adapter<Map<String, Object>> guarded = Adapter.create(unique, client);
        MassPageResult backfill = MassOperations.of(guarded).backfillUnique("plate");
        assertThat(backfill.processed()).isEqualTo(20);
        assertThat(provisioner.validate(unique).uniqueBackfills()).as("every row guarded, guards left out").isEmpty();
    }

    @Test
    void rowsWrittenWithTheirGuardsNeedNone(DynamoDbClient client, TestTables tables) {
        String table = tables.uniqueName("plates");
        AdapterDeclaration<Map<String, Object>> unique = vehicles(table, UniqueField.of("plate"));
        TableProvisioner provisioner = TableProvisioner.of(client);
        provisioner.create(unique);
        written(Adapter.create(unique, client), 10);

        assertThat(provisioner.validate(unique).uniqueBackfills()).isEmpty();
        assertThat(provisioner.validate(unique).describe()).isEqualTo("Table " + table + " matches its declaration.");
    }

    @Test
    void estimatesFromABoundedSampleOfALargerTableWithOneGuardReadPerHundredValues(DynamoDbClient client,
            TestTables tables, RequestLog log) {
        String table = tables.uniqueName("plates");
        TableProvisioner provisioner = TableProvisioner.of(client);
        provisioner.create(vehicles(table));
        written(Adapter.create(vehicles(table), client), 200);

        log.clear();
        TableReport report = provisioner.withBackfillSample(40).validate(vehicles(table, UniqueField.of("plate")));

        assertThat(log.calls("Scan")).as("the sample only").hasSizeLessThanOrEqualTo(BackfillSample.MAX_CALLS);
        assertThat(log.calls("BatchGetItem")).as("at most 40 guards: one call").hasSize(1);

        assertThat(report.uniqueBackfills()).singleElement().satisfies(need -> {
            assertThat(need.counted()).isFalse();
            assertThat(need.sampled()).isEqualTo(40);
            assertThat(need.unguarded()).isEqualTo(need.holding()).isBetween(1L, 40L);
            assertThat(need.rows()).isEqualTo(Math.round(need.unguarded() * Math.max(200.0, 40) / 40));
            assertThat(need.describe()).startsWith("unique field 'plate' needs the guards of " + need.rows()
                    + " rows (estimate: " + need.unguarded() + " of 40 sampled rows, ");
        });
    }
}
