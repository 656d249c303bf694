package io.dynamodbtoolkit.boot.autoconfigure.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;

import io.awspring.cloud.autoconfigure.core.AwsConnectionDetails;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;

/** When the embedded engine runs, class presence aside (see {@link EmbeddedDynamoDbAutoConfigurationIT}). */
class EmbeddedEngineConditionTest {

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withUserConfiguration(GuardedByTheCondition.class);

    @Test
    void matchesWhenNothingIsConfigured() {
        runner.run(context -> assertThat(context).hasBean("engineWouldStart"));
    }

    @Test
    void enabledTrueWinsOverAConfiguredEndpoint() {
        runner.withPropertyValues("dynamodb.toolkit.embedded.enabled=true",
                "spring.cloud.aws.dynamodb.endpoint=http://localhost:8000")
                .run(context -> assertThat(context).hasBean("engineWouldStart"));
    }

    @Test
    void enabledFalseTurnsItOff() {
        runner.withPropertyValues("dynamodb.toolkit.embedded.enabled=false")
                .run(context -> assertThat(context).doesNotHaveBean("engineWouldStart"));
    }

    @Test
    void aDynamoDbEndpointTurnsTheDefaultOff() {
        runner.withPropertyValues("spring.cloud.aws.dynamodb.endpoint=http://localhost:8000")
                .run(context -> assertThat(context).doesNotHaveBean("engineWouldStart"));
    }

    @Test
    void aGlobalAwsEndpointTurnsTheDefaultOff() {
        runner.withPropertyValues("spring.cloud.aws.endpoint=http://localhost:4566")
                .run(context -> assertThat(context).doesNotHaveBean("engineWouldStart"));
    }

    @Test
    void aServiceConnectionTurnsTheDefaultOff() {
        runner.withBean(AwsConnectionDetails.class, () -> new AwsConnectionDetails() {
            @Override
            public URI getEndpoint() {
                return URI.create("http://localhost:4566");
            }
        }).run(context -> assertThat(context).doesNotHaveBean("engineWouldStart"));
    }

    @Configuration(proxyBeanMethods = false)
    @Conditional(EmbeddedEngineCondition.class)
    static class GuardedByTheCondition {

        @Bean
        String engineWouldStart() {
            return "yes";
        }
    }
}
