package io.dynamodbtoolkit.boot.autoconfigure.repository;

import static org.assertj.core.api.Assertions.assertThat;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.boot.autoconfigure.FailureAnalyses;
import io.dynamodbtoolkit.boot.autoconfigure.ToolkitRunners;
import io.dynamodbtoolkit.boot.autoconfigure.repository.unique.UniquePackage;
import io.dynamodbtoolkit.boot.autoconfigure.repository.uniquekey.UniqueKeyPackage;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * Unique fields declared per tier, and {@code @Unique} on the entities' properties, at start-up: an unknown tier, an
 * annotation the adapter's {@code unique} property declares otherwise and an annotated key field fail with a failure
 * analysis naming the property and the annotation; agreeing ones start, and an annotation alone declares the field.
 */
@DynamoDbTest
class UniqueDeclarationAnalysisIT {

    private static final String RENTALS = "dynamodb.toolkit.adapters.rentals";

    private static ApplicationContextRunner runner(String table, Class<?> entities) {
        return ToolkitRunners.toolkit()
                .withConfiguration(AutoConfigurations.of(DynamoDbToolkitRepositoriesAutoConfiguration.class))
                .withUserConfiguration(entities).withPropertyValues(ToolkitRunners.rentalsAdapter(table));
    }

    @Test
    void aFieldDeclaredForTheTiersOfItsAnnotationsStarts(TestTables tables) {
        runner(tables.uniqueName("rentals"), UniquePackage.class).withPropertyValues(RENTALS + ".unique[0].field=plate",
                RENTALS + ".unique[0].tiers=vehicle").run(context -> {
                    assertThat(context).hasNotFailed();
                    assertThat(context.getBean("rentals", Adapter.class).declaration().uniques().tiers("plate"))
                            .containsExactly("vehicle");
                });
    }

    @Test
    void anAnnotatedFieldTheAdapterDoesNotDeclareUniqueIsDeclaredByTheAnnotation(TestTables tables) {
        runner(tables.uniqueName("rentals"), UniquePackage.class).run(context -> {
            assertThat(context).hasNotFailed();
            assertThat(context.getBean("rentals", Adapter.class).declaration().uniques().tiers("plate"))
                    .containsExactly("vehicle");
        });
    }

    @Test
    void aDeclarationForOtherTiersThanTheAnnotationsNamesBoth(TestTables tables) {
        runner(tables.uniqueName("rentals"), UniquePackage.class).withPropertyValues(RENTALS + ".unique=plate")
                .run(context -> {
                    FailureAnalysis analysis = FailureAnalyses.of(context);
                    assertThat(analysis.getDescription()).contains("Property: " + RENTALS + ".unique[0]")
                            .contains("adapter 'rentals' declares 'plate' unique in the whole table among every "
                                    + "tier, but @Unique on Vehicle.plate declares it unique in the whole table "
                                    + "among tiers [vehicle]");
                    assertThat(analysis.getAction()).containsIgnoringCase("declare {field: plate, tiers: [vehicle]}");
                });
    }

    @Test
    void anUnknownTierNamesTheDeclaredTiers(TestTables tables) {
        runner(tables.uniqueName("rentals"), UniquePackage.class).withPropertyValues(RENTALS + ".unique[0].field=plate",
                RENTALS + ".unique[0].tiers=vehicle,car").run(context -> {
                    assertThat(context.getStartupFailure()).hasRootCauseInstanceOf(
                            io.dynamodbtoolkit.DeclarationException.class);
                    FailureAnalysis analysis = FailureAnalyses.of(context);
                    assertThat(analysis.getDescription()).contains("Property: " + RENTALS + ".unique[0].tiers[1]")
                            .contains("'car' is not a tier of the key design, whose tiers are [state, facility, "
                                    + "vehicle]");
                });
    }

    @Test
    void anAnnotatedKeyFieldIsRefusedNamingTheAnnotation(TestTables tables) {
        runner(tables.uniqueName("rentals"), UniqueKeyPackage.class).run(context -> {
            FailureAnalysis analysis = FailureAnalyses.of(context);
            assertThat(analysis.getDescription()).contains("Property: " + RENTALS + ".unique")
                    .contains("@Unique on KeyedCar.vin declares the key field 'vin' unique");
            assertThat(analysis.getAction()).containsIgnoringCase("remove @Unique from KeyedCar.vin");
        });
    }
}
