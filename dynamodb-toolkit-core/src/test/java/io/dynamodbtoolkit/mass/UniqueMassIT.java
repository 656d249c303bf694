package io.dynamodbtoolkit.mass;

import static io.dynamodbtoolkit.mass.CascadeIT.item;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.adapter.ItemMapper;
import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.adapter.StoredItems;
import io.dynamodbtoolkit.adapter.UniqueField;
import io.dynamodbtoolkit.adapter.WriteKind;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.key.SubtreeQuery;
import io.dynamodbtoolkit.test.DynamoDbEndpoint;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The mass clones, moves and rewrites of an adapter with unique fields: one transaction per row, its guards taken,
 * re-pointed or released with it; a value another row holds is that row's conflict, and the run goes on. Plates are
 * unique in the whole table, fleet codes within a state. Runs on every backend.
 */
@DynamoDbTest
class UniqueMassIT {

    private static final KeyValues DALLAS = KeyValues.of("state", "TX", "facility", "Dallas");
    private static final KeyValues AUSTIN = KeyValues.of("state", "TX", "facility", "Austin");
    private static final KeyValues OK_DALLAS = KeyValues.of("state", "OK", "facility", "Dallas");
    /** The guards of the Dallas vehicles (plates P1, P2, codes C1..C4) once the vehicles are moved to Austin. */
    private static final Map<String, String> GUARDS_MOVED_TO_AUSTIN = Map.of(
            "plate|P1", "TX|Austin|V1", "plate|P2", "TX|Austin|V2",
            "code|TX|C1", "TX|Austin|V1", "code|TX|C2", "TX|Austin|V2", "code|TX|C3", "TX|Austin|V3",
            "code|TX|C4", "TX|Austin|V4");

    private DynamoDbClient client;
    private String table;
    private Adapter<Map<String, Object>> rentals;
    private MassOperations<Map<String, Object>> mass;
    private MassOptions options;

    @BeforeEach
    void loadRentals(DynamoDbClient dynamo, TestTables tables, DynamoDbEndpoint endpoint) {
        client = dynamo;
        // where a cancelled transaction can undo its neighbours' (moto), the rows are written one at a time: what is
        // tested is each row's transaction
        options = endpoint.isolatesConcurrentWrites() ? MassOptions.defaults()
                : MassOptions.defaults().withConcurrency(1);
        table = tables.create(CascadeIT.TABLE);
        rentals = Adapter.create(AdapterDeclaration.builder(ItemMapper.documents()).table(table).keys(CascadeIT.KEYS)
                .cascades(true).unique(UniqueField.of("plate"), UniqueField.within("code", "state")).build(), dynamo);
        mass = MassOperations.of(rentals);
        rentals.post(item("state", "TX"));
        rentals.post(item("state", "OK"));
        rentals.post(item("state", "TX", "facility", "Dallas", "city", "Dallas"));
        rentals.post(item("state", "OK", "facility", "Tulsa", "city", "Tulsa"));
    }

    /** Dallas vehicles V1..V4 with codes C1..C4; V1 and V2 with plates P1 and P2 too when asked. */
    private void loadDallasVehicles(boolean withPlates) {
        for (int v = 1; v <= 4; v++) {
            Map<String, Object> vehicle = item("state", "TX", "facility", "Dallas", "vin", "V" + v, "code", "C" + v);
            if (withPlates && v <= 2) {
                vehicle.put("plate", "P" + v);
            }
            rentals.post(vehicle);
        }
    }

