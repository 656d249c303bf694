package io.dynamodbtoolkit.embedded;

import io.dynamodbtoolkit.embedded.support.Clients;
import io.dynamodbtoolkit.embedded.support.Tables;
import io.dynamodbtoolkit.test.MutableClock;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.waiters.WaiterResponse;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableResponse;
import software.amazon.awssdk.services.dynamodb.model.IndexStatus;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ResourceInUseException;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.greaterThanOrEqualTo;

/**
 * The table status lifecycle option: tables stay CREATING, UPDATING or DELETING for a while, for code that waits on
 * the status (off by default: changes are immediate).
 */
class TableStatusIT {

    private static final java.util.function.Consumer<software.amazon.awssdk.core.waiters.WaiterOverrideConfiguration
            .Builder> FAST_POLLING = o -> o.maxAttempts(1000).backoffStrategy(
            software.amazon.awssdk.core.retry.backoff.FixedDelayBackoffStrategy.create(Duration.ofMillis(50)));

    @Test
    void tablesAreCreatingThenActiveUpdatingThenActiveAndDeletingThenGone() {
        MutableClock clock = new MutableClock(Instant.parse("2026-01-01T00:00:00Z"));
        try (EmbeddedDynamoDb dynamo = EmbeddedDynamoDb.builder().clock(clock).tableStatusDelay(Duration.ofSeconds(5))
                .ttlSweepInterval(Duration.ZERO).start();
             DynamoDbClient client = Clients.noRetries(dynamo.endpoint())) {
            Tables.create(client, "lifecycle", "pk", ScalarAttributeType.S, null, null);

            assertThat(status(client)).isEqualTo(TableStatus.CREATING);
            assertThatThrownBy(() -> client.putItem(b -> b.tableName("lifecycle").item(Map.of("pk", Tables.s("a")))))
                    .isInstanceOf(ResourceNotFoundException.class);
            assertThatThrownBy(() -> client.deleteTable(b -> b.tableName("lifecycle")))
                    .isInstanceOf(ResourceInUseException.class)
                    .hasMessageContaining("Attempt to change a resource which is still in use: Table is being created:"
                            + " lifecycle");

            clock.advance(Duration.ofSeconds(5));
            assertThat(status(client)).isEqualTo(TableStatus.ACTIVE);
            client.putItem(b -> b.tableName("lifecycle").item(Map.of("pk", Tables.s("a"), "g", Tables.s("x"))));

            client.updateTable(b -> b.tableName("lifecycle")
                    .attributeDefinitions(Tables.attribute("g", ScalarAttributeType.S))
                    .globalSecondaryIndexUpdates(u -> u.create(c -> c.indexName("byG").keySchema(Tables.hash("g"))
                            .projection(p -> p.projectionType(ProjectionType.ALL)))));
            DescribeTableResponse updating = client.describeTable(b -> b.tableName("lifecycle"));
            assertThat(updating.table().tableStatus()).isEqualTo(TableStatus.UPDATING);
            assertThat(updating.table().globalSecondaryIndexes().get(0).indexStatus()).isEqualTo(IndexStatus.CREATING);
            assertThat(updating.table().globalSecondaryIndexes().get(0).backfilling()).isTrue();
            assertThat(client.getItem(b -> b.tableName("lifecycle").key(Map.of("pk", Tables.s("a")))).hasItem())
                    .as("data operations go on while UPDATING").isTrue();

            clock.advance(Duration.ofSeconds(5));
            assertThat(client.describeTable(b -> b.tableName("lifecycle")).table().globalSecondaryIndexes().get(0)
                    .indexStatus()).isEqualTo(IndexStatus.ACTIVE);
            assertThat(client.deleteTable(b -> b.tableName("lifecycle")).tableDescription().tableStatus())
                    .isEqualTo(TableStatus.DELETING);
            assertThat(status(client)).isEqualTo(TableStatus.DELETING);
            assertThat(client.listTables().tableNames()).containsExactly("lifecycle");
            assertThatThrownBy(() -> Tables.create(client, "lifecycle", "pk", ScalarAttributeType.S, null, null))
                    .isInstanceOf(ResourceInUseException.class);

            clock.advance(Duration.ofSeconds(5));
            assertThatThrownBy(() -> status(client)).isInstanceOf(ResourceNotFoundException.class);
            assertThat(client.listTables().tableNames()).isEmpty();
        }
    }

    @Test
    void theSdkWaitersWaitForTheStatus() throws Exception {
        MutableClock clock = new MutableClock(Instant.parse("2026-01-01T00:00:00Z"));
        AtomicInteger describes = new AtomicInteger();
        ExecutionInterceptor countDescribes = new ExecutionInterceptor() {
            @Override
            public void afterExecution(Context.AfterExecution context, ExecutionAttributes attributes) {
                if (context.request() instanceof DescribeTableRequest) {
                    describes.incrementAndGet();
                }
            }
        };
        try (EmbeddedDynamoDb dynamo = EmbeddedDynamoDb.builder().clock(clock).tableStatusDelay(Duration.ofSeconds(30))
                .ttlSweepInterval(Duration.ZERO).start();
             DynamoDbClient client = Clients.client(dynamo.endpoint(), countDescribes)) {
            Tables.create(client, "waited", "pk", ScalarAttributeType.S, null, null);
            describes.set(0);
            CompletableFuture<WaiterResponse<DescribeTableResponse>> exists = CompletableFuture.supplyAsync(
                    () -> client.waiter().waitUntilTableExists(b -> b.tableName("waited"), FAST_POLLING));

            // the clock stands still, so the table stays CREATING: a waiter that polled twice saw it and went on
            await().atMost(Duration.ofSeconds(10)).untilAtomic(describes, greaterThanOrEqualTo(2));
            assertThat(exists).as("the waiter waits while the table is CREATING").isNotDone();
            clock.advance(Duration.ofSeconds(30));
            assertThat(exists.get(10, TimeUnit.SECONDS).matched().response().orElseThrow().table().tableStatus())
                    .isEqualTo(TableStatus.ACTIVE);

            client.deleteTable(b -> b.tableName("waited"));
            describes.set(0);
            CompletableFuture<WaiterResponse<DescribeTableResponse>> gone = CompletableFuture.supplyAsync(
                    () -> client.waiter().waitUntilTableNotExists(b -> b.tableName("waited"), FAST_POLLING));
            await().atMost(Duration.ofSeconds(10)).untilAtomic(describes, greaterThanOrEqualTo(2));
            assertThat(gone).as("the waiter waits while the table is DELETING").isNotDone();
            clock.advance(Duration.ofSeconds(30));
            assertThat(gone.get(10, TimeUnit.SECONDS).matched().exception())
                    .containsInstanceOf(ResourceNotFoundException.class);
        }
    }

    @Test
    void byDefaultChangesAreImmediate() {
        try (EmbeddedDynamoDb dynamo = EmbeddedDynamoDb.start();
             DynamoDbClient client = Clients.noRetries(dynamo.endpoint())) {
            Tables.create(client, "immediate", "pk", ScalarAttributeType.S, null, null);
            assertThat(client.describeTable(b -> b.tableName("immediate")).table().tableStatus())
                    .isEqualTo(TableStatus.ACTIVE);
            client.deleteTable(b -> b.tableName("immediate"));
            assertThat(client.listTables().tableNames()).isEmpty();
        }
    }

    private static TableStatus status(DynamoDbClient client) {
        return client.describeTable(b -> b.tableName("lifecycle")).table().tableStatus();
    }
}
