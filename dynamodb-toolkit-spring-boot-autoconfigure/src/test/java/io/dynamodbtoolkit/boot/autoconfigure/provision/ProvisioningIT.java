package io.dynamodbtoolkit.boot.autoconfigure.provision;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.boot.autoconfigure.FailureAnalyses;
import io.dynamodbtoolkit.boot.autoconfigure.ToolkitRunners;
import io.dynamodbtoolkit.boot.autoconfigure.properties.ProvisioningMode;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.provision.ProvisioningException;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.TableSpec;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveStatus;

/** dynamodb.toolkit.provisioning=none / validate / create against a real server. */
@DynamoDbTest
@ExtendWith(OutputCaptureExtension.class)
class ProvisioningIT {

    private static final String RENTALS = "dynamodb.toolkit.adapters.rentals";

    private static ApplicationContextRunner rentals(String table, String... more) {
        return ToolkitRunners.toolkit().withPropertyValues(RENTALS + ".table=" + table,
                RENTALS + ".key-fields=state,facility,vin", RENTALS + ".structural-key=_sk",
                RENTALS + ".technical-prefix=_", RENTALS + ".type-labels=state,facility,vehicle",
                RENTALS + ".type-field=kind", RENTALS + ".ttl-attribute=expiresAt",
                RENTALS + ".indices.needs-review.pk=reviewFlag", RENTALS + ".indices.needs-review.sk=submittedAt",
                RENTALS + ".indices.needs-review.projection=keys-only").withPropertyValues(more);
    }