    @Test
    void aCloneTakesTheGuardsOfItsCopiesAndADuplicateIsThatRowsConflictWhileTheRunGoesOn() {
        loadDallasVehicles(true);
        rentals.post(item("state", "OK", "facility", "Tulsa", "vin", "T1", "code", "C4"));

        MassResult result = mass.cloneAllUnder(DALLAS, OK_DALLAS, options);

        assertThat(result.processed()).as("the facility and V3").isEqualTo(2);
        assertThat(result.failed()).isEmpty();
        assertThat(conflicts(result)).containsOnlyKeys("TX|Dallas|V1", "TX|Dallas|V2", "TX|Dallas|V4");
        assertThat(conflicts(result).get("TX|Dallas|V1")).contains("plate").contains("P1");
        assertThat(conflicts(result).get("TX|Dallas|V4")).contains("code").contains("C4");
        assertThat(rentals.get(vehicle(OK_DALLAS, "V3"))).isPresent();
        assertThat(rentals.get(vehicle(OK_DALLAS, "V1"))).as("nothing of a conflicting row written").isEmpty();
        assertThat(rentals.get(vehicle(OK_DALLAS, "V4"))).isEmpty();
        assertThat(guards()).containsExactlyInAnyOrderEntriesOf(Map.of(
                "plate|P1", "TX|Dallas|V1", "plate|P2", "TX|Dallas|V2",
                "code|TX|C1", "TX|Dallas|V1", "code|TX|C2", "TX|Dallas|V2", "code|TX|C3", "TX|Dallas|V3",
                "code|TX|C4", "TX|Dallas|V4", "code|OK|C3", "OK|Dallas|V3", "code|OK|C4", "OK|Tulsa|T1"));
    }

    @Test
    void aCloneWhoseTransformChangesTheUniqueValuesTakesTheNewValuesGuards() {
        loadDallasVehicles(true);
        MassScope vehicles = MassScope.of(rentals.plan(SubtreeQuery.children(DALLAS)));

        MassResult result = mass.clone(vehicles, suffixing("c"), options);

        assertThat(result.processed()).isEqualTo(4);
        assertThat(result.conflicts()).isEmpty();
        assertThat(result.failed()).isEmpty();
        Map<String, String> expected = new HashMap<>(Map.of("plate|P1", "TX|Dallas|V1", "plate|P2", "TX|Dallas|V2",
                "plate|P1c", "TX|Dallas|V1c", "plate|P2c", "TX|Dallas|V2c"));
        for (int v = 1; v <= 4; v++) {
            expected.put("code|TX|C" + v, "TX|Dallas|V" + v);
            expected.put("code|TX|C" + v + "c", "TX|Dallas|V" + v + "c");
        }
        assertThat(guards()).containsExactlyInAnyOrderEntriesOf(expected);
    }

    @Test
    void aCloneRunAgainAfterACrashSkipsTheCopiesWrittenAndDuplicatesNothing() {
        loadDallasVehicles(false);
        PrefixSwap swap = PrefixSwap.of(rentals.keys(), DALLAS, OK_DALLAS);
        List<Map<String, AttributeValue>> subtree = stored(SubtreeQuery.selfAndDescendants(DALLAS));
        // a crashed run: the copies of the facility, V1 and V2 written (each with its guards), the rest not
        mass.writes().copy(subtree.subList(0, 3), swap, options);

        MassResult redo = mass.cloneAllUnder(DALLAS, OK_DALLAS, options);

        assertThat(redo.conflicts()).as("the rows' own earlier copies are no duplicates").isEmpty();
        assertThat(redo.failed()).isEmpty();
        assertThat(redo.processed()).as("V3 and V4").isEqualTo(2);
        assertThat(redo.skipped()).as("the facility, V1 and V2, copied before the crash").isEqualTo(3);
        assertThat(stored(SubtreeQuery.selfAndDescendants(OK_DALLAS))).hasSize(5);
        Map<String, String> expected = new HashMap<>();
        for (int v = 1; v <= 4; v++) {
            expected.put("code|TX|C" + v, "TX|Dallas|V" + v);
            expected.put("code|OK|C" + v, "OK|Dallas|V" + v);
        }
        assertThat(guards()).containsExactlyInAnyOrderEntriesOf(expected);
    }

