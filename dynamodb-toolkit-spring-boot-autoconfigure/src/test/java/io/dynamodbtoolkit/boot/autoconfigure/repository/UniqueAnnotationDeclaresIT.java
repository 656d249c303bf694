package io.dynamodbtoolkit.boot.autoconfigure.repository;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.UniqueFields;
import io.dynamodbtoolkit.boot.autoconfigure.FailureAnalyses;
import io.dynamodbtoolkit.boot.autoconfigure.ToolkitRunners;
import io.dynamodbtoolkit.boot.autoconfigure.adapter.InvalidAdapterDeclarationException;
import io.dynamodbtoolkit.boot.autoconfigure.provision.IndexEvolution;
import io.dynamodbtoolkit.boot.autoconfigure.reactive.ReactiveDynamoDbToolkitAutoConfiguration;
import io.dynamodbtoolkit.boot.autoconfigure.reactive.ReactiveDynamoDbToolkitRepositoriesAutoConfiguration;
import io.dynamodbtoolkit.boot.autoconfigure.reactive.uniquefleet.ReactiveScopedPlates;
import io.dynamodbtoolkit.boot.autoconfigure.reactive.uniquefleet.UniqueFleetPackage;
import io.dynamodbtoolkit.boot.autoconfigure.repository.unique.PlatedRow;
import io.dynamodbtoolkit.boot.autoconfigure.repository.unique.PlatedRows;
import io.dynamodbtoolkit.boot.autoconfigure.repository.unique.UniquePackage;
import io.dynamodbtoolkit.boot.autoconfigure.repository.uniqueclash.ClashPackage;
import io.dynamodbtoolkit.boot.autoconfigure.repository.uniquekey.UniqueKeyPackage;
import io.dynamodbtoolkit.boot.autoconfigure.repository.uniquescope.FacilityPlatePackage;
import io.dynamodbtoolkit.boot.autoconfigure.repository.uniquewithin.ScopedPlate;
import io.dynamodbtoolkit.boot.autoconfigure.repository.uniquewithin.ScopedPlatePackage;
import io.dynamodbtoolkit.boot.autoconfigure.repository.uniquewithin.ScopedPlates;
import io.dynamodbtoolkit.provision.UniqueBackfillNeed;
import io.dynamodbtoolkit.springdata.core.DynamoDbToolkitTemplate;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.dao.DuplicateKeyException;
import reactor.test.StepVerifier;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;

/**
 * Under Boot, {@code @Unique} on an entity's property declares the field unique for the adapter its repository is
 * bound to, with no {@code unique} property: the adapter is built with the guard (so repositories, templates and
 * reactive repositories refuse a duplicate, one guard item per value), start-up provisioning reports the rows written
 * before the annotation, and a conflict (annotation against property, annotation against annotation, annotated key
 * field) fails start-up before the table is provisioned, naming the property and the annotation.
 */
@DynamoDbTest
class UniqueAnnotationDeclaresIT {

    private static final String RENTALS = "dynamodb.toolkit.adapters.rentals";
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private static ApplicationContextRunner runner(String table) {
        return ToolkitRunners.toolkit()
                .withConfiguration(AutoConfigurations.of(DynamoDbToolkitRepositoriesAutoConfiguration.class))
                .withPropertyValues(ToolkitRunners.rentalsAdapter(table));
    }

    @Test
    void anAnnotationAloneGuardsTheRepositoryAndTheTemplate(TestTables tables, DynamoDbClient client) {
        String table = tables.uniqueName("rentals");
        runner(table).withUserConfiguration(UniquePackage.class).run(context -> {
            assertThat(context).hasNotFailed();
            UniqueFields uniques = context.getBean("rentals", Adapter.class).declaration().uniques();
            assertThat(uniques.fields()).containsExactly("plate");
            assertThat(uniques.tiers("plate")).containsExactly("vehicle");
            PlatedRows rows = context.getBean(PlatedRows.class);
            rows.save(new PlatedRow.Vehicle("TX", "Dallas", "V1", "P1"));
            rows.save(new PlatedRow.Facility("TX", "Dallas", "P1"));

            assertThatThrownBy(() -> rows.save(new PlatedRow.Vehicle("TX", "Austin", "V2", "P1")))
                    .isInstanceOf(DuplicateKeyException.class).hasMessageContaining("P1");
            DynamoDbToolkitTemplate template = context.getBean("rentalsTemplate", DynamoDbToolkitTemplate.class);
            assertThatThrownBy(() -> template.insert(new PlatedRow.Vehicle("CA", "Fresno", "V3", "P1")))
                    .isInstanceOf(DuplicateKeyException.class).hasMessageContaining("P1");
        });
        assertThat(guards(client, table)).singleElement().satisfies(guard -> assertThat(guard.get("state").s())
                .isEqualTo("_unique|S5:plate|S2:P1"));
    }

