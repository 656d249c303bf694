package io.dynamodbtoolkit.adapter;

import static io.dynamodbtoolkit.adapter.Rentals.item;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.stream.IntStream;

import io.dynamodbtoolkit.batch.RetryPolicy;
import io.dynamodbtoolkit.transaction.TransactionCancelledException;
import io.dynamodbtoolkit.transaction.TransactionTooLargeException;
import io.dynamodbtoolkit.expression.Condition;
import io.dynamodbtoolkit.expression.ExpressionRequest;
import io.dynamodbtoolkit.expression.Update;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.FaultInjectingDynamoDbClient;
import io.dynamodbtoolkit.test.ClientFaultInjection;
import io.dynamodbtoolkit.test.RecordedCall;
import io.dynamodbtoolkit.test.RequestLog;
import io.dynamodbtoolkit.test.TableSpec;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.ConditionCheck;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * The consistency hook against a real server: a vehicle write keeps its facility's vehicle count (and a patch
 * writes an audit record) in the same TransactWriteItems; cancellations name the action that failed; oversized
 * transactions are refused before sending; the idempotency token is sent and kept across retries.
 */
@DynamoDbTest
class TransactionIT {

    private static final TableSpec AUDIT = TableSpec.named("audit").partitionKey("id", ScalarAttributeType.S);
    private static final KeyValues DALLAS = KeyValues.of("state", "TX", "facility", "Dallas");
    private static final KeyValues CAR = DALLAS.and("vin", "1HGC0001");
    private static final RetryPolicy QUICK = RetryPolicy.DEFAULT.withDelays(Duration.ofMillis(1), Duration.ofMillis(4));

    private DynamoDbClient client;
    private String sites;
    private String audit;
    private Adapter<Map<String, Object>> rentals;

    @BeforeEach
    void createTables(DynamoDbClient client, TestTables tables) {
        this.client = client;
        this.sites = tables.create(Rentals.TABLE);
        this.audit = tables.create(AUDIT);
        this.rentals = adapter(client, Hooks.NONE.withConsistency(this::fleetCount));
        rentals.post(item("state", "TX", "facility", "Dallas", "vehicles", 0));
    }

    private Adapter<Map<String, Object>> adapter(DynamoDbClient over, Hooks hooks) {
        return Adapter.create(AdapterDeclaration.builder(ItemMapper.documents()).table(sites).keys(Rentals.KEYS)
                .hooks(hooks).build(), over, AdapterOptions.defaults().withRetryPolicy(QUICK));
    }

    /**
     * Vehicles keep their facility's count: +1 on post, -1 on delete, +1 at a move's target and -1 at its source,
     * each conditioned on the facility existing; a patch of a vehicle writes an audit record. Facility writes need
     * nothing.
     */
    private List<TransactWriteItem> fleetCount(Map<String, AttributeValue> key, Map<String, AttributeValue> item,
            WriteKind kind) {
        KeyValues values = Rentals.KEYS.codec().keyValuesFromPrimaryKey(key);
        if (values.size() < 3) {
            return List.of();
        }
        Map<String, AttributeValue> facility = Rentals.KEYS.codec().primaryKeyFromKeyValues(
                KeyValues.of("state", values.get("state"), "facility", values.get("facility")));
        return switch (kind) {
            case POST -> List.of(count(facility, 1));
            case DELETE -> List.of(count(facility, -1));
            case MOVE -> List.of(count(facility, item == null ? -1 : 1));
            case PATCH -> List.of(TransactWriteItem.builder().put(Put.builder().tableName(audit).item(Map.of(
                    "id", AttributeValue.fromS("patch " + key.get("_sk").s()),
                    "changed", AttributeValue.fromSs(new ArrayList<>(item.keySet())))).build()).build());
            default -> List.of();
        };
    }

    private TransactWriteItem count(Map<String, AttributeValue> facility, int delta) {
        return TransactWriteItem.builder().update(ExpressionRequest.create()
                .update(Update.empty().increment("vehicles", delta))
                .condition(Condition.attribute("state").exists())
                .applyTo(software.amazon.awssdk.services.dynamodb.model.Update.builder().tableName(sites)
                        .key(facility)).build()).build();
    }

