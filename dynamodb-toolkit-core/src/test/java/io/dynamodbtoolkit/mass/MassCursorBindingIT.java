package io.dynamodbtoolkit.mass;

import static io.dynamodbtoolkit.mass.CascadeIT.item;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.adapter.AdapterOptions;
import io.dynamodbtoolkit.adapter.ItemMapper;
import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.cursor.InvalidCursorException;
import io.dynamodbtoolkit.filter.FieldRule;
import io.dynamodbtoolkit.filter.FilterSpec;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.key.SubtreeQuery;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

/**
 * A mass run's cursor resumes only the operation it was minted for (same operation, adapter, subtree or index,
 * filter and target): any other cursor, a list's cursor or garbage is refused with an {@link InvalidCursorException}
 * before anything is read or written, so the table is exactly as it was (no row deleted, no deleting mark left).
 */
@DynamoDbTest
class MassCursorBindingIT {

    /** @return the mass operations of an adapter, as this class runs them (the async variant overrides it) */
    MassRuns<Map<String, Object>, MassResult> massOf(Adapter<Map<String, Object>> adapter) {
        return MassOperations.of(adapter);
    }

    private static final KeyValues DALLAS = KeyValues.of("state", "TX", "facility", "Dallas");
    private static final KeyValues HOUSTON = KeyValues.of("state", "TX", "facility", "Houston");
    private static final KeyValues ELPASO = KeyValues.of("state", "TX", "facility", "El Paso");
    private static final AdapterOptions ONE_APPLICATION = AdapterOptions.defaults();

    private DynamoDbClient client;
    private TestTables tables;
    private Adapter<Map<String, Object>> rentals;
    private MassRuns<Map<String, Object>, MassResult> mass;

    @BeforeEach
    void loadRentals(DynamoDbClient dynamo, TestTables testTables) {
        client = dynamo;
        tables = testTables;
        rentals = rentalsIn(tables.create(CascadeIT.TABLE));
        mass = massOf(rentals);
    }

    private Adapter<Map<String, Object>> rentalsIn(String table) {
        Adapter<Map<String, Object>> adapter = Adapter.create(AdapterDeclaration.builder(ItemMapper.documents())
                .table(table).keys(CascadeIT.KEYS).filters(FilterSpec.of(FieldRule.number("miles")))
                .cascades(true).build(), client, ONE_APPLICATION);
        List<Map<String, Object>> rows = new ArrayList<>();
        rows.add(item("state", "TX"));
        for (String facility : List.of("Dallas", "Houston", "Austin")) {
            rows.add(item("state", "TX", "facility", facility));
            for (int v = 0; v < 5; v++) {
                rows.add(item("state", "TX", "facility", facility, "vin", facility.charAt(0) + "V" + v, "miles", v));
            }
        }
        adapter.putAll(rows);
        return adapter;
    }

    @Test
    void aCascadeDeleteRefusesTheCursorOfAnotherSubtreeBeforeMarkingOrDeleting() {
        MassResult dallas = mass.deleteAllUnder(DALLAS, MassOptions.defaults().withMaxItems(1));
        assertThat(dallas.cursor()).isNotNull();

        refusedWithNothingChanged(() -> mass.deleteAllUnder(HOUSTON, MassOptions.defaults().withMaxItems(1)
                .withCursor(dallas.cursor())));

        MassResult rest = mass.deleteAllUnder(DALLAS, MassOptions.defaults().withCursor(dallas.cursor()));
        assertThat(rest.isComplete()).as("the cursor still resumes its own delete").isTrue();
        assertThat(dallas.processed() + rest.processed()).isEqualTo(6);
    }

    @Test
    void aListCursorOrGarbageIsRefusedByEveryMassOperation() {
        String listCursor = rentals.list(SubtreeQuery.children(DALLAS), ListOptions.defaults().withLimit(2))
                .nextCursor();
        MassScope children = MassScope.of(rentals.plan(SubtreeQuery.children(DALLAS)));
        for (String cursor : List.of(listCursor, "garbage", "not.a-cursor", listCursor + "." + listCursor)) {
            MassOptions resuming = MassOptions.defaults().withCursor(cursor);
            refusedWithNothingChanged(() -> mass.deleteAllUnder(DALLAS, resuming));
            refusedWithNothingChanged(() -> mass.delete(children, resuming));
            refusedWithNothingChanged(() -> mass.moveAllUnder(DALLAS, ELPASO, resuming));
            refusedWithNothingChanged(() -> mass.cloneAllUnder(DALLAS, ELPASO, resuming));
            refusedWithNothingChanged(() -> mass.editAllUnder(DALLAS, item -> item, resuming));
        }
    }