    @Test
    void aMoveRepointsEachGuardFromTheSourceToTheTarget() {
        loadDallasVehicles(true);

        MassResult result = mass.moveAllUnder(DALLAS, AUSTIN, options);

        assertThat(result.processed()).isEqualTo(5);
        assertThat(result.conflicts()).isEmpty();
        assertThat(result.failed()).isEmpty();
        assertThat(stored(SubtreeQuery.selfAndDescendants(DALLAS))).isEmpty();
        assertThat(stored(SubtreeQuery.selfAndDescendants(AUSTIN))).hasSize(5);
        assertThat(guards()).containsExactlyInAnyOrderEntriesOf(GUARDS_MOVED_TO_AUSTIN);
    }

    @Test
    void aMoveIntoAnotherScopeTakesTheNewGuardsAndATakenValueLeavesThatSourceInPlace() {
        loadDallasVehicles(true);
        rentals.post(item("state", "OK", "facility", "Tulsa", "vin", "T1", "code", "C4"));

        MassResult result = mass.moveAllUnder(DALLAS, OK_DALLAS, options);

        assertThat(result.processed()).as("the facility, V1, V2 and V3").isEqualTo(4);
        assertThat(result.failed()).isEmpty();
        assertThat(conflicts(result)).containsOnlyKeys("TX|Dallas|V4");
        assertThat(conflicts(result).get("TX|Dallas|V4")).contains("code").contains("C4");
        assertThat(rentals.get(vehicle(DALLAS, "V4"))).as("the source stays").isPresent();
        assertThat(rentals.get(vehicle(OK_DALLAS, "V4"))).isEmpty();
        assertThat(guards()).containsExactlyInAnyOrderEntriesOf(Map.of(
                "plate|P1", "OK|Dallas|V1", "plate|P2", "OK|Dallas|V2",
                "code|OK|C1", "OK|Dallas|V1", "code|OK|C2", "OK|Dallas|V2", "code|OK|C3", "OK|Dallas|V3",
                "code|TX|C4", "TX|Dallas|V4", "code|OK|C4", "OK|Tulsa|T1"));
    }

    @Test
    void aMoveOfARowWhoseGuardBelongsToAnotherRowIsThatRowsConflict() {
        loadDallasVehicles(true);
        // a duplicate written before the plate was declared unique: no guard of its own, P1's points at Dallas V1
        Adapter<Map<String, Object>> undeclared = Adapter.create(AdapterDeclaration.builder(ItemMapper.documents())
                .table(table).keys(CascadeIT.KEYS).cascades(true).build(), client);
        undeclared.post(item("state", "TX", "facility", "Houston", "city", "Houston"));
        undeclared.post(item("state", "TX", "facility", "Houston", "vin", "H1", "plate", "P1"));
        undeclared.post(item("state", "TX", "facility", "Houston", "vin", "H2", "plate", "P7"));

        MassResult result = mass.moveAllUnder(KeyValues.of("state", "TX", "facility", "Houston"), AUSTIN,
                options);

        assertThat(result.processed()).as("the facility and H2").isEqualTo(2);
        assertThat(conflicts(result)).containsOnlyKeys("TX|Houston|H1");
        assertThat(conflicts(result).get("TX|Houston|H1")).contains("plate").contains("P1");
        assertThat(rentals.get(vehicle(KeyValues.of("state", "TX", "facility", "Houston"), "H1"))).isPresent();
        assertThat(guards()).containsEntry("plate|P1", "TX|Dallas|V1").containsEntry("plate|P7", "TX|Austin|H2");
    }

