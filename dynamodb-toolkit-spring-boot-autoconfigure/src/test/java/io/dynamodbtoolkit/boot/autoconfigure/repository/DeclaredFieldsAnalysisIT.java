package io.dynamodbtoolkit.boot.autoconfigure.repository;

import static org.assertj.core.api.Assertions.assertThat;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.boot.autoconfigure.FailureAnalyses;
import io.dynamodbtoolkit.boot.autoconfigure.ToolkitRunners;
import io.dynamodbtoolkit.boot.autoconfigure.adapter.InvalidAdapterDeclarationException;
import io.dynamodbtoolkit.boot.autoconfigure.reactive.ReactiveDynamoDbToolkitAutoConfiguration;
import io.dynamodbtoolkit.boot.autoconfigure.reactive.ReactiveDynamoDbToolkitRepositoriesAutoConfiguration;
import io.dynamodbtoolkit.boot.autoconfigure.reactive.fleet.FleetPackage;
import io.dynamodbtoolkit.boot.autoconfigure.repository.misfit.MisfitPackage;
import io.dynamodbtoolkit.boot.autoconfigure.repository.plates.PlatesPackage;
import io.dynamodbtoolkit.boot.autoconfigure.repository.plates.ReactivePlatedCars;
import io.dynamodbtoolkit.boot.autoconfigure.repository.rentals.RentalsPackage;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * A field name in a configured declaration that neither the key design nor the repositories' entities hold fails
 * start-up, naming the configuration property and the nearest field (the entities of blocking and reactive
 * repositories alike); a repository method that cannot work is named as a method.
 */
@DynamoDbTest
class DeclaredFieldsAnalysisIT {

    private static final String RENTALS = "dynamodb.toolkit.adapters.rentals";

    private static ApplicationContextRunner runner(String table) {
        return ToolkitRunners.toolkit()
                .withConfiguration(AutoConfigurations.of(DynamoDbToolkitRepositoriesAutoConfiguration.class))
                .withUserConfiguration(RentalsPackage.class)
                .withPropertyValues(RENTALS + ".table=" + table, RENTALS + ".key-fields=state,facility,vin",
                        RENTALS + ".structural-key=_sk", RENTALS + ".technical-prefix=_",
                        RENTALS + ".type-labels=state,facility,vehicle", "dynamodb.toolkit.provisioning=create");
    }

    @Test
    void aShardByFieldNoEntityHolds(TestTables tables) {
        runner(tables.uniqueName("rentals")).withPropertyValues(
                RENTALS + ".indices.all-vehicles.pk.marker=_vehicleMarker",
                RENTALS + ".indices.all-vehicles.pk.shards=4", RENTALS + ".indices.all-vehicles.pk.shard-by=vni",
                RENTALS + ".indices.all-vehicles.sk=vin", RENTALS + ".indices.all-vehicles.membership.types=vehicle")
                .run(context -> {
                    assertThat(context.getStartupFailure())
                            .hasRootCauseInstanceOf(io.dynamodbtoolkit.DeclarationException.class)
                            .isInstanceOf(InvalidAdapterDeclarationException.class);
                    FailureAnalysis analysis = FailureAnalyses.of(context);
                    assertThat(analysis.getDescription())
                            .contains("The DynamoDB toolkit adapter 'rentals' is declared in a way that cannot work.")
                            .contains("Property: " + RENTALS + ".indices.all-vehicles.pk.shard-by[0]")
                            .contains("'vni' names no field of adapter 'rentals': it is neither in its key design nor "
                                    + "a stored property of the entities of its repositories [Facility, State, "
                                    + "Vehicle]");
                    assertThat(analysis.getAction()).startsWith("Did you mean 'vin'?");
                });
    }

    @Test
    void aRepositoryMethodIsNamedAsAMethod(TestTables tables) {
        runner(tables.uniqueName("rentals")).withUserConfiguration(MisfitPackage.class).run(context -> {
            FailureAnalysis analysis = FailureAnalyses.of(context);
            assertThat(analysis.getDescription())
                    .startsWith("A DynamoDB toolkit repository method is declared in a way that cannot work.")
                    .contains("    Method:   MisfitRepository.findUnder(String, String)")
                    .doesNotContain("Property:")
                    .contains("    Problem:  it reads the rows under 'facility'");
            assertThat(analysis.getAction()).startsWith("Declare the element type as RentalRow");
        });
    }

