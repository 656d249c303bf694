package io.dynamodbtoolkit.mass;

import static io.dynamodbtoolkit.mass.CascadeIT.item;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.adapter.AdapterOptions;
import io.dynamodbtoolkit.adapter.Hooks;
import io.dynamodbtoolkit.adapter.ItemMapper;
import io.dynamodbtoolkit.adapter.ItemValidationException;
import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.filter.FieldRule;
import io.dynamodbtoolkit.filter.FilterSpec;
import io.dynamodbtoolkit.index.IndexDeclaration;
import io.dynamodbtoolkit.index.IndexQuery;
import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.key.SubtreeQuery;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.MutableClock;
import io.dynamodbtoolkit.test.RequestLog;
import io.dynamodbtoolkit.test.TableSpec;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/** The mass engine over queries: filters honoured, runs in slices, bulk edits, asOf, index scopes, progress. */
@DynamoDbTest
class MassEngineIT {

    /** @return the mass operations of an adapter, as this class runs them (the async variant overrides it) */
    MassRuns<Map<String, Object>, MassResult> massOf(Adapter<Map<String, Object>> adapter) {
        return MassOperations.of(adapter);
    }

    private static final KeyModel KEYS = KeyModel.builder().keyFields("fleet", "vin").structuralKey("_sk")
            .technicalPrefix("_").versionField("_version").createdAtField("_createdAt").build();
    private static final TableSpec TABLE = TableSpec.named("fleet").partitionKey("fleet", ScalarAttributeType.S)
            .sortKey("_sk", ScalarAttributeType.S)
            .globalIndex("by-color", "color", ScalarAttributeType.S, "vin", ScalarAttributeType.S, ProjectionType.KEYS_ONLY);
    private static final KeyValues FLEET = KeyValues.of("fleet", "A");

    private final MutableClock clock = new MutableClock(Instant.parse("2026-01-01T00:00:00Z"));
    private Adapter<Map<String, Object>> fleet;
    private MassRuns<Map<String, Object>, MassResult> mass;