    @Test
    void anAnnotationWithinAKeyFieldGuardsPerScope(TestTables tables, DynamoDbClient client) {
        String table = tables.uniqueName("rentals");
        runner(table).withUserConfiguration(ScopedPlatePackage.class).run(context -> {
            assertThat(context).hasNotFailed();
            assertThat(context.getBean("rentals", Adapter.class).declaration().uniques().within("plate"))
                    .containsExactly("state");
            ScopedPlates plates = context.getBean(ScopedPlates.class);
            plates.save(new ScopedPlate("TX", "Dallas", "V1", "P1"));
            plates.save(new ScopedPlate("CA", "Fresno", "V2", "P1"));

            assertThatThrownBy(() -> plates.save(new ScopedPlate("TX", "Austin", "V3", "P1")))
                    .isInstanceOf(DuplicateKeyException.class).hasMessageContaining("P1");
        });
        assertThat(guards(client, table)).map(guard -> guard.get("state").s())
                .containsExactlyInAnyOrder("_unique|S5:plate|S2:TX|S2:P1", "_unique|S5:plate|S2:CA|S2:P1");
    }

    @Test
    void aReactiveRepositorysAnnotationGuardsItsWrites(TestTables tables, DynamoDbClient client) {
        String table = tables.uniqueName("rentals");
        runner(table).withConfiguration(AutoConfigurations.of(ReactiveDynamoDbToolkitAutoConfiguration.class,
                ReactiveDynamoDbToolkitRepositoriesAutoConfiguration.class))
                .withUserConfiguration(UniqueFleetPackage.class).run(context -> {
                    assertThat(context).hasNotFailed();
                    ReactiveScopedPlates plates = context.getBean(ReactiveScopedPlates.class);
                    plates.save(new ScopedPlate("TX", "Dallas", "V1", "P1")).block(TIMEOUT);

                    StepVerifier.create(plates.save(new ScopedPlate("TX", "Austin", "V2", "P1")))
                            .expectError(DuplicateKeyException.class).verify(TIMEOUT);
                });
        assertThat(guards(client, table)).hasSize(1);
    }

    @Test
    void startUpReportsTheRowsWrittenBeforeTheAnnotationAsForAPropertyDeclaredField(TestTables tables) {
        String table = tables.uniqueName("rentals");
        ToolkitRunners.toolkit().withPropertyValues(ToolkitRunners.rentalsAdapter(table)).run(context -> {
            @SuppressWarnings("unchecked")
            Adapter<Map<String, Object>> adapter = context.getBean("rentals", Adapter.class);
            for (String vin : List.of("V1", "V2")) {
                adapter.post(new LinkedHashMap<>(Map.of("state", "TX", "facility", "Dallas", "vin", vin,
                        "plate", "P-" + vin)));
            }
        });

        runner(table).withUserConfiguration(UniquePackage.class).run(context -> {
            assertThat(context).hasNotFailed();
            assertThat(context.getBean(IndexEvolution.class).byAdapter().get("rentals").uniqueBackfills())
                    .singleElement().satisfies(need -> {
                        assertThat(need.field()).isEqualTo("plate");
                        assertThat(need.rows()).isEqualTo(2);
                        assertThat(need.counted()).isTrue();
                    });
        });
        runner(table).withUserConfiguration(UniquePackage.class).withPropertyValues(RENTALS
                + ".unique[0].field=plate", RENTALS + ".unique[0].tiers=vehicle").run(context -> assertThat(context
                        .getBean(IndexEvolution.class).byAdapter().get("rentals").uniqueBackfills())
                                .as("the same report for the property-declared field")
                                .extracting(UniqueBackfillNeed::field, UniqueBackfillNeed::rows)
                                .containsExactly(tuple("plate", 2L)));
    }

