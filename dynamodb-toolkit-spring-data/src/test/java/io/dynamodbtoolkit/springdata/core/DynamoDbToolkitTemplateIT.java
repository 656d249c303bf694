package io.dynamodbtoolkit.springdata.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.ItemAlreadyExistsException;
import io.dynamodbtoolkit.adapter.ItemPage;
import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.adapter.NodeHasChildrenException;
import io.dynamodbtoolkit.adapter.ParentNotFoundException;
import io.dynamodbtoolkit.index.IndexQuery;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.key.SubtreeQuery;
import io.dynamodbtoolkit.mass.MassOptions;
import io.dynamodbtoolkit.mass.MassResult;
import io.dynamodbtoolkit.springdata.mapping.DynamoDbMappingContext;
import io.dynamodbtoolkit.springdata.mapping.MappingDynamoDbConverter;
import io.dynamodbtoolkit.springdata.rentals.Facility;
import io.dynamodbtoolkit.springdata.rentals.RentalRow;
import io.dynamodbtoolkit.springdata.rentals.Rentals;
import io.dynamodbtoolkit.springdata.rentals.Vehicle;
import io.dynamodbtoolkit.springdata.tasks.Task;
import io.dynamodbtoolkit.springdata.tasks.Tenants;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.RequestLog;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.dao.PermissionDeniedDataAccessException;
import org.springframework.dao.RecoverableDataAccessException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The template used on its own, like {@code CassandraTemplate}: made from an Adapter and a converter, it reads and
 * writes entities with key seeks, runs mass operations, confines calls to a scope and translates every failure.
 */
@DynamoDbTest
class DynamoDbToolkitTemplateIT {

    private static final KeyValues DALLAS = KeyValues.of("state", "TX", "facility", "Dallas");

    private static final MappingDynamoDbConverter CONVERTER = new MappingDynamoDbConverter(
            new DynamoDbMappingContext());

    private static String rentalsTable;
    private static String tasksTable;

    private DynamoDbToolkitTemplate rentals;
    private DynamoDbToolkitTemplate tasks;

    @BeforeAll
    static void createTables(TestTables tables) {
        rentalsTable = tables.create(Rentals.TABLE);
        tasksTable = tables.create(Tenants.TABLE);
    }

    @BeforeEach
    void load(DynamoDbClient client) {
        rentals = new DynamoDbToolkitTemplate(Adapter.create(Rentals.declaration(rentalsTable), client), CONVERTER);
        tasks = DynamoDbToolkitTemplate.builder(Adapter.create(Tenants.declaration(tasksTable), client), CONVERTER)
                .scopeProvider(Tenants.scope()).build();
        rentals.deleteAllById(Rentals.rows().stream().map(rentals::keyOf).toList());
        Rentals.rows().forEach(rentals::insert);
    }

    @Test
    void readsRowsAsTheClassesOfTheirTiers() {
        assertThat(rentals.findById(DALLAS.and("vin", "5YJ30003"), RentalRow.class)).get()
                .isInstanceOf(Vehicle.class).extracting(row -> ((Vehicle) row).make()).isEqualTo("Tesla");
        assertThat(rentals.findById(DALLAS, RentalRow.class)).get().isInstanceOf(Facility.class);
        assertThat(rentals.existsById(DALLAS.and("vin", "nope"))).isFalse();
        assertThat(rentals.findAllById(List.of(DALLAS.and("vin", "JT0004"), DALLAS.and("vin", "1HGC0001")),
                Vehicle.class)).extracting(Vehicle::vin).containsExactly("1HGC0001");
    }

