package io.dynamodbtoolkit.mass;

import static io.dynamodbtoolkit.mass.CascadeIT.item;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.adapter.ItemMapper;
import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.filter.FieldRule;
import io.dynamodbtoolkit.filter.FilterSpec;
import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.key.SubtreeQuery;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.TableSpec;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * Copies and moves of a filtered scope through a change of each item ({@code cloneEach} / {@code moveEach}): the copies
 * re-keyed by their changed key fields, resumable in slices, items whose change keeps their key left alone, and
 * colliding targets refused rather than overwritten.
 */
@DynamoDbTest
class ChangedCopiesIT {

    /** @return the mass operations of an adapter, as this class runs them (the async variant overrides it) */
    MassRuns<Map<String, Object>, MassResult> massOf(Adapter<Map<String, Object>> adapter) {
        return MassOperations.of(adapter);
    }

    private static final TableSpec TABLE = TableSpec.named("changed").partitionKey("fleet", ScalarAttributeType.S)
            .sortKey("_sk", ScalarAttributeType.S);
    private static final KeyValues FLEET_A = KeyValues.of("fleet", "A");
    private static final KeyValues FLEET_B = KeyValues.of("fleet", "B");

    private static Adapter<Map<String, Object>> fleet(DynamoDbClient client, TestTables tables, boolean versioned) {
        KeyModel.Builder keys = KeyModel.builder().keyFields("fleet", "vin").structuralKey("_sk").technicalPrefix("_");
        Adapter<Map<String, Object>> fleet = Adapter.create(AdapterDeclaration.builder(ItemMapper.documents())
                .table(tables.create(TABLE)).keys(versioned ? keys.versionField("_version").build() : keys.build())
                .filters(FilterSpec.of(FieldRule.string("color"))).build(), client);
        List<Map<String, Object>> vehicles = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            vehicles.add(item("fleet", "A", "vin", String.format("V%03d", i), "color", i % 3 == 0 ? "red" : "blue"));
        }
        fleet.putAll(vehicles);
        return fleet;
    }

    private static List<Map<String, Object>> in(Adapter<Map<String, Object>> fleet, KeyValues node) {
        return fleet.list(SubtreeQuery.children(node), ListOptions.defaults()).items();
    }

    private static MassScope fleetA(Adapter<Map<String, Object>> fleet) {
        return MassScope.of(fleet.plan(SubtreeQuery.children(FLEET_A)));
    }

    private static UnaryOperator<Map<String, Object>> toFleet(String name, Map<String, Object> overlay) {
        return vehicle -> {
            Map<String, Object> changed = new LinkedHashMap<>(vehicle);
            changed.putAll(overlay);
            changed.put("fleet", name);
            return changed;
        };
    }

    @Test
    void aCloneOfTheMatchesReKeysEachCopyByItsChangedKeyFields(DynamoDbClient client, TestTables tables) {
        Adapter<Map<String, Object>> fleet = fleet(client, tables, true);

        MassResult result = massOf(fleet).cloneEach(fleetA(fleet), toFleet("B", Map.of("note", "copied")),
                MassOptions.defaults().withFilter(fleet.declaration().filters().parse(List.of("eq-color=red"))));

        assertThat(result.processed()).isEqualTo(10);
        assertThat(in(fleet, FLEET_A)).hasSize(30).noneSatisfy(v -> assertThat(v).containsKey("note"));
        assertThat(in(fleet, FLEET_B)).hasSize(10).allSatisfy(v -> assertThat(v).containsEntry("color", "red")
                .containsEntry("note", "copied").containsEntry("fleet", "B"));
    }

    @Test
    void aMoveInSlicesResumesFromItsCursorUntilEveryMatchMoved(DynamoDbClient client, TestTables tables) {
        Adapter<Map<String, Object>> fleet = fleet(client, tables, true);
        MassRuns<Map<String, Object>, MassResult> mass = massOf(fleet);
        MassOptions slice = MassOptions.defaults().withMaxItems(4).withPageSize(3)
                .withConditional(MassOptions.Conditional.IF_NOT_EXISTS)
                .withFilter(fleet.declaration().filters().parse(List.of("eq-color=blue")));
        long moved = 0;
        int runs = 0;
        MassResult result;
        do {
            result = mass.moveEach(fleetA(fleet), toFleet("B", Map.of()), slice);
            slice = slice.withCursor(result.cursor());
            moved += result.processed();
            runs++;
        } while (!result.isComplete() && runs < 50);

        assertThat(moved).isEqualTo(20);
        assertThat(runs).isGreaterThan(1);
        assertThat(in(fleet, FLEET_A)).hasSize(10).allSatisfy(v -> assertThat(v).containsEntry("color", "red"));
        assertThat(in(fleet, FLEET_B)).hasSize(20).allSatisfy(v -> assertThat(v).hasEntrySatisfying("_version", version -> assertThat(((Number) version).longValue()).isEqualTo(2)));
    }

    @Test
    void aMoveWhoseTransformKeepsTheKeyLeavesTheItemsWhereTheyAre(DynamoDbClient client, TestTables tables) {
        Adapter<Map<String, Object>> fleet = fleet(client, tables, false);

        MassResult batched = massOf(fleet).move(fleetA(fleet), UnaryOperator.identity(),
                MassOptions.defaults());
        MassResult perItem = massOf(fleet).move(fleetA(fleet), UnaryOperator.identity(),
                MassOptions.defaults().withConditional(MassOptions.Conditional.IF_NOT_EXISTS));

        assertThat(batched.processed()).isZero();
        assertThat(batched.skipped()).isEqualTo(30);
        assertThat(perItem.processed()).isZero();
        assertThat(perItem.skipped()).isEqualTo(30);
        assertThat(in(fleet, FLEET_A)).hasSize(30);
    }

    @Test
    void aCloneWhoseTransformKeepsTheKeyOfSomeItemsSkipsThoseAndCopiesTheRest(DynamoDbClient client,
            TestTables tables) {
        Adapter<Map<String, Object>> fleet = fleet(client, tables, false);
        List<Map<String, Object>> before = in(fleet, FLEET_A);
        Object kept = before.get(0).get("vin");
        UnaryOperator<Map<String, Object>> toB = toFleet("B", Map.of());
        UnaryOperator<Map<String, Object>> reKeyAllButOne = vehicle -> kept.equals(vehicle.get("vin")) ? vehicle
                : toB.apply(vehicle);

        MassResult batched = massOf(fleet).cloneEach(fleetA(fleet), reKeyAllButOne, MassOptions.defaults());

        assertThat(batched.processed()).isEqualTo(29);
        assertThat(batched.skipped()).isEqualTo(1);
        assertThat(in(fleet, FLEET_B)).hasSize(29).noneSatisfy(v -> assertThat(v).containsEntry("vin", kept));
        assertThat(in(fleet, FLEET_A)).containsExactlyInAnyOrderElementsOf(before);

        MassResult perItem = massOf(fleet).cloneEach(fleetA(fleet), reKeyAllButOne,
                MassOptions.defaults().withConditional(MassOptions.Conditional.IF_NOT_EXISTS));

        assertThat(perItem.processed()).as("the 29 copies exist already").isZero();
        assertThat(perItem.skipped()).isEqualTo(30);
        assertThat(in(fleet, FLEET_A)).containsExactlyInAnyOrderElementsOf(before);
    }

    /**
     * Each target differs (it keeps the source's former key), so only the first lands; a target equal to the copy
     * would count as a move an earlier run made, and its source would go.
     */
    @Test
    void aConditionalMoveOfManyItemsOntoOneKeyMovesOneAndLosesNone(DynamoDbClient client, TestTables tables) {
        Adapter<Map<String, Object>> fleet = fleet(client, tables, true);

        MassResult result = massOf(fleet).moveEach(fleetA(fleet), vehicle -> {
            Map<String, Object> changed = new LinkedHashMap<>(vehicle);
            changed.put("formerVin", vehicle.get("vin"));
            changed.put("vin", "V999");
            return changed;
        }, MassOptions.defaults().withConditional(MassOptions.Conditional.IF_NOT_EXISTS));

        assertThat(result.processed()).isEqualTo(1);
        assertThat(result.conflicts()).hasSize(29);
        assertThat(in(fleet, FLEET_A)).hasSize(30).anySatisfy(v -> assertThat(v).containsEntry("vin", "V999"));
    }
}
