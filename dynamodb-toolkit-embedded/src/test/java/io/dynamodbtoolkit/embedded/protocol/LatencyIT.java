package io.dynamodbtoolkit.embedded.protocol;

import io.dynamodbtoolkit.embedded.EmbeddedDynamoDb;
import io.dynamodbtoolkit.embedded.support.Clients;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

/**
 * The simulated round trip ({@link EmbeddedDynamoDb.Builder#latency}): every answer waits for it, calls on separate
 * connections wait at the same time (as calls in flight do on DynamoDB), and closing the engine does not wait for
 * the answers held back.
 */
class LatencyIT {

    private static final Duration LATENCY = Duration.ofMillis(300);
    private static final int CALLS_IN_FLIGHT = 8;

    @Test
    void everyAnswerWaitsForTheLatency() {
        try (EmbeddedDynamoDb dynamo = EmbeddedDynamoDb.builder().latency(LATENCY).start();
             DynamoDbClient client = Clients.noRetries(dynamo.endpoint())) {
            for (int call = 0; call < 3; call++) {
                long start = System.nanoTime();
                assertThat(client.listTables().tableNames()).isEmpty();
                assertThat(Duration.ofNanos(System.nanoTime() - start)).as("call %d", call)
                        .isGreaterThanOrEqualTo(LATENCY);
            }
        }
    }

    @Test
    void callsInFlightAtOnceWaitTogetherNotOneAfterTheOther() throws Exception {
        ExecutorService callers = Executors.newFixedThreadPool(CALLS_IN_FLIGHT);
        try (EmbeddedDynamoDb dynamo = EmbeddedDynamoDb.builder().latency(LATENCY).start();
             DynamoDbClient client = Clients.noRetries(dynamo.endpoint())) {
            client.listTables();
            List<Future<?>> calls = new ArrayList<>();
            long start = System.nanoTime();
            for (int call = 0; call < CALLS_IN_FLIGHT; call++) {
                calls.add(callers.submit(() -> client.listTables()));
            }
            for (Future<?> call : calls) {
                call.get(30, TimeUnit.SECONDS);
            }
            Duration elapsed = Duration.ofNanos(System.nanoTime() - start);

            assertThat(elapsed).isGreaterThanOrEqualTo(LATENCY)
                    .as("8 calls of 300 ms in flight at once, not 2.4 s one after the other")
                    .isLessThan(LATENCY.multipliedBy(CALLS_IN_FLIGHT / 2));
        } finally {
            callers.shutdownNow();
        }
    }

    @Test
    void closingTheEngineDoesNotWaitForAnAnswerHeldBack() throws Exception {
        EmbeddedDynamoDb dynamo = EmbeddedDynamoDb.builder().latency(Duration.ofMinutes(1)).start();
        try (DynamoDbClient client = Clients.noRetries(dynamo.endpoint())) {
            CompletableFuture<?> held = CompletableFuture.runAsync(client::listTables);
            await("an answer held back").atMost(Duration.ofSeconds(10)).until(() -> holdsAnAnswer(dynamo));
            long start = System.nanoTime();
            dynamo.close();

            assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
            assertThatThrownBy(() -> held.get(30, TimeUnit.SECONDS)).hasCauseInstanceOf(SdkClientException.class);
        } finally {
            dynamo.close();
        }
    }

    /** Whether one of the engine's connection threads is holding an answer back until its due time. */
    private static boolean holdsAnAnswer(EmbeddedDynamoDb dynamo) {
        String threads = "embedded-dynamodb-" + dynamo.port() + "-";
        return Thread.getAllStackTraces().entrySet().stream()
                .filter(thread -> thread.getKey().getName().startsWith(threads))
                .anyMatch(thread -> Arrays.stream(thread.getValue()).anyMatch(frame ->
                        frame.getClassName().equals(HttpFrontEnd.class.getName())
                                && frame.getMethodName().equals("awaitDue")));
    }

    @Test
    void aLatencyBelowZeroOrAboveAMinuteIsRefused() {
        assertThatThrownBy(() -> EmbeddedDynamoDb.builder().latency(Duration.ofMillis(-1)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("latency must be between 0 and 60 s, was PT-0.001S");
        assertThatThrownBy(() -> EmbeddedDynamoDb.builder().latency(Duration.ofSeconds(61)))
                .hasMessage("latency must be between 0 and 60 s, was PT1M1S");
    }
}
