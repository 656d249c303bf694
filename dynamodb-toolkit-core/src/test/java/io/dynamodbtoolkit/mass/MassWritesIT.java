package io.dynamodbtoolkit.mass;

import static io.dynamodbtoolkit.mass.CascadeIT.item;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.adapter.ItemMapper;
import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.adapter.StoredItems;
import io.dynamodbtoolkit.adapter.WriteKind;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.key.SubtreeQuery;
import io.dynamodbtoolkit.test.DynamoDbEndpoint;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.RequestLog;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The mass operations applied to lists of stored items the caller read itself, with their outcomes. */
@DynamoDbTest
class MassWritesIT {

    private static final KeyValues DALLAS = KeyValues.of("state", "TX", "facility", "Dallas");
    private static final KeyValues AUSTIN = KeyValues.of("state", "TX", "facility", "Austin");

    private DynamoDbClient client;
    private Adapter<Map<String, Object>> rentals;
    private MassWrites<Map<String, Object>> writes;
    private MassOptions ifNotExists;

    @BeforeEach
    void loadRentals(DynamoDbClient dynamo, TestTables tables, DynamoDbEndpoint endpoint) {
        client = dynamo;
        // a taken target cancels a conditional copy's transaction: where that can undo its neighbours' (moto), the
        // copies go one at a time
        ifNotExists = MassOptions.defaults().withConditional(MassOptions.Conditional.IF_NOT_EXISTS)
                .withConcurrency(endpoint.isolatesConcurrentWrites() ? MassOptions.defaults().concurrency() : 1);
        rentals = Adapter.create(AdapterDeclaration.builder(ItemMapper.documents())
                .table(tables.create(CascadeIT.TABLE)).keys(CascadeIT.KEYS).cascades(true).build(), dynamo);
        writes = MassOperations.of(rentals).writes();
        List<Map<String, Object>> items = new ArrayList<>();
        items.add(item("state", "TX"));
        for (String facility : List.of("Dallas", "Dallasville")) {
            items.add(item("state", "TX", "facility", facility, "city", facility));
            for (int v = 0; v < 30; v++) {
                items.add(item("state", "TX", "facility", facility, "vin", facility.charAt(0) + "V" + v, "miles", v));
            }
        }
        rentals.putAll(items);
    }

    @Test
    void aMoveOfGivenItemsMovesThemAndARedoAfterACrashBetweenCopyAndDeleteLosesAndDuplicatesNothing() {
        List<Map<String, AttributeValue>> dallas = stored(DALLAS);
        List<Map<String, AttributeValue>> chunk = dallas.subList(0, 12);
        // a crashed attempt: the move's copies of part of the chunk written, their sources not yet deleted
        StoredItems<Map<String, Object>> stored = rentals.stored();
        stored.write(chunk.subList(0, 7).stream().map(source -> stored.putRequest(stored.prepareCopy(source,
                PrefixSwap.of(rentals.keys(), DALLAS, AUSTIN), WriteKind.MOVE))).toList());
        assertThat(stored(AUSTIN)).hasSize(7);

        MassPageResult moved = writes.move(chunk, PrefixSwap.of(rentals.keys(), DALLAS, AUSTIN),
                MassOptions.defaults());

        assertThat(moved.processed()).isEqualTo(12);
        assertThat(moved.conflicts()).isEmpty();
        assertThat(moved.failed()).isEmpty();
        assertThat(stored(DALLAS)).hasSize(31 - 12);
        assertThat(stored(AUSTIN)).hasSize(12);

        MassPageResult again = writes.move(chunk, PrefixSwap.of(rentals.keys(), DALLAS, AUSTIN),
                MassOptions.defaults());
        MassPageResult rest = writes.move(stored(DALLAS), PrefixSwap.of(rentals.keys(), DALLAS, AUSTIN),
                MassOptions.defaults());

        assertThat(again.processed()).as("a redo of a chunk whose sources are gone").isEqualTo(12);
        assertThat(rest.processed()).isEqualTo(19);
        assertThat(stored(DALLAS)).isEmpty();
        assertThat(stored(AUSTIN)).hasSize(31).extracting(row -> row.get("_sk").s()).doesNotHaveDuplicates();
    }

