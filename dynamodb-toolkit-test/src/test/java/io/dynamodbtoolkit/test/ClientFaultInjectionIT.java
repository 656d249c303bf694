package io.dynamodbtoolkit.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.InternalServerErrorException;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

@DynamoDbTest
class ClientFaultInjectionIT {

    private static String table;
    private static String otherTable;

    @BeforeAll
    static void createTables(TestTables tables, DynamoDbClient client) {
        table = tables.create(Tables.simple("faults"));
        otherTable = tables.create(Tables.simple("faults-other"));
        for (int i = 0; i < 100; i++) {
            client.putItem(put(table, "read-" + i));
        }
        for (int i = 0; i < 50; i++) {
            client.putItem(put(otherTable, "read-" + i));
        }
    }

    private static Consumer<PutItemRequest.Builder> put(String tableName, String key) {
        return request -> request.tableName(tableName).item(item(key));
    }

    private static Map<String, AttributeValue> item(String key) {
        return Map.of("pk", AttributeValue.fromS(key), "v", AttributeValue.fromS("value of " + key),
                "extra", AttributeValue.fromS("not projected"));
    }

    private static Map<String, AttributeValue> key(String key) {
        return Map.of("pk", AttributeValue.fromS(key));
    }

    private static WriteRequest putRequest(String key) {
        return WriteRequest.builder().putRequest(put -> put.item(item(key))).build();
    }

    private static String keyOf(WriteRequest write) {
        return write.putRequest() != null
                ? write.putRequest().item().get("pk").s()
                : write.deleteRequest().key().get("pk").s();
    }

    /** table/key for every write request of a request or unprocessed map. */
    private static Set<String> writeKeys(Map<String, List<WriteRequest>> writes) {
        return writes.entrySet().stream()
                .flatMap(entry -> entry.getValue().stream().map(write -> entry.getKey() + "/" + keyOf(write)))
                .collect(Collectors.toSet());
    }

    private static Set<String> storedKeys(DynamoDbClient client, String prefix) {
        Set<String> keys = new HashSet<>();
        for (String tableName : List.of(table, otherTable)) {
            client.scanPaginator(request -> request.tableName(tableName)).items().forEach(item -> {
                if (item.get("pk").s().startsWith(prefix)) {
                    keys.add(tableName + "/" + item.get("pk").s());
                }
            });
        }
        return keys;
    }

    /** 25 puts: 15 into the main table, 10 into the other one. */
    private static BatchWriteItemRequest batchOfPuts(String prefix) {
        Map<String, List<WriteRequest>> items = new LinkedHashMap<>();
        items.put(table, IntStream.range(0, 15).mapToObj(i -> putRequest(prefix + "-" + i)).toList());
        items.put(otherTable, IntStream.range(15, 25).mapToObj(i -> putRequest(prefix + "-" + i)).toList());
        return BatchWriteItemRequest.builder().requestItems(items).build();
    }

    /** Whether each of {@code calls} GetItem calls was throttled. */
    private static List<Boolean> throttlingOutcomes(FaultInjectingDynamoDbClient faulty, int calls) {
        List<Boolean> outcomes = new ArrayList<>();
        for (int i = 0; i < calls; i++) {
            try {
                faulty.getItem(request -> request.tableName(table).key(key("read-1")));
                outcomes.add(false);
            } catch (ProvisionedThroughputExceededException e) {
                outcomes.add(true);
            }
        }
        return outcomes;
    }

    @Test
    void theSameSeedInjectsTheSameFaults(DynamoDbClient client) {
        ClientFaultInjection faults = ClientFaultInjection.builder().seed(7).throttlingRate(0.3).build();

        List<Boolean> first = throttlingOutcomes(faults.wrap(client), 200);
        List<Boolean> second = throttlingOutcomes(faults.wrap(client), 200);
        List<Boolean> otherSeed = throttlingOutcomes(ClientFaultInjection.builder().seed(8).throttlingRate(0.3).wrap(client),
                200);

        assertThat(first).isEqualTo(second).isNotEqualTo(otherSeed);
        assertThat(first.stream().filter(throttled -> throttled).count()).isBetween(40L, 80L);
    }

    @Test
    void throttlingFailsWithoutReachingTheServer(DynamoDbClient client, RequestLog log) {
        FaultInjectingDynamoDbClient faulty = ClientFaultInjection.builder().throttlingRate(1.0).wrap(client);

        assertThatThrownBy(() -> faulty.getItem(request -> request.tableName(table).key(key("read-1"))))
                .isInstanceOfSatisfying(ProvisionedThroughputExceededException.class, e -> {
                    assertThat(e.statusCode()).isEqualTo(400);
                    assertThat(e.isThrottlingException()).isTrue();
                    assertThat(e.awsErrorDetails().errorCode()).isEqualTo("ProvisionedThroughputExceededException");
                    assertThat(e.getMessage()).contains("GetItem");
                });
        assertThat(log.calls()).isEmpty();
        assertThat(faulty.injectedFaults(FaultKind.THROTTLING)).isEqualTo(1);
    }

