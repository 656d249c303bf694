package io.dynamodbtoolkit.boot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import io.awspring.cloud.autoconfigure.core.AwsAutoConfiguration;
import io.awspring.cloud.autoconfigure.core.CredentialsProviderAutoConfiguration;
import io.awspring.cloud.autoconfigure.core.RegionProviderAutoConfiguration;
import io.awspring.cloud.autoconfigure.dynamodb.DynamoDbAutoConfiguration;
import io.dynamodbtoolkit.test.DynamoDbEndpoint;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

class SpringCloudAwsCompatibilityTest {

    @Test
    void springCloudAwsBuildsAWorkingClientOnThisBootVersion() {
        DynamoDbEndpoint endpoint = DynamoDbEndpoint.shared();
        new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(AwsAutoConfiguration.class,
                        CredentialsProviderAutoConfiguration.class, RegionProviderAutoConfiguration.class,
                        DynamoDbAutoConfiguration.class))
                .withPropertyValues("spring.cloud.aws.dynamodb.endpoint=" + endpoint.uri(),
                        "spring.cloud.aws.region.static=" + endpoint.region().id(),
                        "spring.cloud.aws.credentials.access-key=test", "spring.cloud.aws.credentials.secret-key=test")
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    assertThat(context.getBean(DynamoDbClient.class).listTables().tableNames()).isNotNull();
                });
    }
}