    @Test
    void aCopyForAMoveWritesTheTargetsAndLeavesTheSourcesForTheMoveThatCompletesIt() {
        List<Map<String, AttributeValue>> dallas = stored(DALLAS);
        PrefixSwap toAustin = PrefixSwap.of(rentals.keys(), DALLAS, AUSTIN);

        MassPageResult ahead = writes.copyForMove(dallas.subList(0, 5), toAustin, MassOptions.defaults());
        MassPageResult again = writes.copyForMove(dallas.subList(0, 5), toAustin, MassOptions.defaults());

        assertThat(ahead.processed()).isEqualTo(5);
        assertThat(again.processed()).as("this very copy, written again").isEqualTo(5);
        assertThat(again.conflicts()).isEmpty();
        assertThat(stored(DALLAS)).as("the sources stay").isEqualTo(dallas);
        assertThat(stored(AUSTIN)).hasSize(5).allSatisfy(row -> assertThat(row.get("_version").n()).isEqualTo("2"));

        MassPageResult moved = writes.move(dallas, toAustin, MassOptions.defaults());

        assertThat(moved.processed()).isEqualTo(31);
        assertThat(moved.conflicts()).as("the copies written ahead are this very copy").isEmpty();
        assertThat(stored(DALLAS)).isEmpty();
        assertThat(stored(AUSTIN)).hasSize(31).extracting(row -> row.get("_sk").s()).doesNotHaveDuplicates();
    }

    @Test
    void anIfNotExistsCopyForAMoveTakesThisVeryCopyAsWrittenAndAnotherItemAsAConflict() {
        List<Map<String, AttributeValue>> dallas = stored(DALLAS);
        PrefixSwap toAustin = PrefixSwap.of(rentals.keys(), DALLAS, AUSTIN);
        writes.copyForMove(dallas.subList(0, 3), toAustin, ifNotExists);
        String held = dallas.get(4).get("vin").s();
        rentals.post(item("state", "TX", "facility", "Austin", "vin", held, "note", "already here"));

        MassPageResult ahead = writes.copyForMove(dallas.subList(0, 5), toAustin, ifNotExists);

        assertThat(ahead.processed()).as("3 found as this very copy, 1 written").isEqualTo(4);
        assertThat(ahead.conflicts()).singleElement().satisfies(conflict -> assertThat(conflict.key().get("_sk").s())
                .isEqualTo("TX|Dallas|" + held));
        assertThat(stored(DALLAS)).as("the sources stay").isEqualTo(dallas);
        assertThat(stored(AUSTIN)).hasSize(5);
    }

    @Test
    void aMoveOntoATargetHeldByAnotherItemIsAConflictAndTheSourceStays() {
        Adapter.create(AdapterDeclaration.builder(ItemMapper.documents()).table(rentals.table())
                .keys(CascadeIT.KEYS).build(), client)
                .post(item("state", "TX", "facility", "Austin", "vin", "DV3", "note", "already here"));
        MassPageResult moved = writes.move(stored(DALLAS), PrefixSwap.of(rentals.keys(), DALLAS, AUSTIN),
                MassOptions.defaults());

        assertThat(moved.processed()).isEqualTo(30);
        assertThat(moved.conflicts()).singleElement().satisfies(conflict -> {
            assertThat(conflict.key().get("_sk").s()).isEqualTo("TX|Dallas|DV3");
            assertThat(conflict.reason()).contains("holds another item");
        });
        assertThat(stored(DALLAS)).extracting(row -> row.get("_sk").s()).containsExactly("TX|Dallas|DV3");
    }

    @Test
    void anIfNotExistsCopySkipsATakenTarget() {
        List<Map<String, AttributeValue>> dallas = stored(DALLAS);
        writes.copy(dallas.subList(0, 5), PrefixSwap.of(rentals.keys(), DALLAS, AUSTIN), MassOptions.defaults());

        MassPageResult copied = writes.copy(dallas, PrefixSwap.of(rentals.keys(), DALLAS, AUSTIN), ifNotExists);

        assertThat(copied.processed()).isEqualTo(26);
        assertThat(copied.skipped()).isEqualTo(5);
        assertThat(stored(AUSTIN)).hasSize(31);
        assertThat(stored(DALLAS)).hasSize(31);
    }

    @Test
    void aCopyWhoseTargetTheTableCannotHoldIsRefusedBeforeItWrites(RequestLog log) {
        KeyValues tooLong = KeyValues.of("state", "TX", "facility", "A".repeat(1_020));
        List<Map<String, AttributeValue>> dallas = stored(DALLAS);
        log.clear();

        assertThatThrownBy(() -> writes.copy(dallas, PrefixSwap.of(rentals.keys(), DALLAS, tooLong),
                MassOptions.defaults())).isInstanceOf(io.dynamodbtoolkit.key.InvalidKeyException.class);
        assertThat(log.calls("BatchWriteItem")).isEmpty();
    }