    @Test
    void aSingleMoveOfARowWithRowsUnderItIsRefusedNamingTheCascadeThatMovesThemAll() {
        assertThatThrownBy(() -> rentals.move(DALLAS, facility -> new Facility("TX", "Waco", "Waco", null, null),
                Facility.class)).isInstanceOf(DataIntegrityViolationException.class)
                .hasCauseInstanceOf(NodeHasChildrenException.class).hasMessageContaining("moveAllUnder");
        assertThat(rentals.existsById(KeyValues.of("state", "TX", "facility", "Waco"))).isFalse();

        MassResult moved = rentals.moveAllUnder(DALLAS, KeyValues.of("state", "TX", "facility", "Waco"),
                MassOptions.defaults(), RentalRow.class);

        assertThat(moved.processed()).isEqualTo(4);
        assertThat(rentals.findAll(SubtreeQuery.children(KeyValues.of("state", "TX", "facility", "Waco")),
                Vehicle.class)).hasSize(3);
        rentals.deleteAllUnder(KeyValues.of("state", "TX", "facility", "Waco"), MassOptions.defaults(),
                RentalRow.class);
    }

    @Test
    void readsSubtreesWithKeySeeksNeverTheSibling(RequestLog log) {
        List<RentalRow> dallas = rentals.findAll(SubtreeQuery.selfAndDescendants(DALLAS), RentalRow.class);

        assertThat(dallas).hasSize(4).allMatch(row -> !(row instanceof Facility facility)
                || facility.facility().equals("Dallas"));
        assertThat(dallas.stream().filter(Vehicle.class::isInstance).map(row -> ((Vehicle) row).facility()))
                .containsOnly("Dallas");
        log.assertNoReadAmplification();
    }

    @Test
    void readsIndexesAndReadsKeysOnlyIndexesWholeFromTheTable(RequestLog log) {
        ItemPage<Vehicle> hondas = rentals.findPage(IndexQuery.on("by-make").eq("make", "Honda"),
                ListOptions.defaults().withLimit(1), Vehicle.class);
        assertThat(hondas.items()).extracting(Vehicle::vin).containsExactly("1HGC0001");
        assertThat(hondas.nextCursor()).isNotNull();
        ItemPage<Vehicle> next = rentals.findPage(IndexQuery.on("by-make").eq("make", "Honda"),
                ListOptions.defaults().withLimit(1).withCursor(hondas.nextCursor()), Vehicle.class);
        assertThat(next.items()).extracting(Vehicle::vin).containsExactly("1HGC0002");

        List<Facility> facilities = rentals.findAll(IndexQuery.on("all-facilities"), Facility.class);
        assertThat(facilities).extracting(Facility::city).containsExactlyInAnyOrder("Dallas", "Dallasville",
                "Austin", "Tulsa");
        assertThat(log.calls("BatchGetItem")).isNotEmpty();
        assertThat(rentals.findIndexMembers("all-facilities", ListOptions.defaults(), Facility.class).items())
                .hasSize(4);
        log.assertNoReadAmplification();
    }

    @Test
    void searchesThroughItsListOptionsAndMapsEntitiesWithoutTheMirrors(DynamoDbClient client) {
        DynamoDbToolkitTemplate searchable = new DynamoDbToolkitTemplate(Adapter.create(
                Rentals.builder(rentalsTable).searchable("make", "city").build(), client), CONVERTER);
        searchable.deleteAllById(Rentals.rows().stream().map(searchable::keyOf).toList());
        Rentals.rows().forEach(searchable::insert);

        assertThat(searchable.findPage(SubtreeQuery.children(KeyValues.of("state", "TX")),
                ListOptions.defaults().withSearch("DALL"), Facility.class).items()).extracting(Facility::city)
                .containsExactly("Dallas", "Dallasville");
        ItemPage<Vehicle> toyotas = searchable.findPage(SubtreeQuery.children(KeyValues.of("state", "TX")),
                ListOptions.defaults().withSearch("yoT").withLimit(1), Vehicle.class);
        assertThat(toyotas.items()).extracting(Vehicle::vin).containsExactly("JT0004");
        assertThat(searchable.findPage(SubtreeQuery.children(KeyValues.of("state", "TX")), ListOptions.defaults()
                .withSearch("yoT").withLimit(1).withCursor(toyotas.nextCursor()), Vehicle.class).items())
                .extracting(Vehicle::vin).containsExactly("JT0005");
        assertThat(searchable.scan(ListOptions.defaults().withSearch("ford"), Vehicle.class).items())
                .extracting(Vehicle::vin).containsExactly("1FT0007");
        assertThatThrownBy(() -> rentals.findPage(SubtreeQuery.children(DALLAS), ListOptions.defaults()
                .withSearch("honda"), Vehicle.class)).isInstanceOf(InvalidDataAccessApiUsageException.class)
                .hasMessageContaining("searchable");
    }

