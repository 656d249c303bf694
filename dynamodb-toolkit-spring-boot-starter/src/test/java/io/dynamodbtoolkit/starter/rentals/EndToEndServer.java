package io.dynamodbtoolkit.starter.rentals;

import java.util.UUID;

import io.dynamodbtoolkit.test.DynamoDbEndpoint;
import org.springframework.test.context.DynamicPropertyRegistry;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;

/** The end-to-end tests' server: the test module's shared endpoint, and tables of each test class's own. */
final class EndToEndServer {

    private EndToEndServer() {
    }

    /** @return a table prefix unique to one test class */
    static String uniqueTablePrefix() {
        return "e2e-" + UUID.randomUUID().toString().substring(0, 8) + "-";
    }

    /** Points Spring Cloud AWS's client at the test server and puts the prefix before the application's tables. */
    static void register(DynamicPropertyRegistry registry, String tablePrefix) {
        DynamoDbEndpoint endpoint = DynamoDbEndpoint.shared();
        registry.add("spring.cloud.aws.dynamodb.endpoint", () -> endpoint.uri().toString());
        registry.add("spring.cloud.aws.region.static", () -> endpoint.region().id());
        registry.add("spring.cloud.aws.credentials.access-key", () -> "test");
        registry.add("spring.cloud.aws.credentials.secret-key", () -> "test");
        registry.add("dynamodb.toolkit.table-prefix", () -> tablePrefix);
    }

    /** Drops the rentals table the application created under the prefix, if it is still there. */
    static void dropRentals(String tablePrefix) {
        try (DynamoDbClient client = DynamoDbEndpoint.shared().newClient()) {
            client.deleteTable(request -> request.tableName(tablePrefix + "rentals"));
        } catch (ResourceNotFoundException alreadyGone) {
            // nothing to drop
        }
    }
}