    @Test
    void anAnnotationAndThePropertyDeclaringTheFieldWithinOtherKeyFieldsFailBeforeProvisioning(TestTables tables,
            DynamoDbClient client) {
        String table = tables.uniqueName("rentals");
        runner(table).withUserConfiguration(UniquePackage.class).withPropertyValues(RENTALS + ".unique[0].field=plate",
                RENTALS + ".unique[0].within=state", RENTALS + ".unique[0].tiers=vehicle").run(context -> {
                    assertThat(context.getStartupFailure()).hasRootCauseInstanceOf(
                            io.dynamodbtoolkit.DeclarationException.class);
                    FailureAnalysis analysis = FailureAnalyses.of(context);
                    assertThat(analysis.getDescription()).contains("Property: " + RENTALS + ".unique[0]\n")
                            .contains("adapter 'rentals' declares 'plate' unique within [state] among tiers "
                                    + "[vehicle], but @Unique on Vehicle.plate declares it unique in the whole "
                                    + "table among tiers [vehicle]");
                    assertThat(analysis.getAction()).contains("declare {field: plate, tiers: [vehicle]}, or change "
                            + "@Unique on Vehicle.plate");
                });
        assertThat(exists(client, table)).as("nothing provisioned").isFalse();
    }

    @Test
    void twoEntitiesAnnotatingAFieldWithinOtherKeyFieldsFailBeforeProvisioning(TestTables tables,
            DynamoDbClient client) {
        String table = tables.uniqueName("rentals");
        runner(table).withUserConfiguration(ClashPackage.class).run(context -> {
            assertThat(context.getStartupFailure()).hasCauseInstanceOf(InvalidAdapterDeclarationException.class);
            FailureAnalysis analysis = FailureAnalyses.of(context);
            assertThat(analysis.getDescription()).contains("Property: " + RENTALS + ".unique\n")
                    .containsPattern("@Unique on (Car|Truck)\\.plate declares 'plate' unique within \\[.*], but "
                            + "@Unique on (Car|Truck)\\.plate within \\[.*]");
            assertThat(analysis.getAction()).contains("Give every @Unique of 'plate' the same within");
        });
        assertThat(exists(client, table)).as("nothing provisioned").isFalse();
    }

    @Test
    void anAnnotatedKeyFieldFailsBeforeProvisioning(TestTables tables, DynamoDbClient client) {
        String table = tables.uniqueName("rentals");
        runner(table).withUserConfiguration(UniqueKeyPackage.class).run(context -> {
            FailureAnalysis analysis = FailureAnalyses.of(context);
            assertThat(analysis.getDescription()).contains("Property: " + RENTALS + ".unique\n")
                    .contains("@Unique on KeyedCar.vin declares the key field 'vin' unique");
        });
        assertThat(exists(client, table)).as("nothing provisioned").isFalse();
    }

    @Test
    void anAnnotationWithinAKeyFieldThatIsNotLeadingFailsNamingTheAnnotation(TestTables tables, DynamoDbClient client) {
        String table = tables.uniqueName("rentals");
        runner(table).withUserConfiguration(FacilityPlatePackage.class).run(context -> {
            FailureAnalysis analysis = FailureAnalyses.of(context);
            assertThat(analysis.getDescription()).contains("Property: " + RENTALS + ".unique\n")
                    .contains("Problem:  @Unique on FacilityPlate.plate: ");
            assertThat(analysis.getAction()).contains("drop within")
                    .contains(", or change @Unique on FacilityPlate.plate");
        });
        assertThat(exists(client, table)).as("nothing provisioned").isFalse();
    }

    private static List<Map<String, AttributeValue>> guards(DynamoDbClient client, String table) {
        return client.scan(scan -> scan.tableName(table).consistentRead(true)).items().stream()
                .filter(item -> item.containsKey("_uniqueOwner")).toList();
    }

    private static boolean exists(DynamoDbClient client, String table) {
        try {
            client.describeTable(describe -> describe.tableName(table));
            return true;
        } catch (ResourceNotFoundException e) {
            return false;
        }
    }
}
