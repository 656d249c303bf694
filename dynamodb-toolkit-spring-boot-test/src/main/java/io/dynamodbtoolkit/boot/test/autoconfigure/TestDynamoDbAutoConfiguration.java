package io.dynamodbtoolkit.boot.test.autoconfigure;

import io.awspring.cloud.autoconfigure.AwsSyncClientCustomizer;
import io.awspring.cloud.autoconfigure.dynamodb.DynamoDbClientCustomizer;
import io.dynamodbtoolkit.boot.autoconfigure.adapter.AdapterDeclarations;
import io.dynamodbtoolkit.boot.autoconfigure.embedded.EmbeddedDynamoDbAutoConfiguration;
import io.dynamodbtoolkit.test.DynamoDbEndpoint;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClientBuilder;

/**
 * The test side of {@link DynamoDbToolkitTest}: a {@link DynamoDbClient} on the test server of
 * {@code dynamodb-toolkit-test} ({@link DynamoDbEndpoint#shared()}), unless the test brings its own client or a
 * service connection; and tables unique to the application context, dropped when it closes.
 */
@AutoConfiguration(before = EmbeddedDynamoDbAutoConfiguration.class,
        beforeName = "io.awspring.cloud.autoconfigure.dynamodb.DynamoDbAutoConfiguration")
@ConditionalOnClass({DynamoDbEndpoint.class, DynamoDbClient.class, DynamoDbClientCustomizer.class})
public class TestDynamoDbAutoConfiguration {

    @Bean
    static TestTableIsolation dynamoDbToolkitTestTableIsolation() {
        return new TestTableIsolation();
    }

    @Bean
    TestTablesCleanup dynamoDbToolkitTestTablesCleanup(ObjectProvider<AdapterDeclarations> declarations,
            DynamoDbClient client) {
        return new TestTablesCleanup(declarations, client);
    }

    /** The test server, unless the test configures a client or a service connection. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnMissingBean(value = DynamoDbClient.class,
            type = "io.awspring.cloud.autoconfigure.core.AwsConnectionDetails")
    static class TestServerConfiguration {

        @Bean
        DynamoDbClient dynamoDbClient(ObjectProvider<DynamoDbClientCustomizer> dynamoDbClientCustomizers,
                ObjectProvider<AwsSyncClientCustomizer> syncClientCustomizers) {
            DynamoDbClientBuilder builder = DynamoDbEndpoint.shared().clientBuilder();
            dynamoDbClientCustomizers.orderedStream().forEach(customizer -> customizer.customize(builder));
            syncClientCustomizers.orderedStream().forEach(customizer -> customizer.customize(builder));
            return builder.build();
        }
    }
}
