package io.dynamodbtoolkit.mass;

import static io.dynamodbtoolkit.mass.CascadeIT.item;
import static io.dynamodbtoolkit.mass.FleetOfForty.FLEET;
import static io.dynamodbtoolkit.mass.FleetOfForty.VEHICLES;
import static io.dynamodbtoolkit.mass.FleetOfForty.scope;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.adapter.ItemMapper;
import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.key.SubtreeQuery;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * The batch writes of a mass run that do not go through: the items the retry policy gave up on are that run's
 * failures, the others of their batch are written and counted; a batch call that fails otherwise fails its items.
 */
@DynamoDbTest
class MassBatchWritesIT {

    private DynamoDbClient client;
    private FleetOfForty vehicles;
    private Adapter<Map<String, Object>> healthy;

    @BeforeEach
    void loadFleet(DynamoDbClient dynamo, TestTables tables) {
        client = dynamo;
        vehicles = FleetOfForty.load(dynamo, tables, "writes");
        healthy = vehicles.healthy();
    }

    @Test
    void theItemsTheRetriesNeverWriteFailAndTheOthersOfTheirBatchCount() {
        Adapter<Map<String, Object>> withheld = vehicles.through(neverWriting("A|V07"));

        MassResult result = MassOperations.of(withheld).delete(scope(withheld), MassOptions.defaults());

        assertThat(result.processed()).isEqualTo(VEHICLES - 1);
        assertThat(result.failed()).singleElement().satisfies(failure -> {
            assertThat(failure.key().get("_sk").s()).isEqualTo("A|V07");
            assertThat(failure.reason()).isEqualTo("not written: the retry policy gave up");
            assertThat(failure.retryable()).isTrue();
        });
        assertThat(result.isComplete()).isFalse();
        assertThat(vehicles.remaining()).extracting(vehicle -> vehicle.get("vin")).containsExactly("V07");
    }

    @Test
    void aBatchCallFailingOtherwiseFailsEveryItemOfItsBatch() {
        Adapter<Map<String, Object>> broken = vehicles.through(MassPageReadsIT.failing(client,
                "batchWriteItem", 1, () -> new IllegalStateException("broken")));

        MassPageResult result = MassWrites.of(broken).delete(healthy.stored().page(healthy.plan(
                SubtreeQuery.children(FLEET)), ListOptions.defaults().withLimit(25)).items(), MassOptions.defaults());

        assertThat(result.processed()).isZero();
        assertThat(result.succeeded()).isFalse();
        assertThat(result.failed()).as("the batch's 25 items").hasSize(25).allSatisfy(failure -> {
            assertThat(failure.reason()).isEqualTo("batch write failed: broken");
            assertThat(failure.stopsRun()).isTrue();
        });
        assertThat(vehicles.remaining()).hasSize(VEHICLES);
    }

    @Test
    void aTargetReadOfABatchMoveFailingOtherwiseFailsTheMoveWithThatFailure() {
        IllegalStateException broken = new IllegalStateException("broken");
        Adapter<Map<String, Object>> failingReads = vehicles.through(MassPageReadsIT.failing(client,
                "batchGetItem", 0, () -> broken));

        assertThatThrownBy(() -> MassOperations.of(failingReads).move(scope(failingReads),
                MassEngineIT.toFleet("B"), MassOptions.defaults())).isSameAs(broken);
        assertThat(vehicles.remaining()).as("nothing moved").hasSize(VEHICLES);
    }

    @Test
    void aParentCheckAfterABatchCopyFailingOtherwiseFailsTheCopyWithThatFailure(TestTables tables) {
        Adapter<Map<String, Object>> rentals = Adapter.create(AdapterDeclaration.builder(ItemMapper.documents())
                .table(tables.create(CascadeIT.TABLE)).keys(CascadeIT.KEYS).cascades(true).build(), client,
                vehicles.options());
        rentals.putAll(List.of(item("state", "TX"), item("state", "TX", "facility", "Dallas"),
                item("state", "TX", "facility", "Dallas", "vin", "V1")));
        IllegalStateException broken = new IllegalStateException("broken");
        // the first read of parents is the preflight's, the second the check after the batch is written
        Adapter<Map<String, Object>> failingCheck = Adapter.create(rentals.declaration(), MassPageReadsIT.failing(
                client, "batchGetItem", 2, () -> broken), vehicles.options());

        assertThatThrownBy(() -> MassOperations.of(failingCheck).cloneAllUnder(KeyValues.of("state", "TX",
                "facility", "Dallas"), KeyValues.of("state", "TX", "facility", "Austin"), MassOptions.defaults()))
                .isSameAs(broken);
        assertThat(rentals.list(SubtreeQuery.selfAndDescendants(KeyValues.of("state", "TX", "facility", "Austin")),
                ListOptions.defaults()).items()).as("the batch was written before its check failed").hasSize(2);
    }

    /**
     * @return the test server's client, whose BatchWriteItem (as the batch writer calls it, with a builder) hands
     *         back the write of one item unprocessed, always
     */
    @SuppressWarnings("unchecked")
    private DynamoDbClient neverWriting(String structuralKey) {
        return (DynamoDbClient) Proxy.newProxyInstance(DynamoDbClient.class.getClassLoader(),
                new Class<?>[] {DynamoDbClient.class}, (proxy, method, args) -> {
                    if (method.getName().equals("batchWriteItem") && args != null
                            && args[0] instanceof Consumer<?> building) {
                        BatchWriteItemRequest.Builder builder = BatchWriteItemRequest.builder();
                        ((Consumer<BatchWriteItemRequest.Builder>) building).accept(builder);
                        BatchWriteItemRequest request = builder.build();
                        Map<String, List<WriteRequest>> sent = new HashMap<>();
                        Map<String, List<WriteRequest>> kept = new HashMap<>();
                        request.requestItems().forEach((table, writes) -> writes.forEach(write ->
                                (structuralKey.equals(write.deleteRequest().key().get("_sk").s()) ? kept : sent)
                                        .computeIfAbsent(table, name -> new ArrayList<>()).add(write)));
                        BatchWriteItemResponse response = sent.isEmpty() ? BatchWriteItemResponse.builder().build()
                                : client.batchWriteItem(request.toBuilder().requestItems(sent).build());
                        return response.toBuilder().unprocessedItems(kept).build();
                    }
                    try {
                        return method.invoke(client, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }
}
