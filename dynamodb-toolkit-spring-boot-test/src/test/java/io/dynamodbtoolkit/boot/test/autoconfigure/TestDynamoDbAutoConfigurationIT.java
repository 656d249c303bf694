package io.dynamodbtoolkit.boot.test.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.util.concurrent.atomic.AtomicReference;

import io.awspring.cloud.autoconfigure.core.AwsConnectionDetails;
import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.boot.autoconfigure.ToolkitRunners;
import io.dynamodbtoolkit.test.DynamoDbEndpoint;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;

/** The test side of the slice: the test server's client, table isolation and clean-up. */
class TestDynamoDbAutoConfigurationIT {

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(ToolkitRunners.SPRING_CLOUD_AWS).withConfiguration(ToolkitRunners.TOOLKIT)
            .withConfiguration(AutoConfigurations.of(TestDynamoDbAutoConfiguration.class))
            .withPropertyValues("dynamodb.toolkit.adapters.rentals.key-fields=state",
                    "dynamodb.toolkit.cursor.signing-key=0123456789abcdef0123");

    @Test
    void tablesAreUniqueProvisionedAndDroppedWhenTheContextCloses() {
        AtomicReference<String> table = new AtomicReference<>();
        runner.run(context -> {
            assertThat(context).hasNotFailed().doesNotHaveBean(io.dynamodbtoolkit.embedded.EmbeddedDynamoDb.class);
            table.set(context.getBean("rentals", Adapter.class).table());
            assertThat(table.get()).matches("t[0-9a-f]{8}-rentals");
            context.getBean(DynamoDbClient.class).describeTable(r -> r.tableName(table.get()));
        });
        try (DynamoDbClient client = DynamoDbEndpoint.shared().newClient()) {
            assertThatThrownBy(() -> client.describeTable(r -> r.tableName(table.get())))
                    .isInstanceOf(ResourceNotFoundException.class);
        }
    }

    @Test
    void anExplicitProvisioningModeAndPrefixAreKept() {
        runner.withPropertyValues("dynamodb.toolkit.provisioning=none", "dynamodb.toolkit.table-prefix=dev-")
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    assertThat(context.getBean("rentals", Adapter.class).table()).matches("t[0-9a-f]{8}-dev-rentals");
                });
    }

    @Test
    void aClientOfTheTestReplacesTheTestServer() {
        try (DynamoDbClient mine = DynamoDbEndpoint.shared().newClient()) {
            runner.withBean(DynamoDbClient.class, () -> mine)
                    .run(context -> assertThat(context.getBean(DynamoDbClient.class)).isSameAs(mine));
        }
    }

    @Test
    void aServiceConnectionReplacesTheTestServer() {
        runner.withPropertyValues("dynamodb.toolkit.provisioning=none")
                .withBean(AwsConnectionDetails.class, () -> new AwsConnectionDetails() {
                    @Override
                    public URI getEndpoint() {
                        return URI.create("http://localhost:4566");
                    }

                    @Override
                    public String getRegion() {
                        return "eu-west-1";
                    }

                    @Override
                    public String getAccessKey() {
                        return "test";
                    }

                    @Override
                    public String getSecretKey() {
                        return "test";
                    }
                }).run(context -> assertThat(context.getBean(DynamoDbClient.class).serviceClientConfiguration()
                        .endpointOverride()).hasValue(URI.create("http://localhost:4566")));
    }
}
