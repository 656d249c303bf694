package io.dynamodbtoolkit.mass;

import static io.dynamodbtoolkit.mass.CascadeIT.item;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionException;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.adapter.ItemMapper;
import io.dynamodbtoolkit.adapter.NodeHasChildrenException;
import io.dynamodbtoolkit.adapter.VersionConflictException;
import io.dynamodbtoolkit.adapter.WriteOptions;
import io.dynamodbtoolkit.transaction.TransactionAction;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.test.DynamoDbEndpoint;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.RecordedCall;
import io.dynamodbtoolkit.test.RequestLog;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/**
 * A single delete or move of a row under the parent guard: refused while rows are under it (they would be left
 * orphans), naming the cascade to call and writing nothing; a row with nothing under it goes as before, a row at the
 * deepest tier with no extra call at all.
 */
@DynamoDbTest
class SingleNodeRemovalIT {

    private static final KeyValues TX = KeyValues.of("state", "TX");
    private static final KeyValues DALLAS = KeyValues.of("state", "TX", "facility", "Dallas");
    private static final KeyValues AUSTIN = KeyValues.of("state", "TX", "facility", "Austin");

    private DynamoDbClient client;
    private String table;
    private Adapter<Map<String, Object>> rentals;

    @BeforeEach
    void loadDallas(DynamoDbClient dynamo, TestTables tables) {
        client = dynamo;
        table = tables.create(CascadeIT.TABLE);
        rentals = rentals(true);
        rentals.putAll(List.of(item("state", "TX"), item("state", "TX", "facility", "Dallas"),
                item("state", "TX", "facility", "Dallas", "vin", "V1"),
                item("state", "TX", "facility", "Dallas", "vin", "V2")));
    }

    private Adapter<Map<String, Object>> rentals(boolean guard) {
        return Adapter.create(AdapterDeclaration.builder(ItemMapper.documents()).name("rentals").table(table)
                .keys(CascadeIT.KEYS).cascades(true).parentGuard(guard).build(), client);
    }

    /** @return the row of a key as stored, technical fields and all */
    private Map<String, AttributeValue> raw(String sortKey) {
        return client.getItem(GetItemRequest.builder().tableName(table).consistentRead(true).key(Map.of(
                "state", AttributeValue.fromS("TX"), "_sk", AttributeValue.fromS(sortKey))).build()).item();
    }

    @Test
    void aDeleteOfARowWithRowsUnderItIsRefusedNamingTheCascadeAndWritesNothing() {
        Map<String, AttributeValue> before = raw("TX|Dallas");

        NodeHasChildrenException refused = catchThrowableOfType(NodeHasChildrenException.class,
                () -> rentals.delete(DALLAS));

        assertThat(refused).hasMessageContaining("TX|Dallas").hasMessageContaining("deleteAllUnder")
                .hasMessageContaining("dynamodb.toolkit.adapters.rentals.parent-guard");
        assertThat(refused.cascade()).isEqualTo("deleteAllUnder");
        assertThat(refused.childKey().get("_sk").s()).startsWith("TX|Dallas|");
        assertThat(raw("TX|Dallas")).as("the row as stored, with no mark left").isEqualTo(before);
        assertThat(rentals.post(item("state", "TX", "facility", "Dallas", "vin", "V3")))
                .as("inserts under it go on").isNotNull();
        assertThatThrownBy(() -> rentals.delete(rentals.get(TX).orElseThrow()))
                .isInstanceOf(NodeHasChildrenException.class);
        assertThatThrownBy(() -> rentals.delete(DALLAS, WriteOptions.defaults().withExpectedVersion(1L)))
                .isInstanceOf(NodeHasChildrenException.class);
    }

    @Test
    void theCascadeDeletesWhatTheSingleDeleteRefuses() {
        assertThatThrownBy(() -> rentals.delete(DALLAS)).isInstanceOf(NodeHasChildrenException.class);

        MassResult result = MassOperations.of(rentals).deleteAllUnder(DALLAS, MassOptions.defaults());

        assertThat(result.processed()).isEqualTo(3);
        assertThat(raw("TX|Dallas")).isEmpty();
    }