    private Map<String, AttributeValue> stored(String table, Map<String, AttributeValue> key) {
        return client.getItem(b -> b.tableName(table).key(key).consistentRead(true)).item();
    }

    private Map<String, AttributeValue> stored(KeyValues key) {
        return stored(sites, Rentals.KEYS.codec().primaryKeyFromKeyValues(key));
    }

    private static TransactWriteItemsRequest onlyTransaction(RequestLog log) {
        assertThat(log.calls()).extracting(RecordedCall::operation).containsExactly("TransactWriteItems");
        return log.calls().get(0).request(TransactWriteItemsRequest.class);
    }

    @Test
    void aPostWithExtraActionsIsOneTransaction(RequestLog log) {
        log.clear();

        rentals.post(item("state", "TX", "facility", "Dallas", "vin", "1HGC0001", "make", "Honda"));

        TransactWriteItemsRequest sent = onlyTransaction(log);
        assertThat(sent.transactItems()).hasSize(2);
        assertThat(sent.transactItems().get(0).put().item()).containsEntry("_sk", AttributeValue.fromS("TX|Dallas|1HGC0001"));
        assertThat(sent.transactItems().get(0).put().conditionExpression()).isEqualTo("attribute_not_exists(#n0)");
        assertThat(sent.transactItems().get(1).update().key()).containsEntry("_sk", AttributeValue.fromS("TX|Dallas"));
        assertThat(sent.clientRequestToken()).isNotBlank();
        assertThat(stored(CAR)).containsEntry("make", AttributeValue.fromS("Honda"));
        assertThat(stored(DALLAS)).containsEntry("vehicles", AttributeValue.fromN("1"));
    }

