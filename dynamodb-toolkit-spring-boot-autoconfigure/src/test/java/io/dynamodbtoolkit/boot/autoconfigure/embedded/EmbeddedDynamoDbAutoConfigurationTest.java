package io.dynamodbtoolkit.boot.autoconfigure.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import io.dynamodbtoolkit.boot.autoconfigure.FailureAnalyses;
import io.dynamodbtoolkit.boot.autoconfigure.ToolkitRunners;
import org.junit.jupiter.api.Test;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.util.ClassUtils;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The embedded auto-configuration without the engine on the classpath: it backs off, or fails start-up with an
 * explanation when the engine is asked for explicitly.
 */
class EmbeddedDynamoDbAutoConfigurationTest {

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(ToolkitRunners.SPRING_CLOUD_AWS).withConfiguration(ToolkitRunners.TOOLKIT)
            .withPropertyValues("spring.cloud.aws.region.static=us-east-1",
                    "spring.cloud.aws.credentials.access-key=test", "spring.cloud.aws.credentials.secret-key=test");

    @Test
    void theEngineIsNotOnThisClasspath() {
        assertThat(ClassUtils.isPresent(EmbeddedEngine.ENGINE_CLASS, getClass().getClassLoader())).isFalse();
    }

    @Test
    void withoutTheEngineSpringCloudAwsKeepsItsClient() {
        runner.run(context -> {
            assertThat(context).hasNotFailed().doesNotHaveBean(EmbeddedEngine.class)
                    .hasSingleBean(DynamoDbClient.class);
            assertThat(context.getBean(DynamoDbClient.class).serviceClientConfiguration().endpointOverride())
                    .isEmpty();
        });
    }

    @Test
    void anEngineAskedForButMissingFailsStartUpWithAnExplanation() {
        runner.withPropertyValues("dynamodb.toolkit.embedded.enabled=true").run(context -> {
            assertThat(context.getStartupFailure()).isInstanceOf(EmbeddedEngineMissingException.class);
            FailureAnalysis analysis = FailureAnalyses.of(context);
            assertThat(analysis.getDescription()).isEqualTo("The embedded DynamoDB engine is enabled "
                    + "(dynamodb.toolkit.embedded.enabled=true) but it is not on the classpath: the class "
                    + "io.dynamodbtoolkit.embedded.EmbeddedDynamoDb was not found.");
            assertThat(analysis.getAction()).startsWith("Add the dependency "
                    + "io.dynamodbtoolkit:dynamodb-toolkit-embedded").contains("dynamodb.toolkit.embedded.enabled=false");
        });
    }

    @Test
    void anEngineTurnedOffIsNotMissed() {
        runner.withPropertyValues("dynamodb.toolkit.embedded.enabled=false")
                .run(context -> assertThat(context).hasNotFailed());
    }
}