    @Test
    void aGuardedDeleteDeletesTheRowsUnderTheNodeAndLeavesTheNodeForItsMarkedDelete() {
        StoredItems.DeletingMark mark = writes.markDeleting(DALLAS);

        MassPageResult deleted = writes.deleteUnder(DALLAS, stored(DALLAS), MassOptions.defaults());

        assertThat(deleted.processed()).isEqualTo(30);
        assertThat(deleted.skipped()).as("the node's own row").isEqualTo(1);
        assertThat(stored(DALLAS)).singleElement().satisfies(row -> assertThat(row.get("_sk").s())
                .isEqualTo("TX|Dallas"));
        assertThat(writes.deleteMarked(DALLAS, mark)).isEqualTo(StoredItems.NodeDelete.DELETED);
        assertThat(stored(DALLAS)).isEmpty();
    }

    @Test
    void aGuardedDeleteRefusesAnItemOutsideTheNodeBeforeDeletingAnything(RequestLog log) {
        List<Map<String, AttributeValue>> mixed = new ArrayList<>(stored(DALLAS));
        mixed.add(stored(KeyValues.of("state", "TX", "facility", "Dallasville")).get(3));
        log.clear();

        assertThatThrownBy(() -> writes.deleteUnder(DALLAS, mixed, MassOptions.defaults()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("TX|Dallasville|DV10").hasMessageContaining("is not under node");
        assertThat(log.calls()).isEmpty();
    }

    @Test
    void anEditOfGivenItemsWritesOnlyWhatChanges() {
        List<Map<String, AttributeValue>> dallas = stored(DALLAS);

        MassPageResult edited = writes.edit(dallas, row -> {
            row.put("checked", true);
            return row;
        }, MassOptions.defaults());
        MassPageResult again = writes.edit(stored(DALLAS), row -> {
            row.put("checked", true);
            return row;
        }, MassOptions.defaults());

        assertThat(edited.processed()).isEqualTo(31);
        assertThat(again.processed()).isZero();
        assertThat(again.skipped()).isEqualTo(31);
    }

    @Test
    void aPutRewritesGivenItemsInPlaceAndRefusesAChangeOfKeyForThatItemOnly() {
        List<Map<String, AttributeValue>> dallas = stored(DALLAS);

        MassPageResult put = writes.put(dallas, row -> {
            Map<String, AttributeValue> changed = new java.util.HashMap<>(row);
            changed.put("checked", AttributeValue.fromBool(true));
            if ("DV7".equals(row.containsKey("vin") ? row.get("vin").s() : null)) {
                changed.put("vin", AttributeValue.fromS("DV7b"));
            }
            return changed;
        }, MassOptions.defaults());

        assertThat(put.processed()).isEqualTo(30);
        assertThat(put.failed()).singleElement().satisfies(failure -> {
            assertThat(failure.key().get("_sk").s()).isEqualTo("TX|Dallas|DV7");
            assertThat(failure.reason()).contains("changes the item's key");
        });
        assertThat(stored(DALLAS)).hasSize(31).filteredOn(row -> row.containsKey("checked")).hasSize(30)
                .allSatisfy(row -> assertThat(row.get("_version").n()).isEqualTo("2"));
    }

    @Test
    void aDeleteOfGivenItemsDeletesThemAndCountsNoFailure() {
        MassPageResult deleted = writes.delete(stored(DALLAS), MassOptions.defaults());

        assertThat(deleted.processed()).isEqualTo(31);
        assertThat(deleted.succeeded()).isTrue();
        assertThat(stored(DALLAS)).isEmpty();
        assertThat(stored(KeyValues.of("state", "TX", "facility", "Dallasville"))).hasSize(31);
    }

    @Test
    void anIfExistsDeleteDeletesTheItemsStillThereAndCountsThoseAlreadyGoneAsSkipped() {
        List<Map<String, AttributeValue>> dallas = stored(DALLAS);
        writes.delete(dallas.subList(0, 5), MassOptions.defaults());

        MassPageResult deleted = writes.delete(dallas,
                MassOptions.defaults().withConditional(MassOptions.Conditional.IF_EXISTS));

        assertThat(deleted.processed()).isEqualTo(26);
        assertThat(deleted.skipped()).isEqualTo(5);
        assertThat(deleted.succeeded()).isTrue();
        assertThat(stored(DALLAS)).isEmpty();
        assertThat(stored(KeyValues.of("state", "TX", "facility", "Dallasville"))).hasSize(31);
    }

    private List<Map<String, AttributeValue>> stored(KeyValues node) {
        return rentals.stored().page(rentals.plan(SubtreeQuery.selfAndDescendants(node)), ListOptions.defaults())
                .items();
    }
}
