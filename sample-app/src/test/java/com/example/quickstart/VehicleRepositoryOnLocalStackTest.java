// tag::localstack-test[]
package com.example.quickstart;

import static org.assertj.core.api.Assertions.assertThat;

import io.dynamodbtoolkit.boot.test.autoconfigure.DynamoDbToolkitTest;
import io.dynamodbtoolkit.boot.test.testcontainers.DynamoDbContainers;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.testcontainers.service.connection.ServiceConnection;
// end::localstack-test[]
import org.springframework.test.context.TestPropertySource;
// tag::localstack-test[]
import org.testcontainers.junit.jupiter.Container;
import org.testcontainers.junit.jupiter.Testcontainers;
import org.testcontainers.localstack.LocalStackContainer;

// end::localstack-test[]
/** The README's Testcontainers example: the same repository on LocalStack, when Docker is available. */
// tag::localstack-test[]
@Testcontainers(disabledWithoutDocker = true)
@DynamoDbToolkitTest
// end::localstack-test[]
@TestPropertySource(properties = "spring.config.name=quickstart") // the sample's own application.yml is elsewhere
// tag::localstack-test[]
class VehicleRepositoryOnLocalStackTest {

    @Container
    @ServiceConnection
    static LocalStackContainer localStack = DynamoDbContainers.localStack();

    @Autowired
    VehicleRepository vehicles;

    @Test
    void runsOnLocalStack() {
        vehicles.insert(new Vehicle("TX", "Dallas", "1HGC001", "Accord"));
        assertThat(vehicles.findUnder("TX", "Dallas")).extracting(Vehicle::vin).containsExactly("1HGC001");
    }
}
// end::localstack-test[]