    @Test
    void aMoveRunAgainAfterACrashBetweenCopyAndDeleteLosesAndDuplicatesNothing() {
        loadDallasVehicles(true);
        PrefixSwap swap = PrefixSwap.of(rentals.keys(), DALLAS, AUSTIN);
        StoredItems<Map<String, Object>> stored = rentals.stored();
        // a crashed run: the copies of V1 and V2 written, their sources not deleted, the guards still at the sources
        stored.write(stored(SubtreeQuery.children(DALLAS)).subList(0, 2).stream()
                .map(source -> stored.putRequest(stored.prepareCopy(source, swap, WriteKind.MOVE))).toList());

        MassResult redo = mass.moveAllUnder(DALLAS, AUSTIN, options);

        assertThat(redo.conflicts()).isEmpty();
        assertThat(redo.failed()).isEmpty();
        assertThat(redo.processed()).isEqualTo(5);
        assertThat(stored(SubtreeQuery.selfAndDescendants(DALLAS))).isEmpty();
        assertThat(stored(SubtreeQuery.selfAndDescendants(AUSTIN))).hasSize(5);
        assertThat(guards()).containsExactlyInAnyOrderEntriesOf(GUARDS_MOVED_TO_AUSTIN);
    }

    @Test
    void aMovesFirstHalfWritesTheTargetsWithoutGuardsAndTheMoveThatFindsThemRepointsTheGuards() {
        loadDallasVehicles(true);
        PrefixSwap swap = PrefixSwap.of(rentals.keys(), DALLAS, AUSTIN);
        MassWrites<Map<String, Object>> writes = mass.writes();
        List<Map<String, AttributeValue>> vehicles = stored(SubtreeQuery.children(DALLAS));
        // what a batch job's parents step does before the partitions move the same rows
        writes.copy(stored(SubtreeQuery.selfAndDescendants(DALLAS)).subList(0, 1), swap, options);
        Map<String, String> guardsBefore = guards();

        MassPageResult firstHalf = writes.copyForMove(vehicles, swap, options);

        assertThat(firstHalf.processed()).isEqualTo(4);
        assertThat(firstHalf.conflicts()).isEmpty();
        assertThat(stored(SubtreeQuery.children(AUSTIN))).hasSize(4);
        assertThat(guards()).as("the sources still hold their values").isEqualTo(guardsBefore);

        MassPageResult moved = writes.move(vehicles, swap, options);

        assertThat(moved.processed()).isEqualTo(4);
        assertThat(moved.conflicts()).isEmpty();
        assertThat(moved.failed()).isEmpty();
        assertThat(stored(SubtreeQuery.children(DALLAS))).isEmpty();
        assertThat(guards()).containsExactlyInAnyOrderEntriesOf(GUARDS_MOVED_TO_AUSTIN);
    }

    @Test
    void aRewriteTakesAndReleasesGuardsLikeASaveAndATakenValueIsThatRowsConflict() {
        loadDallasVehicles(true);
        List<Map<String, AttributeValue>> vehicles = stored(SubtreeQuery.children(DALLAS));
        Map<String, String> newPlates = Map.of("V1", "P9", "V2", "C-taken", "V3", "P3");
        rentals.post(item("state", "TX", "facility", "Dallas", "vin", "V5", "plate", "C-taken"));

        MassPageResult result = mass.writes().put(vehicles, item -> {
            Map<String, AttributeValue> changed = new HashMap<>(item);
            String plate = newPlates.get(item.get("vin").s());
            if (plate != null) {
                changed.put("plate", AttributeValue.fromS(plate));
            }
            return changed;
        }, options);

        assertThat(result.processed()).as("V1, V3, and V4 as it was").isEqualTo(3);
        assertThat(result.failed()).isEmpty();
        assertThat(result.conflicts()).singleElement().satisfies(conflict -> {
            assertThat(conflict.key().get("_sk").s()).isEqualTo("TX|Dallas|V2");
            assertThat(conflict.reason()).contains("plate").contains("C-taken");
        });
        assertThat(guards()).containsExactlyInAnyOrderEntriesOf(Map.of(
                "plate|P9", "TX|Dallas|V1", "plate|P2", "TX|Dallas|V2", "plate|P3", "TX|Dallas|V3",
                "plate|C-taken", "TX|Dallas|V5",
                "code|TX|C1", "TX|Dallas|V1", "code|TX|C2", "TX|Dallas|V2", "code|TX|C3", "TX|Dallas|V3",
                "code|TX|C4", "TX|Dallas|V4"));
    }