    @Test
    void theEntitiesOfReactiveRepositoriesAreCheckedToo(TestTables tables) {
        withReactiveRepositories(runner(tables.uniqueName("rentals"))).withUserConfiguration(FleetPackage.class,
                PlatesPackage.class).withPropertyValues(RENTALS + ".indices.by-plate.pk=plate").run(context -> {
                    assertThat(context).hasNotFailed().hasSingleBean(ReactivePlatedCars.class);
                    assertThat(context.getBean("rentals", Adapter.class).declaration().indexes().find("by-plate"))
                            .isPresent();
                });
    }

    @Test
    void anApplicationWithReactiveRepositoriesOnlyIsChecked(TestTables tables) {
        withReactiveRepositories(ToolkitRunners.toolkit().withPropertyValues(
                ToolkitRunners.rentalsAdapter(tables.uniqueName("rentals")))).withUserConfiguration(FleetPackage.class)
                .withPropertyValues(RENTALS + ".indices.by-make.pk=maker").run(context -> {
                    assertThat(context.getStartupFailure()).isInstanceOf(InvalidAdapterDeclarationException.class);
                    FailureAnalysis analysis = FailureAnalyses.of(context);
                    assertThat(analysis.getDescription()).contains("Property: " + RENTALS + ".indices.by-make.pk")
                            .contains("'maker' names no field");
                    assertThat(analysis.getAction()).startsWith("Did you mean 'make'?");
                });
    }

    private static ApplicationContextRunner withReactiveRepositories(ApplicationContextRunner runner) {
        return runner.withConfiguration(AutoConfigurations.of(ReactiveDynamoDbToolkitAutoConfiguration.class,
                ReactiveDynamoDbToolkitRepositoriesAutoConfiguration.class));
    }

    @Test
    void aUniqueFieldNoEntityHolds(TestTables tables) {
        runner(tables.uniqueName("rentals")).withPropertyValues(RENTALS + ".unique=mke").run(context -> {
            FailureAnalysis analysis = FailureAnalyses.of(context);
            assertThat(analysis.getDescription()).contains("Property: " + RENTALS + ".unique[0]")
                    .contains("'mke' (a unique field) names no field of adapter 'rentals'");
            assertThat(analysis.getAction()).startsWith("Did you mean 'make'?");
        });
    }

    @Test
    void aUniqueKeyFieldIsRefusedNamingTheProperty(TestTables tables) {
        runner(tables.uniqueName("rentals")).withPropertyValues(RENTALS + ".unique[0].field=make",
                RENTALS + ".unique[1]=vin").run(context -> {
                    assertThat(context.getStartupFailure())
                            .hasRootCauseInstanceOf(io.dynamodbtoolkit.DeclarationException.class);
                    FailureAnalysis analysis = FailureAnalyses.of(context);
                    assertThat(analysis.getDescription()).contains("Property: " + RENTALS + ".unique[1]")
                            .contains("'vin' is a key field");
                    assertThat(analysis.getAction()).containsIgnoringCase("drop 'vin' from unique");
                });
    }

    @Test
    void aUniqueFieldScopedByAFieldThatIsNotALeadingKeyFieldIsRefused(TestTables tables) {
        runner(tables.uniqueName("rentals")).withPropertyValues(RENTALS + ".unique[0].field=make",
                RENTALS + ".unique[0].within=facility").run(context -> {
                    FailureAnalysis analysis = FailureAnalyses.of(context);
                    assertThat(analysis.getDescription()).contains("Property: " + RENTALS + ".unique[0].within[0]")
                            .contains("'facility' is not the key field at position 0");
                });
    }

    @Test
    void aDeclaredUniqueFieldStartsAndReachesTheAdapter(TestTables tables) {
        runner(tables.uniqueName("rentals")).withPropertyValues(RENTALS + ".unique[0].field=make",
                RENTALS + ".unique[0].within=state").run(context -> {
                    assertThat(context).hasNotFailed();
                    assertThat(context.getBean("rentals", Adapter.class).declaration().uniques().within("make"))
                            .containsExactly("state");
                });
    }

    @Test
    void anIndexKeyNoEntityHolds(TestTables tables) {
        runner(tables.uniqueName("rentals")).withPropertyValues(RENTALS + ".indices.by-make.pk=maker").run(context -> {
            FailureAnalysis analysis = FailureAnalyses.of(context);
            assertThat(analysis.getDescription()).contains("Property: " + RENTALS + ".indices.by-make.pk")
                    .contains("'maker' names no field");
            assertThat(analysis.getAction()).startsWith("Did you mean 'make'?");
        });
    }
}