    @Test
    void aCursorResumesOnlyItsOperationSubtreeFilterAndTarget() {
        rentals.post(item("state", "TX", "facility", "El Paso"));
        MassScope dallas = MassScope.of(rentals.plan(SubtreeQuery.children(DALLAS)));
        PrefixSwap toElPaso = PrefixSwap.of(CascadeIT.KEYS, DALLAS, ELPASO);
        MassOptions slice = MassOptions.defaults().withMaxItems(2).withPageSize(2);
        MassResult cloning = mass.clone(dallas, toElPaso, slice);
        assertThat(cloning.cursor()).isNotNull();
        MassOptions resuming = slice.withCursor(cloning.cursor());

        refusedWithNothingChanged(() -> mass.move(dallas, toElPaso, resuming));
        refusedWithNothingChanged(() -> mass.delete(dallas, resuming));
        refusedWithNothingChanged(() -> mass.clone(dallas, PrefixSwap.of(CascadeIT.KEYS, DALLAS,
                KeyValues.of("state", "TX", "facility", "Lubbock")), resuming));
        refusedWithNothingChanged(() -> mass.clone(MassScope.of(rentals.plan(SubtreeQuery.children(HOUSTON))),
                PrefixSwap.of(CascadeIT.KEYS, HOUSTON, ELPASO), resuming));
        refusedWithNothingChanged(() -> mass.clone(dallas, toElPaso, resuming.withFilter(
                rentals.declaration().filters().parse(List.of("ge-miles=1")))));
        refusedWithNothingChanged(() -> mass.clone(dallas, toElPaso,
                resuming.withConditional(MassOptions.Conditional.IF_NOT_EXISTS)));
        refusedWithNothingChanged(() -> mass.cloneAllUnder(DALLAS, ELPASO, resuming));
        refusedWithNothingChanged(() -> mass.clone(dallas, toElPaso, resuming.withTarget("a described target")));

        MassResult rest = mass.clone(dallas, toElPaso, MassOptions.defaults().withCursor(cloning.cursor()));
        assertThat(rest.isComplete()).as("the cursor still resumes its own clone").isTrue();
        assertThat(cloning.processed() + rest.processed()).isEqualTo(5);
    }

    @Test
    void aCursorOfTheSameOperationOnAnotherAdapterIsRefused() {
        Adapter<Map<String, Object>> other = rentalsIn(tables.create(CascadeIT.TABLE));
        MassResult elsewhere = massOf(other).deleteAllUnder(DALLAS, MassOptions.defaults().withMaxItems(2));

        refusedWithNothingChanged(() -> mass.deleteAllUnder(DALLAS, MassOptions.defaults()
                .withCursor(elsewhere.cursor())));
    }

    @Test
    void aCursorCarryingFailedKeysIsBoundAsWell() {
        MassResult edited = mass.editAllUnder(DALLAS, item -> {
            throw new IllegalStateException("no edit today");
        }, MassOptions.defaults().withMaxItems(2));
        assertThat(edited.failed()).isNotEmpty();
        assertThat(edited.cursor()).isNotNull();

        refusedWithNothingChanged(() -> mass.editAllUnder(HOUSTON, item -> item, MassOptions.defaults()
                .withCursor(edited.cursor())));
    }

    private void refusedWithNothingChanged(Executable run) {
        List<Map<String, AttributeValue>> before = stored();
        assertThatThrownBy(run::execute).isInstanceOf(InvalidCursorException.class)
                .hasMessageContaining("cursor cannot resume this mass operation");
        assertThat(stored()).as("nothing read into writes, nothing written").isEqualTo(before);
    }

    private List<Map<String, AttributeValue>> stored() {
        List<Map<String, AttributeValue>> rows = new ArrayList<>(client.scan(ScanRequest.builder()
                .tableName(rentals.table()).consistentRead(true).build()).items());
        rows.sort(Comparator.comparing(row -> row.get("_sk").s()));
        return rows;
    }
}
