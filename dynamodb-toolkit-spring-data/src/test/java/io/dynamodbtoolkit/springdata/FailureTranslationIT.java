package io.dynamodbtoolkit.springdata;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.atomic.AtomicInteger;

import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.adapter.AdapterOptions;
import io.dynamodbtoolkit.embedded.EmbeddedDynamoDb;
import io.dynamodbtoolkit.embedded.fault.FaultInjection;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.springdata.rentals.RentalRepository;
import io.dynamodbtoolkit.springdata.rentals.Rentals;
import io.dynamodbtoolkit.springdata.repository.config.EnableDynamoDbToolkitRepositories;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.Test;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.ComponentScan.Filter;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.FilterType;
import org.springframework.dao.InvalidDataAccessResourceUsageException;
import org.springframework.dao.TransientDataAccessResourceException;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;

/**
 * Failures coming back from a real server leave the repository translated; throttling is retried by the SDK client's
 * retry strategy alone (the toolkit's policy is for batch and transaction work).
 */
@DynamoDbTest
class FailureTranslationIT {

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
    void throttlingBeyondTheSdksRetriesIsATransientResourceFailure(TestTables tables) {
        AtomicInteger attempts = new AtomicInteger();
        try (EmbeddedDynamoDb throttling = EmbeddedDynamoDb.builder().port(0).faultInjection(FaultInjection
                .builder(1).throttle(FaultInjection.ALL_OPERATIONS, 1.0).build()).start();
                DynamoDbClient client = DynamoDbClient.builder().endpointOverride(throttling.endpoint())
                        .region(Region.US_EAST_1).credentialsProvider(StaticCredentialsProvider.create(
                                AwsBasicCredentials.create("test", "test")))
                        .overrideConfiguration(config -> config.retryStrategy(AwsRetryStrategy.standardRetryStrategy()
                                .toBuilder().maxAttempts(3).build()).addExecutionInterceptor(new ExecutionInterceptor() {
                                    @Override
                                    public void beforeTransmission(Context.BeforeTransmission context,
                                            ExecutionAttributes attributes) {
                                        attempts.incrementAndGet();
                                    }
                                })).build();
                AnnotationConfigApplicationContext context = start(client, tables.uniqueName("rentals"),
                        AdapterOptions.defaults())) {
            RentalRepository rentals = context.getBean(RentalRepository.class);
            assertThatThrownBy(() -> rentals.findUnder("TX", "Dallas"))
                    .isInstanceOf(TransientDataAccessResourceException.class)
                    .hasRootCauseInstanceOf(ProvisionedThroughputExceededException.class);
            assertThat(attempts).as("the SDK's attempts, not multiplied by the toolkit's policy").hasValue(3);
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
