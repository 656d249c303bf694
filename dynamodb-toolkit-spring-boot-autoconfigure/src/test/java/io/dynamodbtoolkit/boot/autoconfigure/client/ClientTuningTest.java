package io.dynamodbtoolkit.boot.autoconfigure.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.awspring.cloud.autoconfigure.dynamodb.DynamoDbClientCustomizer;
import io.dynamodbtoolkit.boot.autoconfigure.ToolkitRunners;
import io.dynamodbtoolkit.client.CachedEndpointProvider;
import io.dynamodbtoolkit.embedded.EmbeddedDynamoDb;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.endpoints.DynamoDbEndpointProvider;

/**
 * The auto-configured client, Spring Cloud AWS's or the embedded engine's, resolves its endpoint once per set of
 * parameters; an application's own customizer can still set another endpoint provider.
 */
class ClientTuningTest {

    @Test
    void springCloudAwsClientResolvesItsEndpointThroughTheCache() {
        ToolkitRunners.toolkit().run(context -> {
            DynamoDbClient client = context.getBean(DynamoDbClient.class);
            assertThat(context).doesNotHaveBean(EmbeddedDynamoDb.class);
            assertThat(client.serviceClientConfiguration().endpointProvider())
                    .containsInstanceOf(CachedEndpointProvider.class);
            assertThat(client.listTables().tableNames()).isNotNull();
        });
    }

    @Test
    void theEmbeddedEnginesClientResolvesItsEndpointThroughTheCache() {
        new ApplicationContextRunner().withConfiguration(ToolkitRunners.SPRING_CLOUD_AWS)
                .withConfiguration(ToolkitRunners.TOOLKIT)
                .withPropertyValues("dynamodb.toolkit.cursor.signing-key=0123456789abcdef0123").run(context -> {
                    assertThat(context).hasSingleBean(EmbeddedDynamoDb.class);
                    DynamoDbClient client = context.getBean(DynamoDbClient.class);
                    assertThat(client.serviceClientConfiguration().endpointProvider())
                            .containsInstanceOf(CachedEndpointProvider.class);
                    assertThat(client.listTables().tableNames()).isNotNull();
                });
    }

    @Test
    void anApplicationsCustomizerMaySetAnotherEndpointProvider() {
        DynamoDbEndpointProvider own = DynamoDbEndpointProvider.defaultProvider();
        ToolkitRunners.toolkit().withBean(DynamoDbClientCustomizer.class,
                () -> builder -> builder.endpointProvider(own)).run(context -> {
                    assertThat(context.getBean(DynamoDbClient.class).serviceClientConfiguration().endpointProvider())
                            .containsSame(own);
                });
    }
}
