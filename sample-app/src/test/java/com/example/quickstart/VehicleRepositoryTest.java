// tag::quickstart-test[]
package com.example.quickstart;

import static org.assertj.core.api.Assertions.assertThat;

import io.dynamodbtoolkit.boot.test.autoconfigure.DynamoDbToolkitTest;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
// end::quickstart-test[]
import org.springframework.test.context.TestPropertySource;
// tag::quickstart-test[]

// end::quickstart-test[]
/** The README's quickstart test: the test slice on the embedded engine, with tables of its own. */
// tag::quickstart-test[]
@DynamoDbToolkitTest
// end::quickstart-test[]
@TestPropertySource(properties = "spring.config.name=quickstart") // the sample's own application.yml is elsewhere
// tag::quickstart-test[]
class VehicleRepositoryTest {

    @Autowired
    VehicleRepository vehicles;

    @Test
    void findsTheVehiclesOfAFacilityButNotOfDallasville() {
        vehicles.insert(new Vehicle("TX", "Dallas", "1HGC001", "Accord"));
        vehicles.insert(new Vehicle("TX", "Dallas", "2T1B002", "Corolla"));
        vehicles.insert(new Vehicle("TX", "Dallasville", "5YJ3003", "Model 3"));

        assertThat(vehicles.findUnder("TX", "Dallas")).extracting(Vehicle::vin)
                .containsExactly("1HGC001", "2T1B002");
    }
}
// end::quickstart-test[]
