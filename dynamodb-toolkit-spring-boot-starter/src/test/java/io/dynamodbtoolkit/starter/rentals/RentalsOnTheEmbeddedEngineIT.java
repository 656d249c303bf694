package io.dynamodbtoolkit.starter.rentals;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.embedded.EmbeddedDynamoDb;
import io.dynamodbtoolkit.key.KeyValues;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Development: the same application with the embedded engine on the classpath and no endpoint, region or credentials
 * configured runs on the engine, its tables created at start-up.
 */
@SpringBootTest(classes = RentalsApplication.class, properties = "dynamodb.toolkit.provisioning=")
class RentalsOnTheEmbeddedEngineIT {

    @Autowired
    private EmbeddedDynamoDb engine;

    @Autowired
    private DynamoDbClient client;

    @Autowired
    private Adapter<Map<String, Object>> rentals;

    @Test
    void runsOnTheEmbeddedEngineWithItsTablesCreated() {
        assertThat(client.serviceClientConfiguration().endpointOverride()).hasValue(engine.endpoint());
        assertThat(client.listTables().tableNames()).containsExactly("rentals");
        rentals.post(Map.of("state", "TX", "name", "Texas"));
        assertThat(rentals.get(KeyValues.of("state", "TX"))).hasValueSatisfying(
                texas -> assertThat(texas).containsEntry("kind", "state"));
    }
}
