package io.dynamodbtoolkit.boot.autoconfigure.repository;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dynamodbtoolkit.boot.autoconfigure.ToolkitRunners;
import io.dynamodbtoolkit.boot.autoconfigure.repository.leaves.Car;
import io.dynamodbtoolkit.boot.autoconfigure.repository.leaves.CarRepository;
import io.dynamodbtoolkit.boot.autoconfigure.repository.leaves.LeavesPackage;
import io.dynamodbtoolkit.boot.autoconfigure.repository.rentals.RentalsPackage;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.dao.DataIntegrityViolationException;

/**
 * An adapter that allows cascades guards inserts under parent rows by default: when its repositories have classes for
 * the leaf tier only, no parent row can be written through them, and start-up says so; the guard's refusal names the
 * setting that turns it off and why it is on.
 */
@DynamoDbTest
@ExtendWith(OutputCaptureExtension.class)
class ParentGuardWarningIT {

    private static final String RENTALS = "dynamodb.toolkit.adapters.rentals";
    private static final String WARNING = "Adapter 'rentals' allows cascades, so its parent guard is on by default";

    private static ApplicationContextRunner cascadingRentals(String table) {
        return ToolkitRunners.toolkit()
                .withConfiguration(AutoConfigurations.of(DynamoDbToolkitRepositoriesAutoConfiguration.class))
                .withPropertyValues(ToolkitRunners.rentalsAdapter(table))
                .withPropertyValues(RENTALS + ".cascades=true");
    }

    @Test
    void repositoriesOfTheLeafTierOnlyAreToldAtStartUpThatTheirInsertsWillBeRefused(TestTables tables,
            CapturedOutput output) {
        cascadingRentals(tables.uniqueName("rentals")).withUserConfiguration(LeavesPackage.class).run(context -> {
            assertThat(context).hasNotFailed();
            assertThat(output).contains("WARN").contains(WARNING + ": an insert under a parent row is refused "
                    + "unless the parent row exists. Its repositories have classes for tiers [vehicle] but none for "
                    + "their parent tiers [facility], so they cannot write those parent rows, and their inserts of "
                    + "[vehicle] rows are refused unless something else writes the parents. Add classes for "
                    + "[facility] (@TypeAlias), or, if nothing inserts rows while cascades run, turn the guard off "
                    + "with dynamodb.toolkit.adapters.rentals.parent-guard=false");

            assertThatThrownBy(() -> context.getBean(CarRepository.class).insert(new Car("TX", "Dallas", "V1",
                    "Kia"))).isInstanceOf(DataIntegrityViolationException.class)
                    .hasMessageContaining("The parent guard of adapter 'rentals' refused it: it is on by default "
                            + "because the adapter allows cascades")
                    .hasMessageContaining("dynamodb.toolkit.adapters.rentals.parent-guard=false");
        });
    }

    @Test
    void aGuardDeclaredOnOrOffOrRepositoriesOfEveryTierAreNotWarnedOf(TestTables tables, CapturedOutput output) {
        String table = tables.uniqueName("rentals");
        cascadingRentals(table).withUserConfiguration(LeavesPackage.class)
                .withPropertyValues(RENTALS + ".parent-guard=true")
                .run(context -> assertThat(context).hasNotFailed());
        cascadingRentals(table).withUserConfiguration(LeavesPackage.class)
                .withPropertyValues(RENTALS + ".parent-guard=false")
                .run(context -> assertThat(context).hasNotFailed());
        cascadingRentals(table).withUserConfiguration(RentalsPackage.class)
                .run(context -> assertThat(context).hasNotFailed());

        assertThat(output).doesNotContain(WARNING);
    }
}
