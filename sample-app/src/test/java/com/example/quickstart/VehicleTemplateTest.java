// tag::quickstart-template[]
package com.example.quickstart;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import io.dynamodbtoolkit.boot.test.autoconfigure.DynamoDbToolkitTest;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.key.SubtreeQuery;
import io.dynamodbtoolkit.springdata.core.DynamoDbToolkitTemplate;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
// end::quickstart-template[]
import org.springframework.test.context.TestPropertySource;
// tag::quickstart-template[]

// end::quickstart-template[]
/**
 * The README's template example: the adapter's template, without a repository. It writes a state of its own: the
 * application context, and so its tables, are shared with {@link VehicleRepositoryTest}, which writes TX.
 */
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
        vehiclesTemplate.insert(new Vehicle("OK", "Tulsa", "1FTE007", "F-150"));
        vehiclesTemplate.insert(new Vehicle("OK", "Tulsaville", "1FTE008", "Ranger"));

        List<Vehicle> tulsa = vehiclesTemplate.findAll(
                SubtreeQuery.children(KeyValues.of("state", "OK", "facility", "Tulsa")), Vehicle.class);
        assertThat(tulsa).extracting(Vehicle::model).containsExactly("F-150");
    }
}
// end::quickstart-template[]
