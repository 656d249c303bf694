package io.dynamodbtoolkit.adapter;

import static io.dynamodbtoolkit.adapter.Rentals.item;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import io.dynamodbtoolkit.batch.RetryPolicy;
import io.dynamodbtoolkit.embedded.EmbeddedDynamoDb;
import io.dynamodbtoolkit.embedded.fault.FaultInjection;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.key.SubtreeQuery;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;

/**
 * Single calls (GetItem, PutItem, UpdateItem, DeleteItem, Query) against a server that throttles every request are
 * retried by the SDK client's retry strategy alone: the toolkit's retry policy, meant for batch and transaction
 * work, does not multiply them, so a throttled call fails after the SDK's attempts, in bounded time. The server is an
 * embedded engine of this test's own that throttles every call, whatever backend the suite runs on.
 */
class SingleCallRetriesIT {

    private static final int SDK_ATTEMPTS = 3;

    private EmbeddedDynamoDb throttling;
    private DynamoDbClient client;
    private final AtomicInteger attempts = new AtomicInteger();
    private Adapter<Map<String, Object>> rentals;

    @BeforeEach
    void startAThrottlingServer() {
        throttling = EmbeddedDynamoDb.builder().port(0).faultInjection(FaultInjection.builder(1)
                .throttle(FaultInjection.ALL_OPERATIONS, 1.0).build()).start();
        client = DynamoDbClient.builder().endpointOverride(throttling.endpoint()).region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("test", "test")))
                .overrideConfiguration(config -> config
                        .retryStrategy(AwsRetryStrategy.standardRetryStrategy().toBuilder().maxAttempts(SDK_ATTEMPTS)
                                .build())
                        .addExecutionInterceptor(new ExecutionInterceptor() {
                            @Override
                            public void beforeTransmission(Context.BeforeTransmission context,
                                    ExecutionAttributes executionAttributes) {
                                attempts.incrementAndGet();
                            }
                        }))
                .build();
        // a generous toolkit policy: were it applied to single calls, each would make 8 x 3 attempts
        rentals = Adapter.create(Rentals.declaration("rentals"), client, AdapterOptions.defaults()
                .withRetryPolicy(RetryPolicy.DEFAULT.withDelays(Duration.ofMillis(1), Duration.ofMillis(2))));
    }

    @AfterEach
    void stop() {
        client.close();
        throttling.close();
    }

    @Test
    void aThrottledGetFailsAfterTheSdksAttemptsOnly() {
        assertFailsAfterTheSdksAttempts(() -> rentals.get(KeyValues.of("state", "TX")));
    }

    @Test
    void throttledWritesAndQueriesFailAfterTheSdksAttemptsOnly() {
        assertFailsAfterTheSdksAttempts(() -> rentals.post(item("state", "TX")));
        assertFailsAfterTheSdksAttempts(() -> rentals.patch(KeyValues.of("state", "TX"),
                Map.of("note", "x")));
        assertFailsAfterTheSdksAttempts(() -> rentals.delete(KeyValues.of("state", "TX")));
        assertFailsAfterTheSdksAttempts(() -> rentals.list(SubtreeQuery.children(KeyValues.of("state", "TX")),
                ListOptions.defaults()));
    }

    private void assertFailsAfterTheSdksAttempts(ThrowingCallable call) {
        attempts.set(0);
        long started = System.nanoTime();
        assertThatThrownBy(call).isInstanceOf(ProvisionedThroughputExceededException.class);
        assertThat(attempts.get()).isEqualTo(SDK_ATTEMPTS);
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(30));
    }
}
