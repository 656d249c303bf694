package io.dynamodbtoolkit.springdata;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;

import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.adapter.AdapterOptions;
import io.dynamodbtoolkit.batch.RetryPolicy;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.springdata.rentals.RentalRepository;
import io.dynamodbtoolkit.springdata.rentals.Rentals;
import io.dynamodbtoolkit.springdata.repository.config.EnableDynamoDbToolkitRepositories;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.FaultInjectingDynamoDbClient;
import io.dynamodbtoolkit.test.FaultInjection;
import io.dynamodbtoolkit.test.FaultKind;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.Test;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.ComponentScan.Filter;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.FilterType;
import org.springframework.dao.InvalidDataAccessResourceUsageException;
import org.springframework.dao.QueryTimeoutException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;

/**
 * Failures coming back from a real server (or injected in front of it) leave the repository translated; throttling is
 * first retried by the adapter's retry policy (the application's AdapterOptions bean).
 */
@DynamoDbTest
class FailureTranslationTest {

    @Configuration
    @EnableDynamoDbToolkitRepositories(basePackageClasses = RentalRepository.class, includeFilters = @Filter(
            type = FilterType.ASSIGNABLE_TYPE, classes = RentalRepository.class))
    static class RentalsConfiguration {
    }

    @Test
    void aMissingTableIsAResourceUsageProblem(DynamoDbClient client, TestTables tables) {
        String missing = tables.uniqueName("missing");
        try (AnnotationConfigApplicationContext context = start(client, missing, AdapterOptions.defaults())) {
            RentalRepository rentals = context.getBean(RentalRepository.class);
            assertThatThrownBy(() -> rentals.findById(KeyValues.of("state", "TX")))
                    .isInstanceOf(InvalidDataAccessResourceUsageException.class)
                    .hasCauseInstanceOf(ResourceNotFoundException.class);
        }
    }

    @Test
    void throttlingBeyondRetriesIsAQueryTimeout(DynamoDbClient client, TestTables tables) {
        String table = tables.create(Rentals.TABLE);
        FaultInjectingDynamoDbClient throttled = FaultInjection.builder().throttlingRate(1.0, "Query").wrap(client);
        AdapterOptions fastRetries = AdapterOptions.defaults().withRetryPolicy(RetryPolicy.DEFAULT.withMaxAttempts(3)
                .withDelays(Duration.ofMillis(1), Duration.ofMillis(5)));
        try (AnnotationConfigApplicationContext context = start(throttled, table, fastRetries)) {
            RentalRepository rentals = context.getBean(RentalRepository.class);
            assertThatThrownBy(() -> rentals.findUnder("TX", "Dallas")).isInstanceOf(QueryTimeoutException.class)
                    .hasRootCauseInstanceOf(ProvisionedThroughputExceededException.class);
            assertThat(throttled.injectedFaults(FaultKind.THROTTLING)).isEqualTo(3);
        }
    }

    private static AnnotationConfigApplicationContext start(DynamoDbClient client, String table,
            AdapterOptions options) {
        return SpringContexts.start(client, RentalsConfiguration.class, beans -> {
            beans.registerBean("rentalsDeclaration", AdapterDeclaration.class, () -> Rentals.declaration(table));
            beans.registerBean(AdapterOptions.class, () -> options);
        });
    }
}