    @Test
    void streamsAPageAtATime(RequestLog log) {
        log.clear();
        try (Stream<RentalRow> texas = rentals.stream(SubtreeQuery.children(KeyValues.of("state", "TX")),
                RentalRow.class)) {
            assertThat(log.calls("Query")).isEmpty();
            assertThat(texas.limit(2)).hasSize(2);
        }
        assertThat(log.calls("Query")).hasSize(1);
    }

    @Test
    void translatesFailuresIntoDataAccessExceptions() {
        assertThatThrownBy(() -> rentals.insert(Vehicle.of("TX", "Dallas", "1HGC0001", "Honda", Vehicle.Color.RED,
                "10.00"))).isInstanceOf(DuplicateKeyException.class)
                .hasCauseInstanceOf(ItemAlreadyExistsException.class);
        assertThatThrownBy(() -> rentals.insert(Vehicle.of("TX", "Houston", "X1", "Kia", Vehicle.Color.RED, "10.00")))
                .isInstanceOf(DataIntegrityViolationException.class).hasCauseInstanceOf(ParentNotFoundException.class);
        assertThatThrownBy(() -> rentals.findAll(SubtreeQuery.children(KeyValues.of("facility", "Dallas")),
                RentalRow.class)).isInstanceOf(InvalidDataAccessApiUsageException.class);
    }

    @Test
    void translatesWithTheTranslatorItIsGiven(DynamoDbClient client) {
        DynamoDbToolkitTemplate custom = DynamoDbToolkitTemplate.builder(Adapter.create(
                Rentals.declaration(rentalsTable), client), CONVERTER)
                .exceptionTranslator(e -> new RecoverableDataAccessException("translated: " + e.getMessage(), e))
                .build();

        assertThatThrownBy(() -> custom.insert(Vehicle.of("TX", "Dallas", "1HGC0001", "Honda", Vehicle.Color.RED,
                "10.00"))).isInstanceOf(RecoverableDataAccessException.class).hasMessageStartingWith("translated: ");
    }

    @Test
    void runsMassOperationsOverSubtrees() {
        MassResult deleted = rentals.deleteAllUnder(DALLAS, MassOptions.defaults(), RentalRow.class);

        assertThat(deleted.isComplete()).isTrue();
        assertThat(deleted.processed()).isEqualTo(4);
        assertThat(rentals.findAll(SubtreeQuery.children(KeyValues.of("state", "TX")), RentalRow.class))
                .allMatch(row -> !(row instanceof Vehicle vehicle) || !vehicle.facility().equals("Dallas"))
                .anyMatch(row -> row instanceof Facility facility && facility.facility().equals("Dallasville"));
    }

    @Test
    void confinesCallsToTheCurrentScope() {
        Tenants.as("acme", () -> tasks.saveAll(List.of(Task.of("apollo", "t1", "Design"),
                Task.of("apollo", "t2", "Build"))));
        Tenants.as("initech", () -> tasks.insert(Task.of("apollo", "t1", "Rewrite")));

        assertThat(Tenants.as("acme", () -> tasks.findAll(SubtreeQuery.children(KeyValues.of("project", "apollo")),
                Task.class))).extracting(Task::getTitle).containsExactly("Design", "Build");
        assertThat(tasks.getScopeFields()).containsExactly("tenant");
        assertThatThrownBy(() -> Tenants.as("acme", () -> tasks.findById(KeyValues.of("tenant", "initech",
                "project", "apollo", "task", "t1"), Task.class)))
                .isInstanceOf(PermissionDeniedDataAccessException.class);
        assertThatThrownBy(() -> tasks.findById(KeyValues.of("project", "apollo", "task", "t1"), Task.class))
                .isInstanceOf(InvalidDataAccessApiUsageException.class).hasMessageContaining("no current scope");
    }

