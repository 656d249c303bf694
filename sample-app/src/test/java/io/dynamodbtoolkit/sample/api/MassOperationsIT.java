package io.dynamodbtoolkit.sample.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import io.dynamodbtoolkit.key.KeyValues;
// tag::mass-resume[]
import io.dynamodbtoolkit.mass.MassOptions;
import io.dynamodbtoolkit.mass.MassResult;
// end::mass-resume[]
import io.dynamodbtoolkit.sample.rentals.RentalRepository;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
// tag::mass-resume[]

// end::mass-resume[]
/** The README's resumable mass operation, through the repository: slices of two, resumed by cursor. */
class MassOperationsIT extends ApiTestSupport {

    @Autowired
    private RentalRepository rentals;

    @Test
    void aCascadeRunsInSlicesResumedByItsCursor() {
        List<Long> slices = new ArrayList<>();
        // tag::mass-resume[]
        MassOptions slice = MassOptions.defaults().withMaxItems(2);
        MassResult run = rentals.deleteAllUnder("TX", "Dallas", slice);       // the vehicles first, the facility last
        while (!run.isComplete()) {
            // end::mass-resume[]
            slices.add(run.processed());
            // tag::mass-resume[]
            run = rentals.deleteAllUnder("TX", "Dallas", slice.withCursor(run.cursor()));
        }
        // end::mass-resume[]
        slices.add(run.processed());

        assertThat(slices).containsExactly(2L, 2L, 1L);
        assertThat(rentals.findSelfAndUnder(KeyValues.of("state", "TX", "facility", "Dallas"))).isEmpty();
        assertThat(rentals.findUnder(KeyValues.of("state", "TX", "facility", "Dallasville"))).hasSize(2);
    }
}