    @Test
    void throttlingCanBeRestrictedToSomeOperationsAndCoversOverloadsAndPaginators(DynamoDbClient client) {
        FaultInjectingDynamoDbClient faulty = ClientFaultInjection.builder().throttlingRate(1.0, "Query").wrap(client);

        assertThat(faulty.getItem(request -> request.tableName(table).key(key("read-1"))).hasItem()).isTrue();
        assertThatThrownBy(() -> faulty.query(request -> request.tableName(table).keyConditionExpression("pk = :pk")
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS("read-1")))))
                .isInstanceOf(ProvisionedThroughputExceededException.class);
        assertThatThrownBy(() -> faulty.queryPaginator(request -> request.tableName(table)
                .keyConditionExpression("pk = :pk")
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS("read-1")))).items().iterator().hasNext())
                .isInstanceOf(ProvisionedThroughputExceededException.class);
        assertThat(faulty.injectedFaults(FaultKind.THROTTLING)).isEqualTo(2);
    }

    @Test
    void serverErrorsAreInternalServerErrorsWithStatus500(DynamoDbClient client, RequestLog log) {
        FaultInjectingDynamoDbClient faulty = ClientFaultInjection.builder().serverErrorRate(1.0).wrap(client);

        assertThatThrownBy(() -> faulty.putItem(put(table, "never-written")))
                .isInstanceOfSatisfying(InternalServerErrorException.class, e -> {
                    assertThat(e).isInstanceOf(DynamoDbException.class);
                    assertThat(e.statusCode()).isEqualTo(500);
                    assertThat(e.awsErrorDetails().errorCode()).isEqualTo("InternalServerError");
                    assertThat(e.isThrottlingException()).isFalse();
                });
        assertThat(log.calls()).isEmpty();
        assertThat(client.getItem(request -> request.tableName(table).key(key("never-written"))).hasItem()).isFalse();
        assertThat(faulty.injectedFaults(FaultKind.SERVER_ERROR)).isEqualTo(1);
        assertThat(faulty.injectedFaults()).isEqualTo(1);
    }

    @Test
    void unprocessedItemsAreExactlyTheOnesNotWritten(DynamoDbClient client, RequestLog log) {
        FaultInjectingDynamoDbClient faulty = ClientFaultInjection.builder().seed(3).unprocessedItemsRate(0.3).wrap(client);
        Set<String> expectedStored = new HashSet<>();
        int callsWithUnprocessed = 0;

        for (int batch = 0; batch < 40; batch++) {
            BatchWriteItemRequest request = batchOfPuts("write-" + batch);
            Set<String> requested = writeKeys(request.requestItems());
            log.clear();

            BatchWriteItemResponse response = faulty.batchWriteItem(request);

            Set<String> unprocessed = writeKeys(response.unprocessedItems());
            Set<String> processed = new HashSet<>(requested);
            processed.removeAll(unprocessed);
            assertThat(requested).containsAll(unprocessed);
            if (!unprocessed.isEmpty()) {
                callsWithUnprocessed++;
            }
            List<RecordedCall> sent = log.calls("BatchWriteItem");
            if (processed.isEmpty()) {
                assertThat(sent).as("nothing to send").isEmpty();
            } else {
                assertThat(sent).hasSize(1);
                assertThat(writeKeys(sent.get(0).request(BatchWriteItemRequest.class).requestItems()))
                        .as("what reached the server in batch %d", batch).isEqualTo(processed);
            }
            expectedStored.addAll(processed);
        }

        assertThat(faulty.injectedFaults(FaultKind.UNPROCESSED_ITEMS)).isEqualTo(callsWithUnprocessed);
        assertThat(callsWithUnprocessed).isBetween(6, 20);
        assertThat(storedKeys(client, "write-")).isEqualTo(expectedStored);
    }

    @Test
    void withheldDeletesLeaveTheirItemsInPlace(DynamoDbClient client) {
        List<String> keys = IntStream.range(0, 20).mapToObj(i -> "delete-" + i).toList();
        keys.forEach(key -> client.putItem(put(table, key)));
        FaultInjectingDynamoDbClient faulty = ClientFaultInjection.builder().seed(11).unprocessedItemsRate(1.0).wrap(client);

        BatchWriteItemResponse response = faulty.batchWriteItem(request -> request.requestItems(Map.of(table,
                keys.stream().map(key -> WriteRequest.builder().deleteRequest(delete -> delete.key(key(key))).build())
                        .toList())));

        Set<String> unprocessed = writeKeys(response.unprocessedItems());
        assertThat(unprocessed).isNotEmpty();
        assertThat(storedKeys(client, "delete-")).isEqualTo(unprocessed);
    }

    @Test
    void retryingUnprocessedItemsEventuallyWritesEverything(DynamoDbClient client) {
        FaultInjectingDynamoDbClient faulty = ClientFaultInjection.builder().seed(1).unprocessedItemsRate(0.7).wrap(client);
        BatchWriteItemRequest request = batchOfPuts("retry");
        Set<String> requested = writeKeys(request.requestItems());

        int attempts = 0;
        Map<String, List<WriteRequest>> pending = request.requestItems();
        while (!pending.isEmpty()) {
            Map<String, List<WriteRequest>> toSend = pending;
            pending = faulty.batchWriteItem(batch -> batch.requestItems(toSend)).unprocessedItems();
            attempts++;
            assertThat(attempts).isLessThan(100);
        }

        assertThat(attempts).isGreaterThan(1);
        assertThat(storedKeys(client, "retry-")).isEqualTo(requested);
    }

    @Test
    void unprocessedKeysAreExactlyTheOnesNotReadAndKeepTheirReadSettings(DynamoDbClient client) {
        FaultInjectingDynamoDbClient faulty = ClientFaultInjection.builder().seed(5).unprocessedKeysRate(0.3).wrap(client);
        int callsWithUnprocessed = 0;

        for (int batch = 0; batch < 20; batch++) {
            int first = batch * 5;
            List<Map<String, AttributeValue>> mainKeys = IntStream.range(first, first + 5)
                    .mapToObj(i -> key("read-" + i)).toList();
            List<Map<String, AttributeValue>> otherKeys = IntStream.range(first / 2, first / 2 + 3)
                    .mapToObj(i -> key("read-" + i)).toList();
            Map<String, KeysAndAttributes> requestItems = new LinkedHashMap<>();
            requestItems.put(table, KeysAndAttributes.builder().keys(mainKeys).consistentRead(true)
                    .projectionExpression("pk, v").build());
            requestItems.put(otherTable, KeysAndAttributes.builder().keys(otherKeys).build());
            Set<String> requested = new HashSet<>();
            mainKeys.forEach(key -> requested.add(table + "/" + key.get("pk").s()));
            otherKeys.forEach(key -> requested.add(otherTable + "/" + key.get("pk").s()));

            BatchGetItemResponse response = faulty.batchGetItem(BatchGetItemRequest.builder()
                    .requestItems(requestItems).build());

            Set<String> returned = new HashSet<>();
            response.responses().forEach((tableName, items) -> items.forEach(item -> {
                returned.add(tableName + "/" + item.get("pk").s());
                if (tableName.equals(table)) {
                    assertThat(item).as("projection honoured").containsOnlyKeys("pk", "v");
                }
            }));
            Set<String> unprocessed = new HashSet<>();
            response.unprocessedKeys().forEach((tableName, keys) -> {
                keys.keys().forEach(key -> unprocessed.add(tableName + "/" + key.get("pk").s()));
                assertThat(keys.toBuilder().keys((List<Map<String, AttributeValue>>) null).build())
                        .as("read settings of %s", tableName)
                        .isEqualTo(requestItems.get(tableName).toBuilder()
                                .keys((List<Map<String, AttributeValue>>) null).build());
            });
            assertThat(Collections.disjoint(returned, unprocessed)).as("returned and unprocessed overlap").isTrue();
            Set<String> union = new HashSet<>(returned);
            union.addAll(unprocessed);
            assertThat(union).as("batch %d", batch).isEqualTo(requested);
            if (!unprocessed.isEmpty()) {
                callsWithUnprocessed++;
            }
        }

        assertThat(faulty.injectedFaults(FaultKind.UNPROCESSED_KEYS)).isEqualTo(callsWithUnprocessed);
        assertThat(callsWithUnprocessed).isBetween(3, 12);
    }

    @Test
    void withholdingEveryKeyDoesNotCallTheServer(DynamoDbClient client, RequestLog log) {
        FaultInjectingDynamoDbClient faulty = ClientFaultInjection.builder().unprocessedKeysRate(1.0).wrap(client);

        BatchGetItemResponse response = faulty.batchGetItem(request -> request.requestItems(Map.of(table,
                KeysAndAttributes.builder().keys(key("read-1")).build())));

        assertThat(response.responses()).isEmpty();
        assertThat(response.unprocessedKeys().get(table).keys()).containsExactly(key("read-1"));
        assertThat(log.calls()).isEmpty();
    }

    @Test
    void theSameSeedWithholdsTheSameItems(DynamoDbClient client) {
        ClientFaultInjection faults = ClientFaultInjection.builder().seed(21).unprocessedItemsRate(0.5).build();
        List<Set<String>> withheld = unprocessedPerBatch(faults.wrap(client));

        assertThat(withheld).as("some items withheld, not all").anySatisfy(items -> assertThat(items).isNotEmpty())
                .anySatisfy(items -> assertThat(items).hasSizeLessThan(25));
        assertThat(unprocessedPerBatch(faults.wrap(client))).as("the same seed").isEqualTo(withheld);
        assertThat(unprocessedPerBatch(ClientFaultInjection.builder().seed(22).unprocessedItemsRate(0.5).build()
                .wrap(client))).as("another seed").isNotEqualTo(withheld);
    }

    private static List<Set<String>> unprocessedPerBatch(FaultInjectingDynamoDbClient faulty) {
        return IntStream.range(0, 10)
                .mapToObj(batch -> writeKeys(faulty.batchWriteItem(batchOfPuts("same-" + batch)).unprocessedItems()))
                .toList();
    }

    @Test
    void countersCountPerKindAndReset(DynamoDbClient client) {
        FaultInjectingDynamoDbClient faulty = ClientFaultInjection.builder().throttlingRate(1.0, "GetItem")
                .serverErrorRate(1.0, "PutItem").wrap(client);

        for (int call = 0; call < 2; call++) {
            assertThatThrownBy(() -> faulty.getItem(request -> request.tableName(table).key(key("read-1"))))
                    .isInstanceOf(ProvisionedThroughputExceededException.class).hasMessageContaining("Injected fault");
        }
        assertThatThrownBy(() -> faulty.putItem(put(table, "x"))).isInstanceOf(InternalServerErrorException.class)
                .hasMessageContaining("Injected fault");
        assertThat(faulty.injectedFaults(FaultKind.THROTTLING)).isEqualTo(2);
        assertThat(faulty.injectedFaults(FaultKind.SERVER_ERROR)).isEqualTo(1);
        assertThat(faulty.injectedFaults(FaultKind.UNPROCESSED_ITEMS)).isZero();
        assertThat(faulty.injectedFaults()).isEqualTo(3);

        faulty.resetInjectedFaults();

        assertThat(faulty.injectedFaults()).isZero();
    }

    @Test
    void withoutFaultsEverythingReachesTheServerIncludingTheWaiter(DynamoDbClient client, RequestLog log) {
        FaultInjectingDynamoDbClient faulty = ClientFaultInjection.builder().wrap(client);

        faulty.putItem(put(table, "plain"));
        assertThat(faulty.waiter().waitUntilTableExists(request -> request.tableName(table)).matched().response())
                .isPresent();
        assertThat(faulty.listTables().tableNames()).contains(table);

        assertThat(log.calls()).extracting(RecordedCall::operation)
                .containsExactly("PutItem", "DescribeTable", "ListTables");
        assertThat(faulty.injectedFaults()).isZero();
    }

    @Test
    void closingTheWrapperLeavesTheWrappedClientOpen(DynamoDbClient client) {
        FaultInjectingDynamoDbClient faulty = ClientFaultInjection.builder().wrap(client);

        faulty.close();

        assertThat(faulty.delegate()).isSameAs(client);
        assertThat(client.listTables().tableNames()).contains(table);
        assertThat(faulty.serviceName()).isEqualTo(client.serviceName());
        assertThat(faulty.equals(faulty)).as("equal to itself").isTrue();
        assertThat(faulty.equals(client)).as("equal to the client it wraps").isFalse();
        assertThat(faulty.equals(ClientFaultInjection.builder().wrap(client))).as("equal to another wrapper").isFalse();
        assertThat(faulty).hasToString("FaultInjectingDynamoDbClient(" + client + ")");
    }

    @Test
    void rejectsRatesOutsideZeroToOne() {
        assertThatThrownBy(() -> ClientFaultInjection.builder().throttlingRate(1.5))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("throttlingRate must be a probability between 0 and 1, was 1.5");
        assertThatThrownBy(() -> ClientFaultInjection.builder().unprocessedItemsRate(-0.1))
                .hasMessageStartingWith("unprocessedItemsRate must be a probability");
        assertThatThrownBy(() -> ClientFaultInjection.builder().serverErrorRate(Double.NaN))
                .hasMessageStartingWith("serverErrorRate must be a probability");
    }

    @Test
    void rejectsUnknownOperationNames() {
        assertThatThrownBy(() -> ClientFaultInjection.builder().throttlingRate(0.1, "query"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Unknown DynamoDB operation 'query' given to throttlingRate")
                .hasMessageContaining("BatchWriteItem");
    }
}
