package io.dynamodbtoolkit.boot.autoconfigure.repository;

import static org.assertj.core.api.Assertions.assertThat;

import io.dynamodbtoolkit.boot.autoconfigure.FailureAnalyses;
import io.dynamodbtoolkit.boot.autoconfigure.ToolkitRunners;
import io.dynamodbtoolkit.boot.autoconfigure.metrics.DynamoDbToolkitMetricsAutoConfiguration;
import io.dynamodbtoolkit.boot.autoconfigure.metrics.MassProgressMetrics;
import io.dynamodbtoolkit.boot.autoconfigure.repository.explicit.ExplicitRentalRepository;
import io.dynamodbtoolkit.boot.autoconfigure.repository.explicit.ExplicitRepositories;
import io.dynamodbtoolkit.boot.autoconfigure.repository.rentals.RentalRepository;
import io.dynamodbtoolkit.boot.autoconfigure.repository.rentals.RentalRow;
import io.dynamodbtoolkit.boot.autoconfigure.repository.rentals.RentalsPackage;
import io.dynamodbtoolkit.boot.autoconfigure.repository.unbound.UnboundPackage;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.mass.MassOptions;
import io.dynamodbtoolkit.springdata.repository.HierarchicalRepository;
import io.dynamodbtoolkit.springdata.repository.support.AdapterBindingException;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.TestTables;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.data.autoconfigure.metrics.DataRepositoryMetricsAutoConfiguration;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.export.simple.SimpleMetricsExportAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/** Repositories auto-configured the way Spring Boot's data modules do it, their back-offs and binding failures. */
@DynamoDbTest
class DynamoDbToolkitRepositoriesAutoConfigurationIT {

    private static final String RENTALS = "dynamodb.toolkit.adapters.rentals";

    private static ApplicationContextRunner runner(String table) {
        return ToolkitRunners.toolkit()
                .withConfiguration(AutoConfigurations.of(DynamoDbToolkitRepositoriesAutoConfiguration.class))
                .withPropertyValues(ToolkitRunners.rentalsAdapter(table));
    }

    @Test
    void repositoriesInTheApplicationPackagesAreBoundToTheirAdapters(TestTables tables) {
        runner(tables.uniqueName("rentals")).withUserConfiguration(RentalsPackage.class).run(context -> {
            assertThat(context).hasNotFailed().hasSingleBean(RentalRepository.class);
            RentalRepository rentals = context.getBean(RentalRepository.class);
            rentals.save(new RentalRow.State("TX", "Texas"));
            rentals.save(new RentalRow.Facility("TX", "Dallas", "Dallas"));
            rentals.save(new RentalRow.Vehicle("TX", "Dallas", "1HGC001", "Honda"));
            assertThat(rentals.findUnder("TX", "Dallas"))
                    .containsExactly(new RentalRow.Vehicle("TX", "Dallas", "1HGC001", "Honda"));
        });
    }

