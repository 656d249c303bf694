package io.dynamodbtoolkit.boot.test.testcontainers;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.boot.test.autoconfigure.DynamoDbToolkitTest;
import io.dynamodbtoolkit.boot.test.autoconfigure.slice.SliceApplication;
import io.dynamodbtoolkit.key.KeyValues;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.testcontainers.service.connection.ServiceConnection;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.ContextConfiguration;
import org.testcontainers.junit.jupiter.Container;
import org.testcontainers.junit.jupiter.Testcontainers;
import org.testcontainers.localstack.LocalStackContainer;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** The slice against LocalStack through a {@code @ServiceConnection}; skipped without Docker. */
@Testcontainers(disabledWithoutDocker = true)
@DynamoDbToolkitTest
@ContextConfiguration(classes = SliceApplication.class)
@ActiveProfiles("slice")
class LocalStackServiceConnectionIT {

    @Container
    @ServiceConnection
    static LocalStackContainer localStack = DynamoDbContainers.localStack();

    @Autowired
    private DynamoDbClient client;

    @Autowired
    private Adapter<Map<String, Object>> rentals;

    @Test
    void theToolkitWorksOnTheContainer() {
        assertThat(client.serviceClientConfiguration().endpointOverride()).hasValue(localStack.getEndpoint());
        rentals.post(Map.of("state", "TX", "name", "Texas"));
        assertThat(rentals.get(KeyValues.of("state", "TX"))).isPresent();
    }
}
