package io.dynamodbtoolkit.starter.rentals;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import io.dynamodbtoolkit.mass.MassResult;
import io.dynamodbtoolkit.starter.rentals.RentalRow.Facility;
import io.dynamodbtoolkit.starter.rentals.RentalRow.State;
import io.dynamodbtoolkit.starter.rentals.RentalRow.Vehicle;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.dao.OptimisticLockingFailureException;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The whole chain: an application with only the starter, its application.yml and a repository interface, against a
 * real server with provisioning=create.
 */
@SpringBootTest(classes = RentalsApplication.class)
class RentalRepositoryEndToEndIT {

    private static final String TABLE_PREFIX = EndToEndServer.uniqueTablePrefix();

    @DynamicPropertySource
    static void server(DynamicPropertyRegistry registry) {
        EndToEndServer.register(registry, TABLE_PREFIX);
    }

    @AfterAll
    static void dropTheTable() {
        EndToEndServer.dropRentals(TABLE_PREFIX);
    }

    @Autowired
    private RentalRepository rentals;

    @Test
    void subtreesPartialsTheReviewQueueAndACascade() {
        rentals.save(new State("TX", "Texas", null));
        Facility dallas = (Facility) rentals.save(new Facility("TX", "Dallas", "Dallas", null));
        rentals.save(new Facility("TX", "Dallasville", "Dallasville", null));
        rentals.save(new Facility("TX", "Austin", "Austin", null));
        Vehicle civic = (Vehicle) rentals.save(new Vehicle("TX", "Dallas", "1HGC001", "Honda", null, null, null));
        Vehicle model3 = (Vehicle) rentals.save(new Vehicle("TX", "Dallas", "5YJ3002", "Tesla", "pending",
                "2026-07-02T10:00:00Z", null));
        Vehicle bolt = (Vehicle) rentals.save(new Vehicle("TX", "Dallasville", "1G1F003", "Chevrolet", "pending",
                "2026-07-01T09:00:00Z", null));

        assertThat(rentals.findUnder("TX", "Dallas")).containsExactly(civic, model3);
        assertThat(rentals.findSelfAndUnder("TX", "Dallas")).containsExactly(dallas, civic, model3);
        assertThat(rentals.findByPartial("TX", "Dal")).extracting(RentalsView::key).as(
                "in byte order of the structural key, where '|' sorts after letters").containsExactly(
                        "TX|Dallas", "TX|Dallasville", "TX|Dallasville|1G1F003", "TX|Dallas|1HGC001",
                        "TX|Dallas|5YJ3002");
        assertThat(rentals.findInSparseIndexOfReviews("pending")).containsExactly(bolt, model3);

        assertThatThrownBy(() -> rentals.save(new Facility("TX", "Dallas", "Big D", null)))
                .isInstanceOf(org.springframework.dao.DataAccessException.class);
        assertThatThrownBy(() -> rentals.save(new Facility("TX", "Dallas", "Big D", dallas.version() + 5)))
                .isInstanceOf(OptimisticLockingFailureException.class);

        MassResult deleted = rentals.deleteAllUnder("TX", "Dallas");
        assertThat(deleted.processed()).isEqualTo(3);
        assertThat(deleted.isComplete()).isTrue();
        assertThat(rentals.findSelfAndUnder("TX", "Dallas")).isEmpty();
        assertThat(rentals.findInSparseIndexOfReviews("pending")).containsExactly(bolt);
        assertThat(rentals.findByPartial("TX", "Dal")).extracting(RentalsView::key)
                .containsExactly("TX|Dallasville", "TX|Dallasville|1G1F003");
    }

    /** Shows rows by their key path. */
    private static final class RentalsView {

        static String key(RentalRow row) {
            if (row instanceof Vehicle vehicle) {
                return String.join("|", List.of(vehicle.state(), vehicle.facility(), vehicle.vin()));
            }
            if (row instanceof Facility facility) {
                return String.join("|", List.of(facility.state(), facility.facility()));
            }
            return row instanceof State state ? state.state() : row.toString();
        }
    }
}