    @Test
    void offWhenDisabled(TestTables tables) {
        runner(tables.uniqueName("rentals")).withUserConfiguration(RentalsPackage.class)
                .withPropertyValues("dynamodb.toolkit.repositories.enabled=false")
                .run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(RentalRepository.class));
    }

    @Test
    void backsOffWhenTheApplicationEnablesRepositoriesItself(TestTables tables) {
        runner(tables.uniqueName("rentals")).withUserConfiguration(RentalsPackage.class, ExplicitRepositories.class)
                .run(context -> assertThat(context).hasNotFailed().hasSingleBean(ExplicitRentalRepository.class)
                        .doesNotHaveBean(RentalRepository.class));
    }

    @Test
    void backsOffWithoutTheSpringDataModule(TestTables tables) {
        runner(tables.uniqueName("rentals")).withUserConfiguration(RentalsPackage.class)
                .withClassLoader(new FilteredClassLoader(HierarchicalRepository.class))
                .run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(RentalRepository.class));
    }

    @Test
    void aRepositoryBoundToNoAdapterListsTheAdaptersThatExist(TestTables tables) {
        String table = tables.uniqueName("rentals");
        runner(table).withUserConfiguration(UnboundPackage.class).run(context -> {
            assertThat(context.getStartupFailure()).hasRootCauseInstanceOf(AdapterBindingException.class);
            FailureAnalysis analysis = FailureAnalyses.of(context);
            assertThat(analysis.getDescription()).startsWith("The repository "
                    + "io.dynamodbtoolkit.boot.autoconfigure.repository.unbound.UnboundRepository "
                    + "(@AdapterName(\"nope\")) cannot be bound to an adapter: no adapter is named 'nope'."
                    + System.lineSeparator())
                    .contains("The application's adapters:")
                    .contains("    - 'rentals' (Adapter bean 'rentals', table " + table + ")");
            assertThat(analysis.getAction()).isEqualTo("Configure the adapter under dynamodb.toolkit.adapters.nope "
                    + "(table, key-fields, ...), or declare an Adapter bean of that name, or name one of the adapters "
                    + "above in @AdapterName.");
        });
    }

    @Test
    void aRepositoryInAnApplicationWithoutAdapters() {
        ToolkitRunners.toolkit()
                .withConfiguration(AutoConfigurations.of(DynamoDbToolkitRepositoriesAutoConfiguration.class))
                .withUserConfiguration(UnboundPackage.class).run(context -> {
                    FailureAnalysis analysis = FailureAnalyses.of(context);
                    assertThat(analysis.getDescription()).contains("The application has no adapters.");
                    assertThat(analysis.getAction()).isEqualTo("Configure the adapter under "
                            + "dynamodb.toolkit.adapters.nope (table, key-fields, ...), or declare an Adapter bean of "
                            + "that name.");
                });
    }

    @Test
    void repositoryMethodsAreTimedBySpringBootsRepositoryMetrics(TestTables tables) {
        runner(tables.uniqueName("rentals")).withUserConfiguration(RentalsPackage.class)
                .withConfiguration(AutoConfigurations.of(MetricsAutoConfiguration.class,
                        CompositeMeterRegistryAutoConfiguration.class, SimpleMetricsExportAutoConfiguration.class,
                        DataRepositoryMetricsAutoConfiguration.class))
                .run(context -> {
                    context.getBean(RentalRepository.class).findUnder("TX", "Dallas");
                    assertThat(context.getBean(MeterRegistry.class).get("spring.data.repository.invocations")
                            .tags("repository", "RentalRepository", "method", "findUnder", "state", "SUCCESS")
                            .timer().count()).isEqualTo(1);
                });
    }

    @Test
    void theRepositoriesMassOperationsPublishTheirProgressAsGauges(TestTables tables) {
        runner(tables.uniqueName("rentals")).withUserConfiguration(RentalsPackage.class)
                .withPropertyValues(RENTALS + ".cascades=true")
                .withConfiguration(AutoConfigurations.of(MetricsAutoConfiguration.class,
                        CompositeMeterRegistryAutoConfiguration.class, SimpleMetricsExportAutoConfiguration.class,
                        DynamoDbToolkitMetricsAutoConfiguration.class))
                .run(context -> {
                    RentalRepository rentals = context.getBean(RentalRepository.class);
                    rentals.save(new RentalRow.State("TX", "Texas"));
                    rentals.save(new RentalRow.Facility("TX", "Dallas", "Dallas"));
                    rentals.save(new RentalRow.Vehicle("TX", "Dallas", "1HGC001", "Honda"));
                    rentals.save(new RentalRow.Vehicle("TX", "Dallas", "1HGC002", "Honda"));

                    rentals.deleteAllUnder(KeyValues.of("state", "TX", "facility", "Dallas"), MassOptions.defaults());

                    assertThat(context.getBean(MeterRegistry.class).get(MassProgressMetrics.ITEMS)
                            .tags("adapter", "rentals", "operation", "delete", "state", "processed").gauge().value())
                            .isEqualTo(3);
                });
    }
}
