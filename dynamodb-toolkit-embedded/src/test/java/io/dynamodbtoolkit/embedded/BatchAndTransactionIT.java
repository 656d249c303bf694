package io.dynamodbtoolkit.embedded;

import io.dynamodbtoolkit.embedded.support.EmbeddedServer;
import io.dynamodbtoolkit.embedded.support.TableNames;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.IdempotentParameterMismatchException;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static io.dynamodbtoolkit.embedded.support.Tables.n;
import static io.dynamodbtoolkit.embedded.support.Tables.s;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@EmbeddedServer
class BatchAndTransactionIT {

    private static String table;

    @BeforeAll
    static void createTable(DynamoDbClient client, TableNames names) {
        table = names.next();
        io.dynamodbtoolkit.embedded.support.Tables.create(client, table, "pk", ScalarAttributeType.S, null, null);
    }

    private static WriteRequest put(String pk, AttributeValue value) {
        return WriteRequest.builder().putRequest(p -> p.item(Map.of("pk", s(pk), "v", value))).build();
    }

    private static Map<String, AttributeValue> key(String pk) {
        return Map.of("pk", s(pk));
    }

    @Test
    void batchWriteThenBatchGetRoundTrips(DynamoDbClient client) {
        List<WriteRequest> writes = new ArrayList<>();
        for (int i = 0; i < 25; i++) {
            writes.add(put("batch" + i, n(i)));
        }
        assertThat(client.batchWriteItem(b -> b.requestItems(Map.of(table, writes))).unprocessedItems()).isEmpty();
        List<Map<String, AttributeValue>> keys = new ArrayList<>();
        for (int i = 0; i < 25; i++) {
            keys.add(key("batch" + i));
        }
        keys.add(key("batch-missing"));

        BatchGetItemResponse response = client.batchGetItem(b -> b.requestItems(Map.of(table,
                KeysAndAttributes.builder().keys(keys).projectionExpression("v").build())));

        assertThat(response.responses().get(table)).hasSize(25)
                .allSatisfy(item -> assertThat(item).containsOnlyKeys("v"));
        assertThat(response.unprocessedKeys()).isEmpty();
    }

    @Test
    void batchLimitsAndDuplicatesAreRejected(DynamoDbClient client) {
        List<WriteRequest> tooMany = new ArrayList<>();
        for (int i = 0; i < 26; i++) {
            tooMany.add(put("many" + i, n(i)));
        }
        assertThatThrownBy(() -> client.batchWriteItem(b -> b.requestItems(Map.of(table, tooMany))))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageContaining("Member must have length less than or equal to 25");
        assertThatThrownBy(() -> client.batchWriteItem(b -> b.requestItems(Map.of(table,
                List.of(put("dup", n(1)), put("dup", n(2)))))))
                .hasMessageContaining("Provided list of item keys contains duplicates");
        List<Map<String, AttributeValue>> keys = new ArrayList<>();
        for (int i = 0; i < 101; i++) {
            keys.add(key("k" + i));
        }
        assertThatThrownBy(() -> client.batchGetItem(b -> b.requestItems(Map.of(table,
                KeysAndAttributes.builder().keys(keys).build()))))
                .hasMessageContaining("Too many items requested for the BatchGetItem call");
    }

    @Test
    void transactionIsAllOrNothingWithCancellationReasonsPerAction(DynamoDbClient client) {
        client.putItem(b -> b.tableName(table).item(Map.of("pk", s("tx-existing"), "v", n(1))));

        assertThatThrownBy(() -> client.transactWriteItems(b -> b.transactItems(
                TransactWriteItem.builder().put(p -> p.tableName(table).item(Map.of("pk", s("tx-new"), "v", n(1))))
                        .build(),
                TransactWriteItem.builder().conditionCheck(c -> c.tableName(table).key(key("tx-existing"))
                        .conditionExpression("v = :two").expressionAttributeValues(Map.of(":two", n(2)))
                        .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)).build())))
                .isInstanceOfSatisfying(TransactionCanceledException.class, e -> {
                    assertThat(e.cancellationReasons()).extracting(CancellationReason::code)
                            .containsExactly("None", "ConditionalCheckFailed");
                    assertThat(e.cancellationReasons().get(1).item()).containsEntry("v", n(1));
                    assertThat(e.getMessage()).contains("[None, ConditionalCheckFailed]");
                });
        assertThat(client.getItem(b -> b.tableName(table).key(key("tx-new"))).hasItem()).isFalse();

        client.transactWriteItems(b -> b.transactItems(
                TransactWriteItem.builder().put(p -> p.tableName(table).item(Map.of("pk", s("tx-new"), "v", n(1))))
                        .build(),
                TransactWriteItem.builder().update(u -> u.tableName(table).key(key("tx-existing"))
                        .updateExpression("SET v = v + :one").conditionExpression("v = :one")
                        .expressionAttributeValues(Map.of(":one", n(1)))).build(),
                TransactWriteItem.builder().delete(d -> d.tableName(table).key(key("tx-gone"))).build()));

