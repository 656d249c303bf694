package io.dynamodbtoolkit.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.Select;

@DynamoDbTest
class RequestLogIT {

    private static String table;

    @BeforeAll
    static void createAndFillTable(TestTables tables, DynamoDbClient client) {
        table = tables.create(TableSpec.named("log")
                .partitionKey("pk", ScalarAttributeType.S)
                .sortKey("sk", ScalarAttributeType.S)
                .globalIndex("by-kind", "kind", ScalarAttributeType.S, "sk", ScalarAttributeType.S, ProjectionType.ALL));
        IntStream.range(0, 10).forEach(i -> client.putItem(request -> request.tableName(table).item(item("p1", i))));
        client.putItem(request -> request.tableName(table).item(item("p2", 0)));
    }

    private static Map<String, AttributeValue> item(String partition, int i) {
        return Map.of(
                "pk", AttributeValue.fromS(partition),
                "sk", AttributeValue.fromS(String.format("%03d", i)),
                "kind", AttributeValue.fromS(i % 2 == 0 ? "even" : "odd"),
                "n", AttributeValue.fromN(Integer.toString(i)));
    }

    @BeforeEach
    void callsBeforeTheTestAreNotLogged(DynamoDbClient client) {
        client.getItem(request -> request.tableName(table).key(Map.of(
                "pk", AttributeValue.fromS("p1"), "sk", AttributeValue.fromS("000"))));
    }

    @Test
    void theLogIsClearedRightBeforeEachTest(RequestLog log) {
        assertThat(log.calls()).isEmpty();
    }

    @Test
    void recordsOperationRequestAndResponseInOrder(DynamoDbClient client, RequestLog log) {
        client.putItem(request -> request.tableName(table).item(item("p3", 1)));
        client.getItem(request -> request.tableName(table).key(Map.of(
                "pk", AttributeValue.fromS("p3"), "sk", AttributeValue.fromS("001"))));

        assertThat(log.calls()).extracting(RecordedCall::operation).containsExactly("PutItem", "GetItem");
        RecordedCall get = log.calls("GetItem").get(0);
        assertThat(get.succeeded()).isTrue();
        assertThat(get.failure()).isNull();
        assertThat(get.request(GetItemRequest.class).tableName()).isEqualTo(table);
        assertThat(get.response(GetItemResponse.class).item()).containsEntry("n", AttributeValue.fromN("1"));
    }

    @Test
    void recordsFailedCallsWithTheirException(DynamoDbClient client, RequestLog log) {
        assertThatThrownBy(() -> client.describeTable(request -> request.tableName("no-such-table-" + table)))
                .isInstanceOf(ResourceNotFoundException.class);

        RecordedCall call = log.calls().get(0);
        assertThat(call.operation()).isEqualTo("DescribeTable");
        assertThat(call.succeeded()).isFalse();
        assertThat(call.response()).isNull();
        assertThat(call.failure()).isInstanceOf(ResourceNotFoundException.class);
    }

    @Test
    void filtersByOperationAndClears(DynamoDbClient client, RequestLog log) {
        client.listTables();
        query(client, "p2");
        client.listTables();

        assertThat(log.calls("ListTables")).hasSize(2);
        assertThat(log.calls("Query")).hasSize(1);
        assertThat(log.calls("Scan")).isEmpty();

        log.clear();
        assertThat(log.calls()).isEmpty();
    }

    @Test
    void tableManagementIsNotLogged(TestTables tables, RequestLog log) {
        tables.create(Tables.simple("unlogged"));

        assertThat(log.calls()).isEmpty();
    }