    @Test
    void copiesAndMovesTheRowsOfTheCurrentScopeThroughAChangeNeverOutOfIt() {
        KeyValues hermes = KeyValues.of("project", "hermes");
        KeyValues mercury = KeyValues.of("project", "mercury");
        Tenants.as("umbrella", () -> tasks.saveAll(List.of(Task.of("hermes", "t1", "Design"),
                Task.of("hermes", "t2", "Build"))));
        Tenants.as("wayne", () -> tasks.insert(Task.of("hermes", "t1", "Rewrite")));

        MassResult moved = Tenants.as("umbrella", () -> tasks.moveMatching(task -> {
            task.setProject("mercury");
            return task;
        }, MassOptions.defaults(), Task.class));

        assertThat(moved.processed()).isEqualTo(2);
        assertThat(Tenants.as("umbrella", () -> tasks.findAll(SubtreeQuery.children(mercury), Task.class)))
                .extracting(Task::getTitle).containsExactly("Design", "Build");
        assertThat(Tenants.as("umbrella", () -> tasks.findAll(SubtreeQuery.children(hermes), Task.class))).isEmpty();
        assertThat(Tenants.as("wayne", () -> tasks.findAll(SubtreeQuery.children(hermes), Task.class)))
                .extracting(Task::getTitle).containsExactly("Rewrite");
        assertThatThrownBy(() -> Tenants.as("umbrella", () -> tasks.cloneMatching(task -> {
            task.setTenant("wayne");
            return task;
        }, MassOptions.defaults(), Task.class))).isInstanceOf(PermissionDeniedDataAccessException.class);
        assertThat(Tenants.as("wayne", () -> tasks.findAll(SubtreeQuery.children(mercury), Task.class))).isEmpty();
        assertThatThrownBy(() -> tasks.unscoped().moveMatching(task -> task, MassOptions.defaults(), Task.class))
                .isInstanceOf(InvalidDataAccessApiUsageException.class).hasMessageContaining("confirm");
    }

    @Test
    void aCopyLeavingTheScopeIsRefusedOnEveryPageNotOnlyTheFirst() {
        // the scope is the caller thread's (Tenants is a ThreadLocal, as a request filter sets it); the pages after
        // the first are prepared on the adapter's executor threads, where that thread's scope is not set
        List<Task> rows = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            rows.add(Task.of("atlas", String.format("t%02d", i), "Task " + i));
        }
        Tenants.as("cyberdyne", () -> tasks.saveAll(rows));
        UnaryOperator<Task> intoAnotherTenantFromThe7th = task -> {
            task.setProject("atlas-copy");
            if (task.getTask().compareTo("t06") >= 0) {
                task.setTenant("tyrell");
            }
            return task;
        };

        MassResult copied = Tenants.as("cyberdyne", () -> tasks.cloneMatching(intoAnotherTenantFromThe7th,
                MassOptions.defaults().withPageSize(3), Task.class));
        MassResult moved = Tenants.as("cyberdyne", () -> tasks.moveMatching(intoAnotherTenantFromThe7th,
                MassOptions.defaults().withPageSize(3), Task.class));