    @Test
    void createMakesTheTableItsIndexesAndTtlBeforeTheAdapterIsHandedOut(TestTables tables, DynamoDbClient client,
            CapturedOutput output) {
        String table = tables.uniqueName("rentals");
        rentals(table, "dynamodb.toolkit.provisioning=create").withUserConfiguration(EarlyWriter.class)
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    assertThat(output).contains("INFO").contains("Created table " + table + " for adapter 'rentals' "
                            + "(global index 'needs-review', time to live on 'expiresAt')").doesNotContain("found none");
                    TableDescription description = client.describeTable(r -> r.tableName(table)).table();
                    assertThat(description.tableStatus()).isEqualTo(TableStatus.ACTIVE);
                    assertThat(description.globalSecondaryIndexes()).singleElement().satisfies(index -> {
                        assertThat(index.indexName()).isEqualTo("needs-review");
                        assertThat(index.projection().projectionType()).isEqualTo(ProjectionType.KEYS_ONLY);
                    });
                    assertThat(client.describeTimeToLive(r -> r.tableName(table)).timeToLiveDescription())
                            .satisfies(ttl -> {
                                assertThat(ttl.attributeName()).isEqualTo("expiresAt");
                                assertThat(ttl.timeToLiveStatus()).isIn(TimeToLiveStatus.ENABLED,
                                        TimeToLiveStatus.ENABLING);
                            });
                    @SuppressWarnings("unchecked")
                    Adapter<Map<String, Object>> adapter = context.getBean("rentals", Adapter.class);
                    assertThat(adapter.get(KeyValues.of("state", "TX")))
                            .hasValueSatisfying(item -> assertThat(item).containsEntry("name", "Texas"));
                });
    }

    @Test
    void createAddsAMissingGlobalIndexToAnExistingTable(TestTables tables, DynamoDbClient client,
            CapturedOutput output) {
        String table = tables.create(TableSpec.named("rentals").partitionKey("state", ScalarAttributeType.S)
                .sortKey("_sk", ScalarAttributeType.S));
        rentals(table, "dynamodb.toolkit.provisioning=create").run(context -> {
            assertThat(context).hasNotFailed();
            assertThat(output).contains("Added to table " + table + " for adapter 'rentals': global index "
                    + "'needs-review', time to live");
            assertThat(client.describeTable(r -> r.tableName(table)).table().globalSecondaryIndexes())
                    .extracting(GlobalSecondaryIndexDescription::indexName).containsExactly("needs-review");
        });
    }

    @Test
    void validatePassesWhenTheTablesMatch(TestTables tables) {
        String table = tables.uniqueName("rentals");
        rentals(table, "dynamodb.toolkit.provisioning=create").run(created -> assertThat(created).hasNotFailed());
        rentals(table, "dynamodb.toolkit.provisioning=validate").run(context -> {
            assertThat(context).hasNotFailed().hasBean("rentals");
            assertThat(context.getBean(TableProvisioning.class).mode()).isEqualTo(ProvisioningMode.VALIDATE);
        });
    }

    @Test
    void validateFailsStartUpWithTheReportOfEveryTableThatDiffers(TestTables tables) {
        String missing = tables.uniqueName("rentals");
        String withoutIndex = tables.create(TableSpec.named("orders").partitionKey("customer", ScalarAttributeType.S)
                .sortKey("orderNo", ScalarAttributeType.N));
        rentals(missing, "dynamodb.toolkit.provisioning=validate",
                "dynamodb.toolkit.adapters.orders.table=" + withoutIndex,
                "dynamodb.toolkit.adapters.orders.key-fields[0]=customer",
                "dynamodb.toolkit.adapters.orders.key-fields[1].name=orderNo",
                "dynamodb.toolkit.adapters.orders.key-fields[1].type=number",
                "dynamodb.toolkit.adapters.orders.indices.by-status.pk=status").run(context -> {
                    assertThat(context.getStartupFailure()).hasRootCauseInstanceOf(TableValidationException.class);
                    FailureAnalysis analysis = FailureAnalyses.of(context);
                    assertThat(analysis.getDescription())
                            .contains("do not match the adapters' declarations (dynamodb.toolkit.provisioning=validate)")
                            .contains("Adapter 'rentals': Table " + missing)
                            .contains("table " + missing + ": expected a table, found none")
                            .contains("Adapter 'orders': Table " + withoutIndex)
                            .contains("global index 'by-status'");
                    assertThat(analysis.getAction()).contains("set dynamodb.toolkit.provisioning=create")
                            .doesNotContain("Conflicts");
                });
        assertThat(tableExists(tables, missing)).isFalse();
    }

    @Test
    void validateExplainsConflictsThatCreateCannotFix(TestTables tables) {
        String table = tables.create(TableSpec.named("rentals").partitionKey("state", ScalarAttributeType.S)
                .sortKey("_sk", ScalarAttributeType.S).globalIndex("needs-review", "reviewFlag", ScalarAttributeType.S,
                        "submittedAt", ScalarAttributeType.S, ProjectionType.ALL));
        rentals(table, "dynamodb.toolkit.provisioning=validate").run(context -> {
            FailureAnalysis analysis = FailureAnalyses.of(context);
            assertThat(analysis.getDescription())
                    .contains("global index 'needs-review': expected KEYS_ONLY projection, found ALL projection");
            assertThat(analysis.getAction()).contains("Conflicts (key schema, attribute types, projections");
        });
    }

    @Test
    void createFailsStartUpOnAConflictItNeverFixes(TestTables tables) {
        String table = tables.create(TableSpec.named("rentals").partitionKey("state", ScalarAttributeType.S)
                .sortKey("facility", ScalarAttributeType.S));
        rentals(table, "dynamodb.toolkit.provisioning=create").run(context -> {
            assertThat(context.getStartupFailure()).hasRootCauseInstanceOf(ProvisioningException.class);
            FailureAnalysis analysis = FailureAnalyses.of(context);
            assertThat(analysis.getDescription()).contains("never drops or alters anything")
                    .contains("key schema: expected");
            assertThat(analysis.getAction()).contains("migrate the table");
        });
    }

    @Test
    void noneLeavesTheTablesAlone(TestTables tables) {
        String table = tables.uniqueName("rentals");
        rentals(table, "dynamodb.toolkit.provisioning=none").run(context -> {
            assertThat(context).hasNotFailed().hasBean("rentals");
            assertThat(context.getBean(TableProvisioning.class).mode()).isEqualTo(ProvisioningMode.NONE);
        });
        assertThat(tableExists(tables, table)).isFalse();
    }

    @Test
    void unsetMeansNoneWithoutTheEmbeddedEngine(TestTables tables) {
        String table = tables.uniqueName("rentals");
        rentals(table).run(context -> {
            assertThat(context).hasNotFailed();
            assertThat(context.getBean(TableProvisioning.class).mode()).isEqualTo(ProvisioningMode.NONE);
        });
        assertThat(tableExists(tables, table)).isFalse();
    }

    private static boolean tableExists(TestTables tables, String table) {
        try (DynamoDbClient client = io.dynamodbtoolkit.test.DynamoDbEndpoint.shared().newClient()) {
            client.describeTable(r -> r.tableName(table));
            return true;
        } catch (ResourceNotFoundException e) {
            return false;
        }
    }

    /** A bean that writes through the adapter while the context starts: the table must exist by then. */
    @Configuration(proxyBeanMethods = false)
    static class EarlyWriter {

        @Bean
        String earlyWrite(Adapter<Map<String, Object>> rentals) {
            Map<String, Object> texas = new LinkedHashMap<>();
            texas.put("state", "TX");
            texas.put("name", "Texas");
            rentals.post(texas);
            return "written";
        }
    }
}