    @Test
    void recordsCallsMadeConcurrently(DynamoDbClient client, RequestLog log) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            var futures = IntStream.range(0, 80).mapToObj(i -> pool.submit(() -> client.listTables())).toList();
            for (Future<?> future : futures) {
                future.get();
            }
        } finally {
            pool.shutdown();
        }

        assertThat(log.calls("ListTables")).hasSize(80);
    }

    @Test
    void aKeyOnlyQueryHasNoReadAmplification(DynamoDbClient client, RequestLog log) {
        QueryResponse response = query(client, "p1");

        assertThat(response.count()).isEqualTo(10);
        assertThatCode(log::assertNoReadAmplification).doesNotThrowAnyException();
    }

    @Test
    void aKeyConditionOnTheSortKeyAndAnIndexQueryHaveNoReadAmplification(DynamoDbClient client, RequestLog log) {
        client.query(request -> request.tableName(table)
                .keyConditionExpression("pk = :pk AND begins_with(sk, :prefix)")
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS("p1"), ":prefix", AttributeValue.fromS("00"))));
        client.query(request -> request.tableName(table).indexName("by-kind")
                .keyConditionExpression("kind = :kind")
                .expressionAttributeValues(Map.of(":kind", AttributeValue.fromS("odd"))));
        client.query(request -> request.tableName(table).select(Select.COUNT)
                .keyConditionExpression("pk = :pk")
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS("p1"))));

        assertThatCode(log::assertNoReadAmplification).doesNotThrowAnyException();
    }

    @Test
    void aQueryWhoseFilterDiscardsItemsFailsTheAssertionNamingTheRequest(DynamoDbClient client, RequestLog log) {
        query(client, "p2");
        QueryResponse filtered = client.query(request -> request.tableName(table)
                .keyConditionExpression("pk = :pk")
                .filterExpression("kind = :kind")
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS("p1"), ":kind", AttributeValue.fromS("odd"))));
        assertThat(filtered.scannedCount()).isEqualTo(10);
        assertThat(filtered.count()).isEqualTo(5);

        assertThatThrownBy(log::assertNoReadAmplification)
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("Read amplification: 1 of 2 Query/Scan call(s)")
                .hasMessageContaining("Query: ScannedCount=10, Count=5")
                .hasMessageContaining("TableName=" + table)
                .hasMessageContaining("FilterExpression=kind = :kind");
    }

    @Test
    void aFilteredQueryThatHappensToDiscardNothingPasses(DynamoDbClient client, RequestLog log) {
        client.query(request -> request.tableName(table)
                .keyConditionExpression("pk = :pk")
                .filterExpression("attribute_exists(kind)")
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS("p1"))));

        assertThatCode(log::assertNoReadAmplification).doesNotThrowAnyException();
    }

    @Test
    void aScanThatDiscardsItemsFailsAndAFullScanPasses(DynamoDbClient client, RequestLog log) {
        client.scan(request -> request.tableName(table));
        assertThatCode(log::assertNoReadAmplification).doesNotThrowAnyException();

        client.scan(request -> request.tableName(table).filterExpression("n > :n")
                .expressionAttributeValues(Map.of(":n", AttributeValue.fromN("7"))));

        assertThatThrownBy(log::assertNoReadAmplification)
                .hasMessageContaining("Read amplification: 1 of 2 Query/Scan call(s)")
                .hasMessageContaining("Scan: ScannedCount=11, Count=2");
    }

    @Test
    void clearingForgetsEarlierAmplification(DynamoDbClient client, RequestLog log) {
        client.scan(request -> request.tableName(table).filterExpression("n > :n")
                .expressionAttributeValues(Map.of(":n", AttributeValue.fromN("7"))));
        log.clear();

        assertThatCode(log::assertNoReadAmplification).doesNotThrowAnyException();
    }

    @Test
    void recordsAnyClientThatCarriesItsInterceptor(DynamoDbEndpoint endpoint) {
        RequestLog ownLog = new RequestLog();
        try (DynamoDbClient own = endpoint.clientBuilder()
                .overrideConfiguration(configuration -> configuration.addExecutionInterceptor(ownLog.interceptor()))
                .build()) {
            own.scan(request -> request.tableName(table).filterExpression("n > :n")
                    .expressionAttributeValues(Map.of(":n", AttributeValue.fromN("7"))));
        }

        assertThat(ownLog.calls()).extracting(RecordedCall::operation).containsExactly("Scan");
        assertThatThrownBy(ownLog::assertNoReadAmplification).hasMessageContaining("ScannedCount=11, Count=2");
    }

    private static QueryResponse query(DynamoDbClient client, String partition) {
        return client.query(QueryRequest.builder().tableName(table)
                .keyConditionExpression("pk = :pk")
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS(partition)))
                .build());
    }
}
