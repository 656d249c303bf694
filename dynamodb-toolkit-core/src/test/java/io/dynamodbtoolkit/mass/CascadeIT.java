package io.dynamodbtoolkit.mass;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.adapter.ItemMapper;
import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.key.SubtreeQuery;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.RequestLog;
import io.dynamodbtoolkit.test.TableSpec;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

/** Cascades on the rentals hierarchy: delete, clone and move whole subtrees, with the Dallasville trap. */
@DynamoDbTest
class CascadeIT {

    /** @return the mass operations of an adapter, as this class runs them (the async variant overrides it) */
    MassRuns<Map<String, Object>, MassResult> massOf(Adapter<Map<String, Object>> adapter) {
        return MassOperations.of(adapter);
    }

    static final KeyModel KEYS = KeyModel.builder().keyFields("state", "facility", "vin").structuralKey("_sk")
            .technicalPrefix("_").typeLabels("state", "facility", "vehicle").typeField("kind")
            .versionField("_version").build();
    static final TableSpec TABLE = TableSpec.named("rentals").partitionKey("state", ScalarAttributeType.S)
            .sortKey("_sk", ScalarAttributeType.S);
    private static final KeyValues DALLAS = KeyValues.of("state", "TX", "facility", "Dallas");
    private static final KeyValues AUSTIN = KeyValues.of("state", "TX", "facility", "Austin");

    private DynamoDbClient client;
    private Adapter<Map<String, Object>> rentals;
    private MassRuns<Map<String, Object>, MassResult> mass;