    @Test
    void aDeleteReleasesTheGuardsOfTheRowsItDeletes() {
        loadDallasVehicles(true);
        rentals.post(item("state", "OK", "facility", "Tulsa", "vin", "T1", "code", "C1"));

        MassResult result = mass.delete(MassScope.of(rentals.plan(SubtreeQuery.children(DALLAS))), options);

        assertThat(result.processed()).isEqualTo(4);
        assertThat(result.failed()).isEmpty();
        assertThat(result.conflicts()).isEmpty();
        assertThat(stored(SubtreeQuery.children(DALLAS))).isEmpty();
        assertThat(guards()).as("the values free again, the other rows' kept")
                .containsExactlyInAnyOrderEntriesOf(Map.of("code|OK|C1", "OK|Tulsa|T1"));
        rentals.post(item("state", "TX", "facility", "Dallas", "vin", "V9", "plate", "P1", "code", "C1"));
        assertThat(guards()).as("a row taking a released value").containsEntry("plate|P1", "TX|Dallas|V9")
                .containsEntry("code|TX|C1", "TX|Dallas|V9");
    }

    @Test
    void aVerifyReportsDuplicatesRowsWithoutOrWithAMisdirectedGuardAndGuardsNoRowNeeds() {
        loadDallasVehicles(true);
        Adapter<Map<String, Object>> undeclared = writtenBeforeTheFieldsWereDeclaredUnique();

        UniqueReport plates = mass.verifyUnique("plate");

        assertThat(plates.rows()).as("V1, V2, H1, H2, H3").isEqualTo(5);
        assertThat(plates.duplicates()).containsOnlyKeys("\"P1\"");
        assertThat(plates.duplicates().get("\"P1\"")).extracting(key -> key.get("_sk").s())
                .containsExactlyInAnyOrder("TX|Dallas|V1", "TX|Houston|H1");
        assertThat(plates.unguarded()).extracting(key -> key.get("_sk").s())
                .containsExactlyInAnyOrder("TX|Houston|H2", "TX|Dallas|V2");
        assertThat(plates.misguarded()).hasSize(1).allSatisfy((row, owner) -> {
            assertThat(row.get("_sk").s()).isEqualTo("TX|Houston|H3");
            assertThat(owner.get("_sk").s()).isEqualTo("TX|Dallas|V2");
        });
        assertThat(plates.orphanGuards()).isEmpty();
        assertThat(plates.isClean()).isFalse();

        undeclared.delete(vehicle(DALLAS, "V4"));
        UniqueReport codes = mass.verifyUnique("code");

        assertThat(codes.rows()).isEqualTo(3);
        assertThat(codes.duplicates()).isEmpty();
        assertThat(codes.unguarded()).isEmpty();
        assertThat(codes.misguarded()).isEmpty();
        assertThat(codes.orphanGuards()).hasSize(1).allSatisfy((guard, owner) -> {
            assertThat(guard.get("state").s()).isEqualTo("_unique|S4:code|S2:TX|S2:C4");
            assertThat(owner.get("_sk").s()).isEqualTo("TX|Dallas|V4");
        });
    }

    @Test
    void aDuplicateOfAValueUniqueWithinAScopeIsShownWithItsScopeAndTheSameValueElsewhereIsNone() {
        loadDallasVehicles(false);
        Adapter<Map<String, Object>> undeclared = Adapter.create(AdapterDeclaration.builder(ItemMapper.documents())
                .table(table).keys(CascadeIT.KEYS).cascades(true).build(), client);
        undeclared.post(item("state", "TX", "facility", "Houston", "city", "Houston"));
        undeclared.post(item("state", "TX", "facility", "Houston", "vin", "H1", "code", "C1"));
        rentals.post(item("state", "OK", "facility", "Tulsa", "vin", "T1", "code", "C2"));

        UniqueReport codes = mass.verifyUnique("code");

        assertThat(codes.rows()).as("V1..V4, H1, T1").isEqualTo(6);
        assertThat(codes.duplicates()).containsOnlyKeys("\"C1\" within [state=\"TX\"]");
        assertThat(codes.duplicates().get("\"C1\" within [state=\"TX\"]")).extracting(key -> key.get("_sk").s())
                .containsExactlyInAnyOrder("TX|Dallas|V1", "TX|Houston|H1");
        assertThat(codes.unguarded()).as("the duplicates aside, every row guarded").isEmpty();
        assertThatThrownBy(() -> mass.backfillUnique("code")).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("\"C1\" within [state=\"TX\"] held by");
    }