        TransactGetItemsResponse read = client.transactGetItems(b -> b.transactItems(
                t -> t.get(g -> g.tableName(table).key(key("tx-new"))),
                t -> t.get(g -> g.tableName(table).key(key("tx-existing"))),
                t -> t.get(g -> g.tableName(table).key(key("tx-gone")))));
        assertThat(read.responses().get(0).item()).containsEntry("v", n(1));
        assertThat(read.responses().get(1).item()).containsEntry("v", n(2));
        assertThat(read.responses().get(2).hasItem()).isFalse();
    }

    @Test
    void anUpdateThatCannotApplyCancelsTheTransactionWithAValidationError(DynamoDbClient client) {
        client.putItem(b -> b.tableName(table).item(Map.of("pk", s("tx-text"), "v", s("not a number"))));

        assertThatThrownBy(() -> client.transactWriteItems(b -> b.transactItems(
                TransactWriteItem.builder().put(p -> p.tableName(table).item(Map.of("pk", s("tx-other")))).build(),
                TransactWriteItem.builder().update(u -> u.tableName(table).key(key("tx-text"))
                        .updateExpression("SET v = v + :one").expressionAttributeValues(Map.of(":one", n(1))))
                        .build())))
                .isInstanceOfSatisfying(TransactionCanceledException.class, e -> {
                    assertThat(e.cancellationReasons()).extracting(CancellationReason::code)
                            .containsExactly("None", "ValidationError");
                    assertThat(e.cancellationReasons().get(1).message())
                            .isEqualTo("An operand in the update expression has an incorrect data type");
                });
        assertThat(client.getItem(b -> b.tableName(table).key(key("tx-other"))).hasItem()).isFalse();
    }

    @Test
    void transactionsHoldAtMostOneHundredActions(DynamoDbClient client) {
        List<TransactWriteItem> actions = new ArrayList<>();
        for (int i = 0; i < 101; i++) {
            String pk = "limit-" + i;
            actions.add(TransactWriteItem.builder().put(p -> p.tableName(table).item(Map.of("pk", s(pk)))).build());
        }

        assertThatThrownBy(() -> client.transactWriteItems(b -> b.transactItems(actions)))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageContaining("Member must have length less than or equal to 100");
    }

    @Test
    void transactionRejectsTwoActionsOnOneItem(DynamoDbClient client) {
        TransactWriteItem put = TransactWriteItem.builder().put(Put.builder().tableName(table)
                .item(Map.of("pk", s("twice"))).build()).build();
        TransactWriteItem delete = TransactWriteItem.builder().delete(d -> d.tableName(table).key(key("twice")))
                .build();

        assertThatThrownBy(() -> client.transactWriteItems(b -> b.transactItems(put, delete)))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageContaining("Transaction request cannot include multiple operations on one item");
    }

    @Test
    void clientRequestTokenMakesRetriesIdempotent(DynamoDbClient client) {
        client.putItem(b -> b.tableName(table).item(Map.of("pk", s("counter"), "v", n(0))));
        TransactWriteItem increment = TransactWriteItem.builder().update(u -> u.tableName(table).key(key("counter"))
                .updateExpression("ADD v :one").expressionAttributeValues(Map.of(":one", n(1)))).build();

        client.transactWriteItems(b -> b.transactItems(increment).clientRequestToken("token-1"));
        client.transactWriteItems(b -> b.transactItems(increment).clientRequestToken("token-1"));

        assertThat(client.getItem(b -> b.tableName(table).key(key("counter"))).item()).containsEntry("v", n(1));
        TransactWriteItem other = TransactWriteItem.builder().delete(d -> d.tableName(table).key(key("counter")))
                .build();
        assertThatThrownBy(() -> client.transactWriteItems(b -> b.transactItems(other).clientRequestToken("token-1")))
                .isInstanceOf(IdempotentParameterMismatchException.class);
    }

    @Test
    void transactionsAreIsolatedFromConcurrentWriters(DynamoDbClient client) throws Exception {
        client.putItem(b -> b.tableName(table).item(Map.of("pk", s("acct-a"), "v", n(1000))));
        client.putItem(b -> b.tableName(table).item(Map.of("pk", s("acct-b"), "v", n(0))));
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                futures.add(pool.submit(() -> {
                    for (int i = 0; i < 50; i++) {
                        client.transactWriteItems(b -> b.transactItems(
                                TransactWriteItem.builder().update(u -> u.tableName(table).key(key("acct-a"))
                                        .updateExpression("SET v = v - :one")
                                        .expressionAttributeValues(Map.of(":one", n(1)))).build(),
                                TransactWriteItem.builder().update(u -> u.tableName(table).key(key("acct-b"))
                                        .updateExpression("SET v = v + :one")
                                        .expressionAttributeValues(Map.of(":one", n(1)))).build()));
                    }
                }));
                futures.add(pool.submit(() -> {
                    for (int i = 0; i < 50; i++) {
                        TransactGetItemsResponse read = client.transactGetItems(b -> b.transactItems(
                                g -> g.get(x -> x.tableName(table).key(key("acct-a"))),
                                g -> g.get(x -> x.tableName(table).key(key("acct-b")))));
                        long sum = Long.parseLong(read.responses().get(0).item().get("v").n())
                                + Long.parseLong(read.responses().get(1).item().get("v").n());
                        assertThat(sum).isEqualTo(1000);
                    }
                }));
            }
            for (Future<?> future : futures) {
                future.get(60, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(client.getItem(b -> b.tableName(table).key(key("acct-b"))).item()).containsEntry("v", n(200));
    }
}
