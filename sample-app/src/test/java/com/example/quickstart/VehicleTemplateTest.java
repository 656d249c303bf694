// tag::quickstart-template[]
package com.example.quickstart;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import io.dynamodbtoolkit.boot.autoconfigure.test.DynamoDbToolkitTest;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.key.SubtreeQuery;
import io.dynamodbtoolkit.springdata.core.DynamoDbToolkitTemplate;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
// end::quickstart-template[]
import org.springframework.test.context.TestPropertySource;
// tag::quickstart-template[]

// end::quickstart-template[]
/** The README's template example: the adapter's template, without a repository. */
// tag::quickstart-template[]
@DynamoDbToolkitTest
// end::quickstart-template[]
@TestPropertySource(properties = "spring.config.name=quickstart") // the sample's own application.yml is elsewhere
// tag::quickstart-template[]
class VehicleTemplateTest {

    @Autowired
    DynamoDbToolkitTemplate vehiclesTemplate;   // one per adapter, named <adapter>Template

    @Test
    void readsAndWritesEntitiesWithoutARepository() {
        vehiclesTemplate.insert(new Vehicle("TX", "Dallas", "1HGC001", "Accord"));
        vehiclesTemplate.insert(new Vehicle("TX", "Dallasville", "5YJ3003", "Model 3"));

        List<Vehicle> dallas = vehiclesTemplate.findAll(
                SubtreeQuery.children(KeyValues.of("state", "TX", "facility", "Dallas")), Vehicle.class);
        assertThat(dallas).extracting(Vehicle::model).containsExactly("Accord");
    }
}
// end::quickstart-template[]