    @Test
    void aBackfillRefusesDuplicatesBeforeWritingAnythingThenWritesTheMissingGuards() {
        loadDallasVehicles(true);
        Adapter<Map<String, Object>> undeclared = writtenBeforeTheFieldsWereDeclaredUnique();
        Map<String, String> before = guards();

        assertThatThrownBy(() -> mass.backfillUnique("plate")).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("\"P1\" held by").hasMessageContaining("TX|Houston|H1")
                .hasMessageContaining("TX|Dallas|V1").hasMessageContaining("nothing was written");
        assertThat(guards()).isEqualTo(before);

        undeclared.delete(vehicle(KeyValues.of("state", "TX", "facility", "Houston"), "H1"));
        MassPageResult backfill = mass.backfillUnique("plate");

        assertThat(backfill.processed()).as("the guards of H2 and V2").isEqualTo(2);
        assertThat(backfill.skipped()).as("V1, guarded").isEqualTo(1);
        assertThat(backfill.failed()).isEmpty();
        assertThat(backfill.conflicts()).singleElement().satisfies(conflict -> {
            assertThat(conflict.key().get("_sk").s()).isEqualTo("TX|Houston|H3");
            assertThat(conflict.reason()).contains("TX|Dallas|V2");
        });
        assertThat(guards()).containsEntry("plate|P1", "TX|Dallas|V1").containsEntry("plate|P7", "TX|Houston|H2")
                .containsEntry("plate|P8", "TX|Dallas|V2").containsEntry("plate|P2", "TX|Dallas|V2");
        UniqueReport after = mass.verifyUnique("plate");
        assertThat(after.unguarded()).isEmpty();
        assertThat(after.duplicates()).isEmpty();
        assertThat(after.misguarded()).containsOnlyKeys(rentals.keys().codec().primaryKeyFromKeyValues(
                vehicle(KeyValues.of("state", "TX", "facility", "Houston"), "H3")));
    }

    @Test
    void onTheAsynchronousClientAMoveKeepsTheGuardsAndAVerifyAndABackfillCheckThem() {
        loadDallasVehicles(true);
        rentals.post(item("state", "OK", "facility", "Tulsa", "vin", "T1", "code", "C4"));
        AsyncMassOperations<Map<String, Object>> async = AsyncMassOperations.of(rentals.async(
                new BlockingBackedAsyncClient(client, AwaitedMassRuns.AsyncPool.CALLS)));

        MassResult moved = MassFutures.join(async.moveAllUnder(DALLAS, OK_DALLAS, options));

        assertThat(moved.processed()).as("the facility, V1, V2 and V3").isEqualTo(4);
        assertThat(conflicts(moved)).containsOnlyKeys("TX|Dallas|V4");
        assertThat(guards()).containsEntry("plate|P1", "OK|Dallas|V1").containsEntry("code|OK|C3", "OK|Dallas|V3")
                .containsEntry("code|TX|C4", "TX|Dallas|V4").doesNotContainKey("code|TX|C1");
        assertThat(MassFutures.join(async.verifyUnique("code")).isClean()).isTrue();

        Adapter.create(AdapterDeclaration.builder(ItemMapper.documents()).table(table).keys(CascadeIT.KEYS).build(),
                client).post(item("state", "OK", "facility", "Tulsa", "vin", "T2", "plate", "P1"));
        assertThat(MassFutures.join(async.verifyUnique("plate")).duplicates()).containsOnlyKeys("\"P1\"");
        assertThatThrownBy(() -> MassFutures.join(async.backfillUnique("plate")))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("\"P1\" held by");
    }