    @Test
    void aMoveOfARowWithRowsUnderItIsRefusedNamingTheCascadeAndWritesNothing() {
        Map<String, AttributeValue> before = raw("TX|Dallas");

        assertThatThrownBy(() -> rentals.move(DALLAS, row -> withFacility(row, "Austin")))
                .isInstanceOf(NodeHasChildrenException.class).hasMessageContaining("moveAllUnder");
        assertThatThrownBy(() -> rentals.edit(DALLAS, row -> withFacility(row, "Austin"), true))
                .isInstanceOf(NodeHasChildrenException.class);

        assertThat(raw("TX|Dallas")).isEqualTo(before);
        assertThat(raw("TX|Austin")).isEmpty();
    }

    @Test
    void theAsynchronousAdapterRefusesAsTheBlockingOneDoes(DynamoDbEndpoint endpoint) {
        try (DynamoDbAsyncClient async = endpoint.asyncClientBuilder().build()) {
            assertThatThrownBy(() -> rentals.async(async).delete(DALLAS).join())
                    .isInstanceOf(CompletionException.class).hasCauseInstanceOf(NodeHasChildrenException.class);
            assertThatThrownBy(() -> rentals.async(async).move(DALLAS, row -> withFacility(row, "Austin")).join())
                    .hasCauseInstanceOf(NodeHasChildrenException.class);
            assertThat(raw("TX|Dallas")).isNotEmpty();
            assertThat(rentals.async(async).delete(DALLAS.and("vin", "V1")).join()).isTrue();
        }
    }

    @Test
    void inAUnitOfWorkTheRowsUnderItAreLookedForBeforeTheDeleteJoinsTheUnit() {
        List<TransactionAction> collected = new ArrayList<>();
        Adapter<Map<String, Object>> unit = rentals.collectingInto((actions, explainer) -> collected.addAll(actions));
        rentals.post(item("state", "TX", "facility", "Austin"));

        assertThatThrownBy(() -> unit.delete(DALLAS)).isInstanceOf(NodeHasChildrenException.class);
        assertThat(collected).isEmpty();
        unit.delete(AUSTIN);
        assertThat(collected).hasSize(1);
    }

    @Test
    void aRowWithNothingUnderItIsDeletedAndMovedAsBefore(RequestLog log) {
        rentals.post(item("state", "TX", "facility", "Austin"));
        log.clear();

        assertThat(rentals.delete(AUSTIN)).isTrue();

        assertThat(log.calls().stream().map(RecordedCall::operation)).as("the mark, the check, the delete")
                .containsExactly("UpdateItem", "Query", "DeleteItem");
        QueryRequest check = log.calls("Query").get(0).request(QueryRequest.class);
        assertThat(check.limit()).isEqualTo(1);
        assertThat(check.consistentRead()).isTrue();
        assertThat(raw("TX|Austin")).isEmpty();
        assertThat(rentals.delete(AUSTIN)).as("an absent row: nothing deleted, no error").isFalse();

        rentals.post(item("state", "TX", "facility", "Austin"));
        assertThat(rentals.move(AUSTIN, row -> withFacility(row, "Houston"))).isNotNull();
        assertThat(raw("TX|Houston")).isNotEmpty().doesNotContainKey("_deleting");
        assertThat(raw("TX|Austin")).isEmpty();
    }

    @Test
    void aRowAtTheDeepestTierIsDeletedWithNoExtraCall(RequestLog log) {
        assertThat(rentals.delete(DALLAS.and("vin", "V1"))).isTrue();

        assertThat(log.calls().stream().map(RecordedCall::operation)).containsExactly("DeleteItem");
    }

    @Test
    void aConditionOfTheCallerThatFailsLeavesNoMark() {
        rentals.post(item("state", "TX", "facility", "Austin"));
        Map<String, AttributeValue> before = raw("TX|Austin");

        assertThatThrownBy(() -> rentals.delete(AUSTIN, WriteOptions.defaults().withExpectedVersion(7L)))
                .isInstanceOf(VersionConflictException.class);

        assertThat(raw("TX|Austin")).isEqualTo(before);
    }

    @Test
    void withoutTheGuardTheDeleteGoesAloneAndLeavesOrphans() {
        assertThat(rentals(false).delete(DALLAS)).isTrue();

        assertThat(raw("TX|Dallas|V1")).as("an orphan: what the guard prevents").isNotEmpty();
    }

    private static Map<String, Object> withFacility(Map<String, Object> row, String facility) {
        Map<String, Object> moved = new LinkedHashMap<>(row);
        moved.put("facility", facility);
        return moved;
    }
}