    @BeforeEach
    void loadRentals(DynamoDbClient dynamo, TestTables tables) {
        client = dynamo;
        rentals = Adapter.create(AdapterDeclaration.builder(ItemMapper.documents()).table(tables.create(TABLE))
                .keys(KEYS).cascades(true).build(), dynamo);
        mass = massOf(rentals);
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
    void deleteAllUnderDallasLeavesDallasvilleUntouched(RequestLog log) {
        log.clear();
        MassResult result = mass.deleteAllUnder(DALLAS, MassOptions.defaults().withPageSize(7));

        assertThat(log.calls("Query")).as("the delete's page reads").hasSizeGreaterThanOrEqualTo(5)
                .allSatisfy(call -> assertThat(((QueryResponse) call.response()).items()).as("keys only")
                        .allSatisfy(row -> assertThat(row).containsOnlyKeys("state", "_sk")));
        assertThat(result.processed()).isEqualTo(31);
        assertThat(result.isComplete()).isTrue();
        assertThat(result.failed()).isEmpty();
        assertThat(subtree(DALLAS)).isEmpty();
        assertThat(subtree(KeyValues.of("state", "TX", "facility", "Dallasville"))).hasSize(31);
        assertThat(rentals.get(KeyValues.of("state", "TX"))).isPresent();
        log.assertNoReadAmplification();
    }

    @Test
    void deleteAllUnderGoesLeavesFirstAndTheNodeLast(RequestLog log) {
        MassResult first = mass.deleteAllUnder(DALLAS, MassOptions.defaults().withMaxItems(30));

        assertThat(first.processed()).isEqualTo(30);
        assertThat(first.isComplete()).isFalse();
        assertThat(rentals.get(DALLAS)).as("the node row is deleted last").isPresent();
        assertThat(subtree(DALLAS)).singleElement().satisfies(row -> assertThat(row).containsEntry("kind", "facility"));

        MassResult rest = mass.deleteAllUnder(DALLAS, MassOptions.defaults().withCursor(first.cursor()));
        assertThat(rest.processed()).isEqualTo(1);
        assertThat(rest.isComplete()).isTrue();
        assertThat(rentals.get(DALLAS)).isEmpty();
    }

    @Test
    void cloneDallasToAustinRewritesEveryStructuralKeyAndTypeField() {
        MassResult result = mass.cloneAllUnder(DALLAS, AUSTIN, MassOptions.defaults().withPageSize(10));

        assertThat(result.processed()).isEqualTo(31);
        List<Map<String, AttributeValue>> austin = storedUnder("TX|Austin");
        assertThat(austin).hasSize(31).allSatisfy(row -> {
            assertThat(row.get("_sk").s()).startsWith("TX|Austin");
            assertThat(row.get("facility").s()).isEqualTo("Austin");
            assertThat(row.get("_version").n()).isEqualTo("1");
        });
        assertThat(austin).filteredOn(row -> row.get("kind").s().equals("facility")).singleElement()
                .satisfies(row -> assertThat(row.get("city").s()).isEqualTo("Dallas"));
        assertThat(austin).filteredOn(row -> row.get("kind").s().equals("vehicle")).hasSize(30);
        assertThat(subtree(DALLAS)).hasSize(31);
    }

    @Test
    void moveDallasUnderAnotherStateIsReRunnable() {
        rentals.post(item("state", "OK"));
        KeyValues tulsa = KeyValues.of("state", "OK", "facility", "Dallas");
        MassResult firstSlice = mass.moveAllUnder(DALLAS, tulsa, MassOptions.defaults().withMaxItems(12));
        assertThat(firstSlice.processed()).isEqualTo(12);

        MassResult again = mass.moveAllUnder(DALLAS, tulsa, MassOptions.defaults());
        MassResult once = mass.moveAllUnder(DALLAS, tulsa, MassOptions.defaults());

        assertThat(again.processed()).isEqualTo(19);
        assertThat(once.processed()).isZero();
        assertThat(subtree(DALLAS)).isEmpty();
        assertThat(subtree(tulsa)).hasSize(31).allSatisfy(row -> assertThat(row).containsEntry("state", "OK"));
        assertThat(rentals.get(tulsa).orElseThrow()).containsEntry("_version", new java.math.BigDecimal(2));
    }

    @Test
    void aTargetTakenByAnotherItemIsAConflictAndItsSourceStays() {
        // written before parent rows were guarded: a vehicle under a facility that has no row
        Adapter.create(AdapterDeclaration.builder(ItemMapper.documents()).table(rentals.table()).keys(KEYS)
                .build(), client).post(item("state", "TX", "facility", "Austin", "vin", "DV3", "note", "already here"));

        MassResult result = mass.moveAllUnder(DALLAS, AUSTIN, MassOptions.defaults());

        assertThat(result.processed()).isEqualTo(30);
        assertThat(result.conflicts()).singleElement().satisfies(conflict -> assertThat(conflict.reason())
                .contains("holds another item"));
        assertThat(subtree(DALLAS)).singleElement().satisfies(row -> assertThat(row).containsEntry("vin", "DV3"));
        assertThat(rentals.get(KeyValues.of("state", "TX", "facility", "Austin", "vin", "DV3")).orElseThrow())
                .containsEntry("note", "already here");
    }

    @Test
    void conditionalMoveChecksEachItem() {
        MassResult result = mass.moveAllUnder(DALLAS, AUSTIN, MassOptions.defaults()
                .withConditional(MassOptions.Conditional.IF_NOT_EXISTS).withConcurrency(3));

        assertThat(result.processed()).isEqualTo(31);
        assertThat(subtree(DALLAS)).isEmpty();
        assertThat(subtree(AUSTIN)).hasSize(31);
    }

    @Test
    void aTargetThatCannotBeAKeyIsRefusedBeforeAnythingIsRead(RequestLog log) {
        log.clear();

        assertThatThrownBy(() -> mass.cloneAllUnder(DALLAS, KeyValues.of("state", "TX", "facility", "Aus|tin"),
                MassOptions.defaults()))
                .isInstanceOf(io.dynamodbtoolkit.key.InvalidKeyException.class)
                .hasMessageContaining("contains the key separator");
        assertThat(log.calls()).isEmpty();
    }

    @Test
    void aTargetWhoseKeysTheTableCannotHoldFailsBeforeItWrites(RequestLog log) {
        KeyValues tooLong = KeyValues.of("state", "TX", "facility", "A".repeat(1_020));
        log.clear();

        assertThatThrownBy(() -> mass.cloneAllUnder(DALLAS, tooLong, MassOptions.defaults()))
                .isInstanceOf(io.dynamodbtoolkit.key.InvalidKeyException.class)
                .hasMessageContaining("over DynamoDB's limit of 1024 bytes");

        assertThat(log.calls("BatchWriteItem")).isEmpty();
        assertThat(log.calls("TransactWriteItems")).isEmpty();
        assertThat(subtree(tooLong)).isEmpty();
    }

    @Test
    void theFirstItemTheTargetCannotHoldStopsTheRunInsteadOfFailingEveryItem() {
        List<Map<String, Object>> more = new ArrayList<>();
        more.add(item("state", "TX", "facility", "Dallas", "vin", "DV28" + "x".repeat(30)));
        for (int v = 0; v < 40; v++) {
            more.add(item("state", "TX", "facility", "Dallas", "vin", String.format("DX%02d", v)));
        }
        rentals.putAll(more);
        KeyValues longName = KeyValues.of("state", "TX", "facility", "B".repeat(1_010));

        MassResult result = mass.cloneAllUnder(DALLAS, longName, MassOptions.defaults().withPageSize(10));

        assertThat(result.isComplete()).isFalse();
        assertThat(result.stoppedBy()).isInstanceOf(io.dynamodbtoolkit.key.InvalidKeyException.class);
        assertThat(result.failed()).singleElement().satisfies(failure -> {
            assertThat(failure.key().get("_sk").s()).startsWith("TX|Dallas|DV28x");
            assertThat(failure.stopsRun()).isTrue();
        });
        // 72 rows; the failure is in the third page of 10. The runner keeps at most two pages in process, so it waits
        // for the third page (and sees the failure) once it has handed over the fifth, and stops: at most five pages
        // of 10 are written, less the failed row. How many of those the run writes before it notices is timing.
        assertThat(result.processed()).as("the run stopped at the pages of the first failure")
                .isLessThanOrEqualTo(49);
        assertThat(subtree(longName)).hasSize((int) result.processed());
    }

    @Test
    void cascadesMustBeDeclared(TestTables tables) {
        Adapter<Map<String, Object>> plain = Adapter.create(AdapterDeclaration.builder(ItemMapper.documents())
                .table(rentals.table()).keys(KEYS).build(), client);

        MassRuns<Map<String, Object>, MassResult> plainMass = massOf(plain);
        List<Runnable> cascades = List.of(() -> plainMass.deleteAllUnder(DALLAS, MassOptions.defaults()),
                () -> plainMass.cloneAllUnder(DALLAS, AUSTIN, MassOptions.defaults()),
                () -> plainMass.moveAllUnder(DALLAS, AUSTIN, MassOptions.defaults()),
                () -> plainMass.editAllUnder(DALLAS, row -> row, MassOptions.defaults()));

        for (Runnable cascade : cascades) {
            assertThatThrownBy(cascade::run).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("Cascades are not enabled for adapter '" + rentals.table() + "'");
        }
        assertThat(subtree(DALLAS)).hasSize(31);
        assertThat(subtree(AUSTIN)).isEmpty();
    }

    @Test
    void anUnscopedDeleteIsRefusedUnlessConfirmed() {
        assertThatThrownBy(() -> mass.delete(MassScope.wholeTable(), MassOptions.defaults()))
                .isInstanceOf(UnscopedMassDeleteException.class)
                .hasMessageContaining("Refusing to delete every item of table " + rentals.table());
        assertThat(mass.delete(MassScope.wholeTable(), MassOptions.defaults().confirmingUnscopedDelete())
                .processed()).isEqualTo(63);
    }

    private List<Map<String, Object>> subtree(KeyValues node) {
        return rentals.list(SubtreeQuery.selfAndDescendants(node), ListOptions.defaults()).items();
    }

    private List<Map<String, AttributeValue>> storedUnder(String prefix) {
        return client.scan(ScanRequest.builder().tableName(rentals.table()).build()).items().stream()
                .filter(row -> row.get("_sk").s().startsWith(prefix)).toList();
    }

    static Map<String, Object> item(Object... pairs) {
        Map<String, Object> item = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            item.put((String) pairs[i], pairs[i + 1]);
        }
        return item;
    }
}
