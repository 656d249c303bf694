// tag::localstack-test[]
package com.example.quickstart;

import static org.assertj.core.api.Assertions.assertThat;

import io.dynamodbtoolkit.boot.test.autoconfigure.DynamoDbToolkitTest;
import io.dynamodbtoolkit.boot.test.testcontainers.DynamoDbContainers;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.testcontainers.service.connection.ServiceConnection;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
// end::localstack-test[]
import org.springframework.test.context.TestPropertySource;
// tag::localstack-test[]
import org.springframework.test.context.aot.DisabledInAotMode;
import org.testcontainers.junit.jupiter.Testcontainers;
import org.testcontainers.localstack.LocalStackContainer;

// end::localstack-test[]
/**
 * The README's Testcontainers example: the same repository on LocalStack, when Docker is available. The container is
 * a bean rather than a static field, so that nothing touches Docker before the context loads: the build-time AOT
 * processing of the tests reads every test class, Docker or not, and this one it leaves out.
 */
// tag::localstack-test[]
@Testcontainers(disabledWithoutDocker = true)
@DisabledInAotMode
@DynamoDbToolkitTest
@Import(VehicleRepositoryOnLocalStackTest.LocalStack.class)
// end::localstack-test[]
@TestPropertySource(properties = "spring.config.name=quickstart") // the sample's own application.yml is elsewhere
// tag::localstack-test[]
class VehicleRepositoryOnLocalStackTest {

    @TestConfiguration(proxyBeanMethods = false)
    static class LocalStack {

        @Bean
        @ServiceConnection
        LocalStackContainer localStack() {
            return DynamoDbContainers.localStack();
        }
    }

    @Autowired
    VehicleRepository vehicles;

    @Test
    void runsOnLocalStack() {
        vehicles.insert(new Vehicle("TX", "Dallas", "1HGC001", "Accord"));
        assertThat(vehicles.findUnder("TX", "Dallas")).extracting(Vehicle::vin).containsExactly("1HGC001");
    }
}
// end::localstack-test[]
