package io.dynamodbtoolkit.boot.autoconfigure.health;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import io.dynamodbtoolkit.boot.autoconfigure.ToolkitRunners;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/** The {@code dynamodb} health indicator against a real server, and when it is not there. */
@DynamoDbTest
class DynamoDbToolkitHealthIT {

    private static ApplicationContextRunner runner(String table, String provisioning) {
        return ToolkitRunners.toolkit()
                .withConfiguration(AutoConfigurations.of(DynamoDbToolkitHealthAutoConfiguration.class))
                .withPropertyValues("dynamodb.toolkit.adapters.rentals.table=" + table,
                        "dynamodb.toolkit.adapters.rentals.key-fields=state,facility",
                        "dynamodb.toolkit.adapters.rentals.structural-key=_sk",
                        "dynamodb.toolkit.provisioning=" + provisioning);
    }

    @Test
    void upWhenEveryTableIsActive(TestTables tables) {
        String table = tables.uniqueName("rentals");
        runner(table, "create").withPropertyValues("dynamodb.toolkit.adapters.branches.table=" + table,
                "dynamodb.toolkit.adapters.branches.key-fields=state,facility",
                "dynamodb.toolkit.adapters.branches.structural-key=_sk").run(context -> {
                    Health health = context.getBean("dynamodbHealthIndicator", HealthIndicator.class).health();
                    assertThat(health.getStatus()).isEqualTo(Status.UP);
                    assertThat(health.getDetails()).containsEntry("tables", Map.of(table,
                            Map.of("status", "ACTIVE", "adapters", List.of("branches", "rentals"))));
                });
    }

    @Test
    void downWhenATableIsMissing(TestTables tables) {
        String table = tables.uniqueName("rentals");
        runner(table, "none").run(context -> {
            Health health = context.getBean("dynamodbHealthIndicator", HealthIndicator.class).health();
            assertThat(health.getStatus()).isEqualTo(Status.DOWN);
            assertThat(health.getDetails()).containsEntry("tables", Map.of(table,
                    Map.of("status", "MISSING", "adapters", List.of("rentals"))));
        });
    }

    @Test
    void downWhenDynamoDbCannotBeReached() {
        runner("rentals", "none").withPropertyValues("spring.cloud.aws.dynamodb.endpoint=http://127.0.0.1:9")
                .run(context -> {
                    Health health = context.getBean("dynamodbHealthIndicator", HealthIndicator.class).health();
                    assertThat(health.getStatus()).isEqualTo(Status.DOWN);
                    assertThat(health.getDetails()).containsKey("error");
                });
    }

    @Test
    void backsOffWhenDisabledWithoutAdaptersWithoutHealthSupportOrForAnApplicationIndicator() {
        runner("rentals", "none").withPropertyValues("management.health.dynamodb.enabled=false")
                .run(context -> assertThat(context).doesNotHaveBean("dynamodbHealthIndicator"));
        ToolkitRunners.toolkit().withConfiguration(AutoConfigurations.of(DynamoDbToolkitHealthAutoConfiguration.class))
                .run(context -> assertThat(context).doesNotHaveBean("dynamodbHealthIndicator"));
        runner("rentals", "none").withClassLoader(new FilteredClassLoader(HealthIndicator.class))
                .run(context -> assertThat(context).hasNotFailed().doesNotHaveBean("dynamodbHealthIndicator"));
        HealthIndicator mine = () -> Health.up().build();
        runner("rentals", "none").withBean("dynamodbHealthIndicator", HealthIndicator.class, () -> mine)
                .run(context -> assertThat(context.getBean("dynamodbHealthIndicator")).isSameAs(mine));
    }
}