    @Test
    void aVerifyOrBackfillOfAFieldThatIsNotUniqueIsRefused() {
        assertThatThrownBy(() -> mass.verifyUnique("city")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'city' is not a unique field").hasMessageContaining("plate");
        assertThatThrownBy(() -> mass.backfillUnique("city")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'city' is not a unique field");
    }

    /**
     * Rows written by an adapter that does not declare the unique fields (as before they were declared): Houston H1
     * holds V1's plate P1, H2 a plate P7 without a guard, V2 changes its plate to P8 (P2's guard still points at it)
     * and H3 takes P2.
     *
     * @return that adapter
     */
    private Adapter<Map<String, Object>> writtenBeforeTheFieldsWereDeclaredUnique() {
        Adapter<Map<String, Object>> undeclared = Adapter.create(AdapterDeclaration.builder(ItemMapper.documents())
                .table(table).keys(CascadeIT.KEYS).cascades(true).build(), client);
        KeyValues houston = KeyValues.of("state", "TX", "facility", "Houston");
        undeclared.post(item("state", "TX", "facility", "Houston", "city", "Houston"));
        undeclared.post(item("state", "TX", "facility", "Houston", "vin", "H1", "plate", "P1"));
        undeclared.post(item("state", "TX", "facility", "Houston", "vin", "H2", "plate", "P7"));
        undeclared.patch(vehicle(DALLAS, "V2"), Map.of("plate", "P8"));
        undeclared.post(item("state", "TX", "facility", "Houston", "vin", "H3", "plate", "P2"));
        assertThat(undeclared.get(vehicle(houston, "H3"))).isPresent();
        return undeclared;
    }

    /** @return a transform giving each vehicle a new vin, and new values of its unique fields, suffixed */
    private static UnaryOperator<Map<String, AttributeValue>> suffixing(String suffix) {
        return item -> {
            Map<String, AttributeValue> copy = new HashMap<>(item);
            for (String field : List.of("vin", "plate", "code")) {
                if (item.containsKey(field)) {
                    copy.put(field, AttributeValue.fromS(item.get(field).s() + suffix));
                }
            }
            return copy;
        };
    }

    private static KeyValues vehicle(KeyValues facility, String vin) {
        return KeyValues.of("state", facility.get("state"), "facility", facility.get("facility"), "vin", vin);
    }

    private List<Map<String, AttributeValue>> stored(SubtreeQuery query) {
        return rentals.stored().page(rentals.plan(query), ListOptions.defaults()).items();
    }

    /** @return the conflicts' reasons by the structural key of their row */
    private static Map<String, String> conflicts(MassResult result) {
        Map<String, String> reasons = new HashMap<>();
        result.conflicts().forEach(conflict -> reasons.put(conflict.key().get("_sk").s(), conflict.reason()));
        return reasons;
    }

    /**
     * @return every guard of the table, read raw, as "field|scope values|value" to its owner's structural key; two
     *         guards of one value would show as one entry, but a value's guard has one key
     */
    private Map<String, String> guards() {
        Map<String, String> guards = new HashMap<>();
        for (Map<String, AttributeValue> item : client.scanPaginator(scan -> scan.tableName(table)
                .consistentRead(true)).items()) {
            if (item.containsKey("_uniqueOwner")) {
                List<String> parts = new ArrayList<>();
                for (String part : item.get("state").s().substring("_unique|".length()).split("\\|")) {
                    parts.add(part.substring(part.indexOf(':') + 1));
                }
                guards.put(String.join("|", parts), item.get("_uniqueOwner").m().get("_sk").s());
            }
        }
        return guards;
    }
}