        for (MassResult run : List.of(copied, moved)) {
            assertThat(run.isComplete()).isFalse();
            assertThat(run.stoppedBy()).isInstanceOf(PermissionDeniedDataAccessException.class)
                    .hasMessageContaining("tenant=tyrell outside the current scope tenant=cyberdyne");
        }
        assertThat(Tenants.as("tyrell", () -> tasks.findAll(SubtreeQuery.selfAndDescendants(
                KeyValues.of("project", "atlas-copy")), Task.class))).as("rows written outside the scope").isEmpty();
        assertThat(Tenants.as("cyberdyne", () -> tasks.findAll(SubtreeQuery.selfAndDescendants(
                KeyValues.of("project", "atlas")), Task.class))).as("the rows whose move was refused stay")
                .extracting(Task::getTask).contains("t06", "t07", "t08", "t09", "t10", "t11");
    }

    @Test
    void movesOneRowToTheKeyItsChangeGivesWithinTheScope() {
        KeyValues t1 = KeyValues.of("project", "ares", "task", "t1");
        Tenants.as("stark", () -> tasks.saveAll(List.of(Task.of("ares", "t1", "Plan"), Task.of("zeus", "t2", "Taken"))));

        Task moved = Tenants.as("stark", () -> tasks.move(t1, task -> {
            task.setProject("hera");
            return task;
        }, Task.class));

        assertThat(moved.getProject()).isEqualTo("hera");
        assertThat(Tenants.as("stark", () -> tasks.findById(KeyValues.of("project", "hera", "task", "t1"),
                Task.class))).get().extracting(Task::getTitle).isEqualTo("Plan");
        assertThat(Tenants.as("stark", () -> tasks.existsById(t1))).isFalse();
        KeyValues hera = KeyValues.of("project", "hera", "task", "t1");
        assertThatThrownBy(() -> Tenants.as("stark", () -> tasks.move(hera, task -> {
            task.setProject("zeus");
            task.setTask("t2");
            return task;
        }, Task.class))).isInstanceOf(DuplicateKeyException.class);
        assertThatThrownBy(() -> Tenants.as("stark", () -> tasks.move(hera, task -> {
            task.setTenant("wayne");
            return task;
        }, Task.class))).isInstanceOf(PermissionDeniedDataAccessException.class);
        assertThat(Tenants.as("stark", () -> tasks.existsById(hera))).isTrue();
    }

    @Test
    void anUnscopedViewNamesTheScopeFieldsAndConfirmsItsMassDeletes() {
        Tenants.as("initech", () -> tasks.insert(Task.of("gemini", "t9", "Ship")));
        DynamoDbToolkitTemplate unscoped = tasks.unscoped();

        assertThat(unscoped.getScopeFields()).isEmpty();
        assertThat(Tenants.as("acme", () -> unscoped.findById(KeyValues.of("tenant", "initech", "project", "gemini",
                "task", "t9"), Task.class))).get().extracting(Task::getTitle).isEqualTo("Ship");
        KeyValues gemini = KeyValues.of("tenant", "initech", "project", "gemini");
        assertThatThrownBy(() -> unscoped.deleteUnder(gemini, MassOptions.defaults(), Task.class))
                .isInstanceOf(InvalidDataAccessApiUsageException.class).hasMessageContaining("confirm");
        assertThat(unscoped.deleteUnder(gemini, MassOptions.defaults().confirmingUnscopedDelete(), Task.class)
                .processed()).isEqualTo(1);
        assertThat(unscoped.unscoped()).isSameAs(unscoped);
        assertThat(tasks.unscoped()).isSameAs(unscoped);
    }

    @Test
    void bindsAnEntityClassOnceAndChecksItAgainstTheKeyDesign() {
        assertThat(rentals.getTierClasses(RentalRow.class).all()).hasSize(3);
        assertThat(rentals.getTierClasses(RentalRow.class)).isSameAs(rentals.getTierClasses(RentalRow.class));
        assertThat(rentals.getAdapterName()).isEqualTo("rentals");
        assertThat(rentals.toString()).contains(rentalsTable);
        assertThat(rentals.getConverter()).isSameAs(CONVERTER);
    }
}