    @Test
    void aPatchWithExtraActionsIsOneTransactionAndWritesTheExtraItem(RequestLog log) {
        rentals.post(item("state", "TX", "facility", "Dallas", "vin", "1HGC0001", "make", "Honda"));
        log.clear();

        Map<String, Object> patched = rentals.patch(CAR, Map.of("color", "red", "miles", 120));

        // one write; a transaction returns no values, so the patched item is read back
        assertThat(log.calls()).extracting(RecordedCall::operation).containsExactly("TransactWriteItems", "GetItem");
        TransactWriteItemsRequest sent = log.calls().get(0).request(TransactWriteItemsRequest.class);
        assertThat(patched).as("the item after the update").isNotNull().containsEntry("color", "red")
                .containsEntry("make", "Honda");
        assertThat(sent.transactItems()).extracting(action -> action.update() != null, action -> action.put() != null)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(true, false),
                        org.assertj.core.groups.Tuple.tuple(false, true));
        assertThat(stored(CAR)).containsEntry("color", AttributeValue.fromS("red"));
        assertThat(stored(audit, Map.of("id", AttributeValue.fromS("patch TX|Dallas|1HGC0001"))).get("changed").ss())
                .containsExactlyInAnyOrder("color", "miles");
    }

    @Test
    void aDeleteWithExtraActionsIsOneTransaction(RequestLog log) {
        rentals.post(item("state", "TX", "facility", "Dallas", "vin", "1HGC0001"));
        rentals.post(item("state", "TX", "facility", "Dallas", "vin", "1HGC0002"));
        log.clear();

        assertThat(rentals.delete(CAR)).isTrue();

        TransactWriteItemsRequest sent = onlyTransaction(log);
        assertThat(sent.transactItems().get(0).delete().key()).containsEntry("_sk",
                AttributeValue.fromS("TX|Dallas|1HGC0001"));
        assertThat(stored(CAR)).isEmpty();
        assertThat(stored(DALLAS)).containsEntry("vehicles", AttributeValue.fromN("1"));
    }

    @Test
    void aMoveTellsTheHookOfItsTargetAndItsSourceInOneTransaction(RequestLog log) {
        rentals.post(item("state", "TX", "facility", "Austin", "vehicles", 0));
        rentals.post(item("state", "TX", "facility", "Dallas", "vin", "1HGC0001", "make", "Honda"));
        log.clear();

        rentals.move(CAR, car -> {
            car.put("facility", "Austin");
            return car;
        });

        assertThat(log.calls()).extracting(RecordedCall::operation).containsExactly("GetItem", "TransactWriteItems");
        assertThat(log.calls().get(1).request(TransactWriteItemsRequest.class).transactItems()).hasSize(4);
        assertThat(stored(DALLAS)).containsEntry("vehicles", AttributeValue.fromN("0"));
        assertThat(stored(KeyValues.of("state", "TX", "facility", "Austin"))).containsEntry("vehicles",
                AttributeValue.fromN("1"));
        assertThat(stored(KeyValues.of("state", "TX", "facility", "Austin", "vin", "1HGC0001")))
                .containsEntry("make", AttributeValue.fromS("Honda"));
        assertThat(stored(CAR)).isEmpty();
    }

    @Test
    void deletingAnAbsentItemIsIdempotentAndAppliesNoExtraAction() {
        rentals.post(item("state", "TX", "facility", "Dallas", "vin", "1HGC0002"));

        assertThat(rentals.delete(CAR)).isFalse();

        assertThat(stored(DALLAS)).containsEntry("vehicles", AttributeValue.fromN("1"));
    }

    @Test
    void anEditWithExtraActionsReturnsTheEditedItem() {
        Adapter<Map<String, Object>> audited = adapter(client, Hooks.NONE.withConsistency((key, item, kind) ->
                kind == WriteKind.EDIT ? List.of(TransactWriteItem.builder().put(Put.builder().tableName(audit)
                        .item(Map.of("id", AttributeValue.fromS("edit " + key.get("_sk").s()))).build()).build())
                        : List.of()));

        WriteResult<Map<String, Object>> result = audited.edit(DALLAS, facility -> {
            facility.put("city", "Big D");
            return facility;
        });

        assertThat(result.written()).isTrue();
        assertThat(result.item()).isNotNull().containsEntry("city", "Big D").containsEntry("kind", "facility");
        assertThat(stored(audit, Map.of("id", AttributeValue.fromS("edit TX|Dallas")))).isNotEmpty();
    }

    @Test
    void aWriteWithoutExtraActionsStaysASingleItemCall(RequestLog log) {
        rentals.patch(DALLAS, Map.of("city", "Dallas"));

        assertThat(log.calls()).extracting(RecordedCall::operation).containsExactly("UpdateItem");
    }

    @Test
    void aCancellationCausedByAnExtraActionNamesItsIndexTableAndKey() {
        TransactionCancelledException e = catchThrowableOfType(TransactionCancelledException.class,
                () -> rentals.post(item("state", "TX", "facility", "Nowhere", "vin", "1HGC0009")));

        assertThat(e.isConditionFailure()).isTrue();
        assertThat(e.failures()).singleElement().satisfies(failure -> {
            assertThat(failure.index()).isEqualTo(1);
            assertThat(failure.table()).isEqualTo(sites);
            assertThat(failure.key()).isEqualTo(Map.of("state", AttributeValue.fromS("TX"),
                    "_sk", AttributeValue.fromS("TX|Nowhere")));
            assertThat(failure.code()).isEqualTo("ConditionalCheckFailed");
        });
        assertThat(e).hasMessageContaining("action 1 on " + sites);
        assertThat(stored(KeyValues.of("state", "TX", "facility", "Nowhere", "vin", "1HGC0009"))).isEmpty();
    }

    @Test
    void aFailedExtraPutIsNamedByItsKeyNotItsWholeItem() {
        Map<String, AttributeValue> auditKey = Map.of("id", AttributeValue.fromS("post TX|Dallas|1HGC0003"));
        client.putItem(b -> b.tableName(audit).item(auditKey));
        Adapter<Map<String, Object>> audited = adapter(client, Hooks.NONE.withConsistency((key, item, kind) ->
                List.of(TransactWriteItem.builder().put(Put.builder().tableName(audit)
                        .item(Map.of("id", AttributeValue.fromS("post " + key.get("_sk").s()),
                                "detail", AttributeValue.fromS("x".repeat(200))))
                        .conditionExpression("attribute_not_exists(id)").build()).build())));

        TransactionCancelledException e = catchThrowableOfType(TransactionCancelledException.class,
                () -> audited.post(item("state", "TX", "facility", "Dallas", "vin", "1HGC0003")));

        assertThat(e.failures()).singleElement().satisfies(failure -> {
            assertThat(failure.index()).isEqualTo(1);
            assertThat(failure.table()).isEqualTo(audit);
            assertThat(failure.key()).isEqualTo(auditKey);
        });
        assertThat(e).hasMessageNotContaining("xxxx");
    }

    @Test
    void aCancellationCausedByTheWriteItselfIsExplainedLikeASingleWrite() {
        rentals.post(item("state", "TX", "facility", "Dallas", "vin", "1HGC0001", "make", "Honda"));

        assertThatThrownBy(() -> rentals.post(item("state", "TX", "facility", "Dallas", "vin", "1HGC0001")))
                .isInstanceOfSatisfying(ItemAlreadyExistsException.class, e -> assertThat(e.current().orElseThrow())
                        .containsEntry("make", AttributeValue.fromS("Honda")))
                .hasCauseInstanceOf(TransactionCancelledException.class);
        assertThat(stored(DALLAS)).containsEntry("vehicles", AttributeValue.fromN("1"));
    }

    @Test
    void moreThanAHundredActionsAreRefusedBeforeSending(RequestLog log) {
        Adapter<Map<String, Object>> chatty = adapter(client, Hooks.NONE.withConsistency((key, item, kind) ->
                Collections.nCopies(100, TransactWriteItem.builder().conditionCheck(ExpressionRequest.create()
                        .condition(Condition.attribute("state").exists()).applyTo(ConditionCheck.builder()
                                .tableName(sites).key(Rentals.KEYS.codec().primaryKeyFromKeyValues(DALLAS))).build()).build())));
        log.clear();

        assertThatThrownBy(() -> chatty.post(item("state", "TX", "facility", "Austin")))
                .isInstanceOf(TransactionTooLargeException.class).hasMessageContaining("101 actions")
                .hasMessageContaining("100");
        assertThatThrownBy(() -> chatty.patch(DALLAS, Map.of("city", "x")))
                .isInstanceOf(TransactionTooLargeException.class);
        assertThatThrownBy(() -> chatty.delete(DALLAS)).isInstanceOf(TransactionTooLargeException.class);
        assertThat(log.calls()).isEmpty();
        assertThat(stored(KeyValues.of("state", "TX", "facility", "Austin"))).isEmpty();
    }

    @Test
    void moreThanFourMegabytesAreRefusedBeforeSending(RequestLog log) {
        String large = "x".repeat(390_000);
        Adapter<Map<String, Object>> heavy = adapter(client, Hooks.NONE.withConsistency((key, item, kind) ->
                IntStream.range(0, 11).mapToObj(i -> TransactWriteItem.builder().put(Put.builder().tableName(audit)
                        .item(Map.of("id", AttributeValue.fromS("blob " + i), "data", AttributeValue.fromS(large)))
                        .build()).build()).toList()));
        log.clear();

        assertThatThrownBy(() -> heavy.post(item("state", "TX", "facility", "Austin")))
                .isInstanceOf(TransactionTooLargeException.class).hasMessageContaining("bytes")
                .hasMessageContaining(Long.toString(4L * 1024 * 1024));
        assertThat(log.calls()).isEmpty();
    }

    @Test
    void tenActionsJustUnderTheLimitAreSent(RequestLog log) {
        String large = "x".repeat(390_000);
        Adapter<Map<String, Object>> heavy = adapter(client, Hooks.NONE.withConsistency((key, item, kind) ->
                IntStream.range(0, 10).mapToObj(i -> TransactWriteItem.builder().put(Put.builder().tableName(audit)
                        .item(Map.of("id", AttributeValue.fromS("blob " + i), "data", AttributeValue.fromS(large)))
                        .build()).build()).toList()));
        log.clear();

        heavy.post(item("state", "TX", "facility", "Austin"));

        assertThat(onlyTransaction(log).transactItems()).hasSize(11);
        assertThat(stored(audit, Map.of("id", AttributeValue.fromS("blob 9")))).containsKey("data");
    }

    @Test
    void throttlingIsLeftToTheSdkClientsRetriesAndNotRetriedAgain() {
        FaultInjectingDynamoDbClient faulty = ClientFaultInjection.builder().throttlingRate(1.0, "TransactWriteItems")
                .wrap(client);
        TokenRecorder recorder = new TokenRecorder();
        Adapter<Map<String, Object>> throttled = adapter(recorder.wrap(faulty), rentals.declaration().hooks());

        assertThatThrownBy(() -> throttled.post(item("state", "TX", "facility", "Dallas", "vin", "1HGC0001")))
                .isInstanceOf(ProvisionedThroughputExceededException.class);

        assertThat(recorder.tokens).as("one call: the SDK client retries throttling below the toolkit").hasSize(1);
        assertThat(stored(CAR)).isEmpty();
    }

    @Test
    void aTransactionCancelledByAConflictIsSentAgainWithAFreshToken() {
        TokenRecorder recorder = new TokenRecorder();
        Adapter<Map<String, Object>> contended = adapter(recorder.wrap(conflicting(client, 2)),
                rentals.declaration().hooks());

        contended.post(item("state", "TX", "facility", "Dallas", "vin", "1HGC0001"));

        assertThat(recorder.tokens).hasSize(3).doesNotContainNull();
        assertThat(recorder.tokens.stream().distinct()).hasSize(3);
        assertThat(stored(CAR)).containsKey("vin");
        assertThat(stored(DALLAS)).containsEntry("vehicles", AttributeValue.fromN("1"));
    }

    @Test
    void conflictsThatOutlastThePolicyCancelTheTransactionAndWriteNothing() {
        TokenRecorder recorder = new TokenRecorder();
        Adapter<Map<String, Object>> contended = adapter(recorder.wrap(conflicting(client, Integer.MAX_VALUE)),
                rentals.declaration().hooks());

        TransactionCancelledException cancelled = catchThrowableOfType(TransactionCancelledException.class,
                () -> contended.post(item("state", "TX", "facility", "Dallas", "vin", "1HGC0001")));

        assertThat(cancelled.isConflictOnly()).isTrue();
        assertThat(recorder.tokens).hasSize(QUICK.maxAttempts());
        assertThat(stored(CAR)).isEmpty();
    }

    /**
     * A client whose first {@code times} TransactWriteItems calls are cancelled as DynamoDB cancels a transaction
     * that touched an item another transaction held (nothing written), and whose later calls reach the server.
     */
    private static DynamoDbClient conflicting(DynamoDbClient delegate, int times) {
        AtomicInteger left = new AtomicInteger(times);
        return beforeEachTransaction(delegate, transaction -> {
            if (left.getAndDecrement() > 0) {
                throw TransactionCanceledException.builder().message("Transaction cancelled [TransactionConflict]")
                        .cancellationReasons(transaction.transactItems().stream().map(action -> CancellationReason
                                .builder().code("TransactionConflict").build()).toList()).build();
            }
        });
    }

    /** @return a client that hands every TransactWriteItems request to {@code check} before sending it */
    private static DynamoDbClient beforeEachTransaction(DynamoDbClient delegate,
            Consumer<TransactWriteItemsRequest> check) {
        InvocationHandler handler = (proxy, method, arguments) -> {
            boolean request = arguments != null && arguments.length == 1 && arguments[0] instanceof SdkRequest;
            if (!request && method.isDefault()) {
                // consumer-builder overloads build the request and call the overload taking it
                return InvocationHandler.invokeDefault(proxy, method, arguments);
            }
            if (request && arguments[0] instanceof TransactWriteItemsRequest transaction) {
                check.accept(transaction);
            }
            try {
                return method.invoke(delegate, arguments);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
        };
        return (DynamoDbClient) Proxy.newProxyInstance(DynamoDbClient.class.getClassLoader(),
                new Class<?>[] {DynamoDbClient.class}, handler);
    }

    /** Records the ClientRequestToken of every TransactWriteItems call made through a client, faults included. */
    private static final class TokenRecorder {
        private final List<String> tokens = Collections.synchronizedList(new ArrayList<>());

        DynamoDbClient wrap(DynamoDbClient delegate) {
            return beforeEachTransaction(delegate, transaction -> tokens.add(transaction.clientRequestToken()));
        }
    }
}
