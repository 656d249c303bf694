package io.dynamodbtoolkit.springdata;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.mass.MassOptions;
import io.dynamodbtoolkit.mass.MassResult;
import io.dynamodbtoolkit.springdata.rentals.Facility;
import io.dynamodbtoolkit.springdata.rentals.RentalMassRepository;
import io.dynamodbtoolkit.springdata.rentals.RentalRow;
import io.dynamodbtoolkit.springdata.rentals.Rentals;
import io.dynamodbtoolkit.springdata.rentals.Vehicle;
import io.dynamodbtoolkit.springdata.repository.config.EnableDynamoDbToolkitRepositories;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.RequestLog;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.ComponentScan.Filter;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.FilterType;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** Mass operations through repositories, run by the core's engine against a real server, resumable by cursor. */
@DynamoDbTest
class RentalMassTest {

    private static final KeyValues DALLAS = KeyValues.of("state", "TX", "facility", "Dallas");

    private AnnotationConfigApplicationContext context;
    private RentalMassRepository rentals;

    @Configuration
    @EnableDynamoDbToolkitRepositories(basePackageClasses = RentalMassRepository.class, includeFilters = @Filter(
            type = FilterType.ASSIGNABLE_TYPE, classes = RentalMassRepository.class))
    static class MassConfiguration {
    }

    @BeforeEach
    void load(DynamoDbClient client, TestTables tables) {
        String table = tables.create(Rentals.TABLE);
        context = SpringContexts.start(client, MassConfiguration.class, beans -> beans.registerBean(
                "rentalsDeclaration", AdapterDeclaration.class, () -> Rentals.declaration(table)));
        rentals = context.getBean(RentalMassRepository.class);
        Rentals.rows().forEach(rentals::insert);
    }

    @AfterEach
    void close() {
        context.close();
    }

    @Test
    void deleteUnderDeletesWhatFindUnderReturns(RequestLog log) {
        MassResult result = rentals.deleteUnder("TX", "Dallas");

        assertThat(result.processed()).isEqualTo(3);
        assertThat(result.isComplete()).isTrue();
        assertThat(rentals.findSelfAndUnder(DALLAS)).singleElement().isInstanceOf(Facility.class);
        assertThat(rentals.findUnder(KeyValues.of("state", "TX", "facility", "Dallasville"))).hasSize(2);
        log.assertNoReadAmplification();
    }

    @Test
    void aBoundedRunResumesFromItsCursor(RequestLog log) {
        MassResult first = rentals.deleteAllUnder("TX", "Dallasville", MassOptions.defaults().withMaxItems(2)
                .withPageSize(2));
        assertThat(first.processed()).isEqualTo(2);
        assertThat(first.next()).isPresent();

        MassResult rest = rentals.deleteAllUnder("TX", "Dallasville", MassOptions.defaults()
                .withCursor(first.cursor()));
        assertThat(rest.processed()).isEqualTo(1);
        assertThat(rest.isComplete()).isTrue();
        assertThat(rentals.findById(KeyValues.of("state", "TX", "facility", "Dallasville"))).isEmpty();
        assertThat(rentals.findSelfAndUnder(DALLAS)).hasSize(4);
        log.assertNoReadAmplification();
    }

    @Test
    void cloneAndMoveSwapTheKeyPrefix(RequestLog log) {
        assertThat(rentals.cloneAllUnder("TX", "Austin", "Houston").processed()).isEqualTo(2);
        List<RentalRow> houston = rentals.findSelfAndUnder(KeyValues.of("state", "TX", "facility", "Houston"));
        assertThat(houston).hasSize(2);
        assertThat(houston.get(1)).isInstanceOf(Vehicle.class).extracting(row -> ((Vehicle) row).vin())
                .isEqualTo("WBA0006");
        assertThat(rentals.findSelfAndUnder(KeyValues.of("state", "TX", "facility", "Austin"))).hasSize(2);

        assertThat(rentals.moveAllUnder("OK", "Tulsa", "TX").processed()).isEqualTo(2);
        assertThat(rentals.findSelfAndUnder(KeyValues.of("state", "TX", "facility", "Tulsa"))).hasSize(2);
        assertThat(rentals.findUnder(KeyValues.of("state", "OK"))).isEmpty();
        log.assertNoReadAmplification();
    }

    @Test
    void editUnderChangesTheVehiclesAndCountsWhatItLeftAlone() {
        MassResult result = rentals.editUnder("TX", "Dallas", row -> row instanceof Vehicle vehicle
                && vehicle.make().equals("Honda") ? vehicle.withMake("Acura") : row);

        assertThat(result.processed()).isEqualTo(2);
        assertThat(result.skipped()).isEqualTo(1);
        assertThat(rentals.findUnder(DALLAS)).extracting(row -> ((Vehicle) row).make())
                .containsExactly("Acura", "Acura", "Tesla");
        assertThat(rentals.findUnder(DALLAS)).extracting(row -> ((Vehicle) row).version())
                .containsExactly(2L, 2L, 1L);
    }

    @Test
    void baseMethodsCascadeOverANodeAndItsSubtree() {
        assertThat(rentals.editAllUnder(KeyValues.of("state", "OK"), row -> row, MassOptions.defaults()).skipped())
                .isEqualTo(3);
        assertThat(rentals.cloneAllUnder(DALLAS, KeyValues.of("state", "TX", "facility", "Plano"),
                MassOptions.defaults()).processed()).isEqualTo(4);
        assertThat(rentals.moveAllUnder(KeyValues.of("state", "TX", "facility", "Plano"),
                KeyValues.of("state", "OK", "facility", "Plano"), MassOptions.defaults()).processed()).isEqualTo(4);
        assertThat(rentals.deleteAllUnder(KeyValues.of("state", "OK"), MassOptions.defaults()).processed())
                .isEqualTo(7);
        assertThat(rentals.findSelfAndUnder(KeyValues.of("state", "OK"))).isEmpty();
    }
}