    @BeforeEach
    void loadFleet(DynamoDbClient client, TestTables tables) {
        fleet = Adapter.create(AdapterDeclaration.builder(ItemMapper.documents()).table(tables.create(TABLE))
                .keys(KEYS).filters(FilterSpec.of(FieldRule.string("color"), FieldRule.number("miles")))
                .indexes(IndexDeclaration.global("by-color").partitionKey("color").sortKey("vin").build())
                .build(), client, AdapterOptions.defaults().withClock(clock));
        mass = massOf(fleet);
        List<Map<String, Object>> vehicles = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            vehicles.add(item("fleet", "A", "vin", String.format("V%03d", i), "color", i % 3 == 0 ? "red" : "blue",
                    "miles", i * 100));
        }
        fleet.putAll(vehicles);
    }

    private List<Map<String, Object>> all() {
        return fleet.list(SubtreeQuery.children(FLEET), ListOptions.defaults()).items();
    }

    private MassScope everythingInFleet() {
        return MassScope.of(fleet.plan(SubtreeQuery.children(FLEET)));
    }

    @Test
    void aFilteredDeleteDeletesOnlyTheMatches() {
        MassResult result = mass.delete(everythingInFleet(), MassOptions.defaults().withFilter(
                fleet.declaration().filters().parse(List.of("eq-color=red"))));

        assertThat(result.processed()).isEqualTo(20);
        assertThat(all()).hasSize(40).allSatisfy(v -> assertThat(v).containsEntry("color", "blue"));
    }

    @Test
    void anIfExistsDeleteDeletesOneItemPerCallWithoutBatches(RequestLog log) {
        log.clear();

        MassResult result = mass.delete(everythingInFleet(), MassOptions.defaults().withPageSize(25)
                .withConditional(MassOptions.Conditional.IF_EXISTS));

        assertThat(result.processed()).isEqualTo(60);
        assertThat(result.skipped()).isZero();
        assertThat(result.isComplete()).isTrue();
        assertThat(log.calls("DeleteItem")).hasSize(60);
        assertThat(log.calls("BatchWriteItem")).isEmpty();
        assertThat(all()).isEmpty();
    }

    @Test
    void runsInSlicesResumeExactlyFromTheirCursor() {
        long processed = 0;
        String cursor = null;
        int runs = 0;
        do {
            MassResult slice = mass.delete(everythingInFleet(), MassOptions.defaults().withMaxItems(7)
                    .withPageSize(3).withCursor(cursor));
            assertThat(slice.processed()).isLessThanOrEqualTo(7);
            processed += slice.processed();
            cursor = slice.cursor();
            runs++;
        } while (cursor != null);

        assertThat(processed).isEqualTo(60);
        assertThat(runs).isBetween(9, 10);
        assertThat(all()).isEmpty();
    }

    @Test
    void bulkEditsWriteChangesSkipTheUnchangedAndReportConflicts() {
        MassResult result = mass.edit(everythingInFleet(), vehicle -> {
            if ("red".equals(vehicle.get("color"))) {
                vehicle.put("color", "crimson");
            }
            if ("V001".equals(vehicle.get("vin"))) {
                fleet.patch(KeyValues.of("fleet", "A", "vin", "V001"), Map.of("miles", 1));
                vehicle.put("color", "green");
            }
            return vehicle;
        }, MassOptions.defaults().withPageSize(25));

        assertThat(result.processed()).isEqualTo(20);
        assertThat(result.skipped()).isEqualTo(39);
        assertThat(result.conflicts()).singleElement().satisfies(conflict -> assertThat(conflict.reason())
                .contains("Version conflict"));
        assertThat(all()).filteredOn(v -> "crimson".equals(v.get("color"))).hasSize(20)
                .allSatisfy(v -> assertThat(v).containsEntry("_version", BigDecimal.valueOf(2)));
    }

    @Test
    void asOfFreezesTheScopeToItemsCreatedBefore() {
        clock.set(Instant.parse("2026-06-01T00:00:00Z"));
        fleet.post(item("fleet", "A", "vin", "V999", "color", "red"));

        MassResult result = mass.delete(everythingInFleet(), MassOptions.defaults()
                .withAsOf(Instant.parse("2026-03-01T00:00:00Z")));

        assertThat(result.processed()).isEqualTo(60);
        assertThat(all()).extracting(v -> v.get("vin")).containsExactly("V999");
    }

    @Test
    void anIndexScopeReadsWholeItemsFromTheTable(RequestLog log) {
        MassResult result = mass.clone(MassScope.of(fleet.plan(IndexQuery.on("by-color").eq("color", "red"))),
                toFleet("B"), MassOptions.defaults());

        assertThat(result.processed()).isEqualTo(20);
        assertThat(fleet.list(SubtreeQuery.children(KeyValues.of("fleet", "B")), ListOptions.defaults()).items())
                .hasSize(20).allSatisfy(v -> assertThat(v).containsKeys("miles", "color"));
        log.assertNoReadAmplification();
    }

    @Test
    void progressIsReportedAfterEveryPage() {
        List<MassProgress> reports = new ArrayList<>();

        mass.delete(everythingInFleet(), MassOptions.defaults().withPageSize(20).withListener(reports::add));

        assertThat(reports).hasSize(3);
        assertThat(reports.get(2).read()).isEqualTo(60);
        assertThat(reports.get(2).processed()).isEqualTo(60);
        assertThat(reports.get(2).operation()).isEqualTo("delete");
        assertThat(reports.get(2).adapter()).isEqualTo(fleet.table());
    }

    @Test
    void aListenerOfTheOperationsHearsEveryRunBesidesTheRunsOwn() {
        List<MassProgress> everyRun = new ArrayList<>();
        List<MassProgress> second = new ArrayList<>();
        List<MassProgress> alsoEveryRun = new ArrayList<>();
        MassRuns<Map<String, Object>, MassResult> observed = mass.withListener(everyRun::add).withListener(alsoEveryRun::add);

        observed.clone(everythingInFleet(), toFleet("B"), MassOptions.defaults().withPageSize(30));
        observed.delete(everythingInFleet(), MassOptions.defaults().withPageSize(30).withListener(second::add));

        assertThat(everyRun).extracting(MassProgress::operation).containsExactly("clone", "clone", "delete", "delete");
        assertThat(alsoEveryRun).isEqualTo(everyRun);
        assertThat(second).isEqualTo(everyRun.subList(2, 4));
        assertThat(everyRun.get(3).processed()).isEqualTo(60);
    }

    @Test
    void validationRunsOnMassWritesAndFailuresCarryKeyAndReason(DynamoDbClient client, TestTables tables) {
        Adapter<Map<String, Object>> strict = Adapter.create(AdapterDeclaration.builder(ItemMapper.documents())
                .table(fleet.table()).keys(KEYS).hooks(Hooks.NONE.withValidator((item, kind) -> {
                    if (item.containsKey("vin") && item.get("vin").s().equals("V004")) {
                        throw new ItemValidationException("V004 is locked");
                    }
                })).build(), client);

        MassResult result = massOf(strict).clone(everythingInFleet(), toFleet("C"),
                MassOptions.defaults());

        assertThat(result.processed()).isEqualTo(59);
        assertThat(result.failed()).singleElement().satisfies(failure -> {
            assertThat(failure.reason()).contains("V004 is locked");
            assertThat(failure.key().get("_sk").s()).isEqualTo("A|V004");
            assertThat(failure.cause()).isInstanceOf(ItemValidationException.class);
        });
    }

    @Test
    void aMoveLeavesTheItemItsValidatorRefusesInPlaceAndMovesTheOthers(DynamoDbClient client) {
        Adapter<Map<String, Object>> strict = Adapter.create(AdapterDeclaration.builder(ItemMapper.documents())
                .table(fleet.table()).keys(KEYS).hooks(Hooks.NONE.withValidator((item, kind) -> {
                    if (item.containsKey("vin") && item.get("vin").s().equals("V004")) {
                        throw new ItemValidationException("V004 is locked");
                    }
                })).build(), client);

        MassResult result = massOf(strict).move(everythingInFleet(), toFleet("C"),
                MassOptions.defaults().withPageSize(25));

        assertThat(result.processed()).isEqualTo(59);
        assertThat(result.failed()).singleElement().satisfies(failure -> {
            assertThat(failure.reason()).startsWith("move refused: ").contains("V004 is locked");
            assertThat(failure.key().get("_sk").s()).isEqualTo("A|V004");
        });
        assertThat(result.isComplete()).as("the refused item is carried for the next run").isFalse();
        assertThat(all()).extracting(v -> v.get("vin")).containsExactly("V004");
    }

    @Test
    void aRunStopsOnceAHundredItemsFailedAndItsCursorCarriesThem(DynamoDbClient client) {
        List<Map<String, Object>> more = new ArrayList<>();
        for (int i = 60; i < 250; i++) {
            more.add(item("fleet", "A", "vin", String.format("V%03d", i), "color", "blue", "miles", i * 100));
        }
        fleet.putAll(more);
        AdapterOptions oneApplication = AdapterOptions.defaults(); // one cursor key for both adapters
        Adapter<Map<String, Object>> locked = Adapter.create(AdapterDeclaration.builder(ItemMapper.documents())
                .table(fleet.table()).keys(KEYS).hooks(Hooks.NONE.withValidator((item, kind) -> {
                    throw new ItemValidationException("the fleet is locked");
                })).build(), client, oneApplication);
        Adapter<Map<String, Object>> unlocked = Adapter.create(AdapterDeclaration.builder(ItemMapper.documents())
                .table(fleet.table()).keys(KEYS).build(), client, oneApplication);

        MassResult result = massOf(locked).clone(everythingInFleet(), toFleet("C"),
                MassOptions.defaults().withPageSize(25));

        assertThat(result.failed()).as("the pages until 100 failed, and those already in process, not all 250")
                .hasSizeBetween(MassRunner.MAX_CARRIED_FAILURES, 199);
        assertThat(result.processed()).isZero();
        assertThat(result.stopped()).as("no failure that stops a run: the count did").isEmpty();
        assertThat(result.isComplete()).isFalse();

        MassResult next = massOf(unlocked).clone(everythingInFleet(), toFleet("C"),
                MassOptions.defaults().withPageSize(25).withCursor(result.cursor()));

        assertThat(next.processed()).as("the failed items first, then the rest").isEqualTo(250);
        assertThat(next.isComplete()).isTrue();
    }

    @Test
    void asOfNeedsACreatedAtField(DynamoDbClient client) {
        Adapter<Map<String, Object>> plain = Adapter.create(AdapterDeclaration.builder(ItemMapper.documents())
                .table(fleet.table()).keys(KeyModel.builder().keyFields("fleet", "vin").structuralKey("_sk").build())
                .build(), client);

        assertThatThrownBy(() -> massOf(plain).delete(everythingInFleet(),
                MassOptions.defaults().withAsOf(Instant.now())))
                .hasMessageContaining("declares no createdAtField");
    }

    static UnaryOperator<Map<String, AttributeValue>> toFleet(String other) {
        return vehicle -> {
            Map<String, AttributeValue> copy = new LinkedHashMap<>(vehicle);
            copy.put("fleet", AttributeValue.fromS(other));
            return copy;
        };
    }
}
