package io.dynamodbtoolkit.embedded;

import io.dynamodbtoolkit.embedded.fault.FaultInjection;
import io.dynamodbtoolkit.embedded.support.Clients;
import io.dynamodbtoolkit.embedded.support.EmbeddedServer;
import io.dynamodbtoolkit.embedded.support.TableNames;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static io.dynamodbtoolkit.embedded.support.Tables.s;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@EmbeddedServer
class FaultInjectionIT {

    private static List<String> runBatches(long seed, TableNames names) {
        List<String> unprocessed = new ArrayList<>();
        try (EmbeddedDynamoDb dynamo = EmbeddedDynamoDb.start();
             DynamoDbClient client = Clients.noRetries(dynamo.endpoint())) {
            String table = names.next();
            io.dynamodbtoolkit.embedded.support.Tables.create(client, table, "pk", ScalarAttributeType.S, null, null);
            dynamo.faultInjection(FaultInjection.builder(seed).unprocessed("BatchWriteItem", 0.3).build());
            for (int batch = 0; batch < 4; batch++) {
                List<WriteRequest> writes = new ArrayList<>();
                for (int i = 0; i < 25; i++) {
                    String pk = batch + "-" + i;
                    writes.add(WriteRequest.builder().putRequest(p -> p.item(Map.of("pk", s(pk)))).build());
                }
                BatchWriteItemResponse response = client.batchWriteItem(b -> b.requestItems(Map.of(table, writes)));
                for (WriteRequest left : response.unprocessedItems().getOrDefault(table, List.of())) {
                    unprocessed.add(left.putRequest().item().get("pk").s());
                }
            }
            dynamo.faultInjection(FaultInjection.none());
            int stored = client.scan(b -> b.tableName(table)).count();
            assertThat(stored).isEqualTo(100 - unprocessed.size());
        }
        return unprocessed;
    }

    @Test
    void unprocessedItemsAreSeededAndDeterministic(TableNames names) {
        List<String> first = runBatches(7, names);
        List<String> second = runBatches(7, names);
        List<String> other = runBatches(8, names);

        assertThat(first).isNotEmpty().hasSizeLessThan(60).isEqualTo(second);
        assertThat(other).isNotEqualTo(first);
    }

    @Test
    void throttlingAndServerErrorsAreInjectedPerOperation(TableNames names) {
        try (EmbeddedDynamoDb dynamo = EmbeddedDynamoDb.builder()
                .faultInjection(FaultInjection.builder(1).throttle("PutItem", 1.0).serverError("GetItem", 1.0).build())
                .start();
             DynamoDbClient client = Clients.noRetries(dynamo.endpoint())) {
            String table = names.next();
            io.dynamodbtoolkit.embedded.support.Tables.create(client, table, "pk", ScalarAttributeType.S, null, null);
            Map<String, AttributeValue> item = Map.of("pk", s("a"));

            assertThatThrownBy(() -> client.putItem(b -> b.tableName(table).item(item)))
                    .isInstanceOf(ProvisionedThroughputExceededException.class);
            assertThatThrownBy(() -> client.getItem(b -> b.tableName(table).key(item)))
                    .isInstanceOfSatisfying(DynamoDbException.class, e -> assertThat(e.statusCode()).isEqualTo(500));
            assertThat(client.scan(b -> b.tableName(table)).count()).isZero();
        }
    }

    @Test
    void theSdkRetriesInjectedThrottlingUntilItSucceeds(TableNames names) {
        try (EmbeddedDynamoDb dynamo = EmbeddedDynamoDb.builder()
                .faultInjection(FaultInjection.builder(3).throttle("*", 0.5).build()).start();
             DynamoDbClient client = Clients.client(dynamo.endpoint())) {
            String table = names.next();
            io.dynamodbtoolkit.embedded.support.Tables.create(client, table, "pk", ScalarAttributeType.S, null, null);
            for (int i = 0; i < 10; i++) {
                String pk = "p" + i;
                client.putItem(b -> b.tableName(table).item(Map.of("pk", s(pk))));
            }
            dynamo.faultInjection(FaultInjection.none());
            assertThat(client.scan(b -> b.tableName(table)).count()).isEqualTo(10);
        }
    }
}
