package io.dynamodbtoolkit.springdata;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.cursor.InvalidCursorException;
import io.dynamodbtoolkit.key.KeyValues;
// tag::backfill-index[]
import io.dynamodbtoolkit.mass.MassOptions;
import io.dynamodbtoolkit.mass.MassResult;
// end::backfill-index[]
import io.dynamodbtoolkit.springdata.core.DynamoDbToolkitTemplate;
import io.dynamodbtoolkit.springdata.mapping.DynamoDbMappingContext;
import io.dynamodbtoolkit.springdata.mapping.MappingDynamoDbConverter;
import io.dynamodbtoolkit.springdata.rentals.Facility;
import io.dynamodbtoolkit.springdata.rentals.RentalMassRepository;
import io.dynamodbtoolkit.springdata.rentals.RentalRow;
import io.dynamodbtoolkit.springdata.rentals.Rentals;
import io.dynamodbtoolkit.springdata.rentals.Vehicle;
import io.dynamodbtoolkit.springdata.repository.config.EnableDynamoDbToolkitRepositories;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.RequestLog;
import io.dynamodbtoolkit.test.TestTables;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.ComponentScan.Filter;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.FilterType;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
// tag::backfill-index[]

// end::backfill-index[]

/**
 * Mass operations through repositories, run by the core's engine against a real server, resumable by cursor; and
 * index evolution: facilities written before the {@code all-facilities} marker index was declared (simulated by
 * taking their marker away) are missing from it until {@code backfillIndex} brings the marker back, and attributes
 * of a retired index go only on request.
 */
@DynamoDbTest
class RentalMassIT {

    private static final KeyValues DALLAS = KeyValues.of("state", "TX", "facility", "Dallas");

    private AnnotationConfigApplicationContext context;
    private RentalMassRepository rentals;
    private DynamoDbClient client;
    private String table;

    @Configuration
    @EnableDynamoDbToolkitRepositories(basePackageClasses = RentalMassRepository.class, includeFilters = @Filter(
            type = FilterType.ASSIGNABLE_TYPE, classes = RentalMassRepository.class))
    static class MassConfiguration {
    }

    @BeforeEach
    void load(DynamoDbClient client, TestTables tables) {
        this.client = client;
        table = tables.create(Rentals.TABLE);
        context = SpringContexts.start(client, MassConfiguration.class, beans -> beans.registerBean(
                "rentalsDeclaration", AdapterDeclaration.class, () -> Rentals.declaration(table)));
        rentals = context.getBean(RentalMassRepository.class);
        Rentals.rows().forEach(rentals::insert);
    }

    @AfterEach
    void close() {
        context.close();
    }

    @Test
    void deleteUnderDeletesWhatFindUnderReturns(RequestLog log) {
        MassResult result = rentals.deleteUnder("TX", "Dallas");

        assertThat(result.processed()).isEqualTo(3);
        assertThat(result.isComplete()).isTrue();
        assertThat(rentals.findSelfAndUnder(DALLAS)).singleElement().isInstanceOf(Facility.class);
        assertThat(rentals.findUnder(KeyValues.of("state", "TX", "facility", "Dallasville"))).hasSize(2);
        log.assertNoReadAmplification();
    }

    @Test
    void aBoundedRunResumesFromItsCursor(RequestLog log) {
        MassResult first = rentals.deleteAllUnder("TX", "Dallasville", MassOptions.defaults().withMaxItems(2)
                .withPageSize(2));
        assertThat(first.processed()).isEqualTo(2);
        assertThat(first.next()).isPresent();

        MassResult rest = rentals.deleteAllUnder("TX", "Dallasville", MassOptions.defaults()
                .withCursor(first.cursor()));
        assertThat(rest.processed()).isEqualTo(1);
        assertThat(rest.isComplete()).isTrue();
        assertThat(rentals.findById(KeyValues.of("state", "TX", "facility", "Dallasville"))).isEmpty();
        assertThat(rentals.findSelfAndUnder(DALLAS)).hasSize(4);
        log.assertNoReadAmplification();
    }

    @Test
    void aCascadeDeleteRefusesTheCursorOfAnotherFacilityBeforeWritingAnything() {
        MassResult dallas = rentals.deleteAllUnder("TX", "Dallas", MassOptions.defaults().withMaxItems(1));
        assertThat(dallas.next()).isPresent();
        List<Map<String, AttributeValue>> before = stored();

        assertThatThrownBy(() -> rentals.deleteAllUnder("TX", "Dallasville", MassOptions.defaults().withMaxItems(1)
                .withCursor(dallas.cursor()))).isInstanceOf(InvalidDataAccessApiUsageException.class)
                .hasCauseInstanceOf(InvalidCursorException.class);

        assertThat(stored()).as("no row deleted, no node marked").isEqualTo(before);
    }

    @Test
    void theTemplateRefusesTheCursorOfAnotherOperationTargetOrSubtree() {
        DynamoDbToolkitTemplate template = new DynamoDbToolkitTemplate(Adapter.create(Rentals.declaration(table),
                client), new MappingDynamoDbConverter(new DynamoDbMappingContext()));
        KeyValues plano = KeyValues.of("state", "TX", "facility", "Plano");
        MassResult cloning = template.cloneAllUnder(DALLAS, plano, MassOptions.defaults().withMaxItems(1),
                RentalRow.class);
        MassOptions resuming = MassOptions.defaults().withCursor(cloning.cursor());
        List<Map<String, AttributeValue>> before = stored();

        for (ThrowingCallable foreign : List.<ThrowingCallable>of(
                () -> template.moveAllUnder(DALLAS, plano, resuming, RentalRow.class),
                () -> template.cloneAllUnder(DALLAS, KeyValues.of("state", "TX", "facility", "Waco"), resuming,
                        RentalRow.class),
                () -> template.cloneAllUnder(KeyValues.of("state", "TX", "facility", "Austin"), plano, resuming,
                        RentalRow.class),
                () -> template.deleteAllUnder(DALLAS, resuming, RentalRow.class),
                () -> template.deleteUnder(DALLAS, resuming, RentalRow.class))) {
            assertThatThrownBy(foreign).isInstanceOf(InvalidDataAccessApiUsageException.class)
                    .hasCauseInstanceOf(InvalidCursorException.class);
        }

        assertThat(stored()).as("nothing written").isEqualTo(before);
        assertThat(template.cloneAllUnder(DALLAS, plano, resuming, RentalRow.class).isComplete()).isTrue();
    }

    @Test
    void cloneAndMoveSwapTheKeyPrefix(RequestLog log) {
        assertThat(rentals.cloneAllUnder("TX", "Austin", "Houston").processed()).isEqualTo(2);
        List<RentalRow> houston = rentals.findSelfAndUnder(KeyValues.of("state", "TX", "facility", "Houston"));
        assertThat(houston).hasSize(2);
        assertThat(houston.get(1)).isInstanceOf(Vehicle.class).extracting(row -> ((Vehicle) row).vin())
                .isEqualTo("WBA0006");
        assertThat(rentals.findSelfAndUnder(KeyValues.of("state", "TX", "facility", "Austin"))).hasSize(2);

        assertThat(rentals.moveAllUnder("OK", "Tulsa", "TX").processed()).isEqualTo(2);
        assertThat(rentals.findSelfAndUnder(KeyValues.of("state", "TX", "facility", "Tulsa"))).hasSize(2);
        assertThat(rentals.findUnder(KeyValues.of("state", "OK"))).isEmpty();
        log.assertNoReadAmplification();
    }

    @Test
    void editUnderChangesTheVehiclesAndCountsWhatItLeftAlone() {
        MassResult result = rentals.editUnder("TX", "Dallas", row -> row instanceof Vehicle vehicle
                && vehicle.make().equals("Honda") ? vehicle.withMake("Acura") : row);

        assertThat(result.processed()).isEqualTo(2);
        assertThat(result.skipped()).isEqualTo(1);
        assertThat(rentals.findUnder(DALLAS)).extracting(row -> ((Vehicle) row).make())
                .containsExactly("Acura", "Acura", "Tesla");
        assertThat(rentals.findUnder(DALLAS)).extracting(row -> ((Vehicle) row).version())
                .containsExactly(2L, 2L, 1L);
    }

    @Test
    void baseMethodsCascadeOverANodeAndItsSubtree() {
        assertThat(rentals.editAllUnder(KeyValues.of("state", "OK"), row -> row, MassOptions.defaults()).skipped())
                .isEqualTo(3);
        assertThat(rentals.cloneAllUnder(DALLAS, KeyValues.of("state", "TX", "facility", "Plano"),
                MassOptions.defaults()).processed()).isEqualTo(4);
        assertThat(rentals.moveAllUnder(KeyValues.of("state", "TX", "facility", "Plano"),
                KeyValues.of("state", "OK", "facility", "Plano"), MassOptions.defaults()).processed()).isEqualTo(4);
        assertThat(rentals.deleteAllUnder(KeyValues.of("state", "OK"), MassOptions.defaults()).processed())
                .isEqualTo(7);
        assertThat(rentals.findSelfAndUnder(KeyValues.of("state", "OK"))).isEmpty();
    }

    // ---------------------------------------------------------------- index evolution

    @Test
    void backfillIndexBringsOlderItemsIntoTheIndexARunAtATime() {
        List<Map<String, AttributeValue>> facilities = itemsWith("_facilityMarker");
        assertThat(facilities).hasSize(4);
        facilities.forEach(item -> client.updateItem(request -> request.tableName(table).key(keyOf(item))
                .updateExpression("REMOVE #m").expressionAttributeNames(Map.of("#m", "_facilityMarker"))));
        assertThat(rentals.findInSparseIndex("all-facilities")).as("the index misses the older items").isEmpty();

        List<Long> runs = new ArrayList<>();
        // tag::backfill-index[]
        MassOptions slice = MassOptions.defaults().withMaxItems(5);
        MassResult run = rentals.backfillIndex("all-facilities", slice);
        while (!run.isComplete()) {
            // end::backfill-index[]
            runs.add(run.processed());
            // tag::backfill-index[]
            run = rentals.backfillIndex("all-facilities", slice.withCursor(run.cursor()));
        }
        // end::backfill-index[]
        runs.add(run.processed());

        assertThat(runs).as("13 rows, at most five read a run").hasSizeGreaterThanOrEqualTo(3);
        assertThat(runs.stream().mapToLong(Long::longValue).sum()).isEqualTo(4);
        assertThat(rentals.findInSparseIndex("all-facilities")).hasSize(4).allSatisfy(row -> assertThat(row)
                .isInstanceOf(Facility.class));
        assertThat(itemsWith("_version")).as("the version stays: the items did not change as read")
                .allSatisfy(item -> assertThat(item.get("_version").n()).isEqualTo("1"));
        assertThat(rentals.backfillIndex("all-facilities", MassOptions.defaults()).processed())
                .as("nothing left to write").isZero();
    }

    @Test
    void staleAttributesOfARetiredIndexAreRemovedOnRequestAndDeclaredOnesNever() {
        itemsWith("_facilityMarker").forEach(item -> client.updateItem(request -> request.tableName(table)
                .key(keyOf(item)).updateExpression("SET #m = :y").expressionAttributeNames(Map.of("#m", "_oldMarker"))
                .expressionAttributeValues(Map.of(":y", AttributeValue.fromS("Y")))));

        assertThat(rentals.removeStaleIndexAttributes(List.of("_oldMarker"), MassOptions.defaults()).processed())
                .isEqualTo(4);

        assertThat(itemsWith("_oldMarker")).isEmpty();
        assertThat(itemsWith("_facilityMarker")).hasSize(4);
        assertThatThrownBy(() -> rentals.removeStaleIndexAttributes(List.of("_facilityMarker"),
                MassOptions.defaults())).isInstanceOf(InvalidDataAccessApiUsageException.class)
                .hasMessageContaining("Attribute '_facilityMarker' is still used by the declaration");
        assertThatThrownBy(() -> rentals.removeStaleIndexAttributes(List.of("color"), MassOptions.defaults()))
                .isInstanceOf(InvalidDataAccessApiUsageException.class)
                .hasMessageContaining("'color' is outside the technical prefix");
    }

    @Test
    void anUndeclaredIndexIsRefusedWithTheDeclaredOnes() {
        assertThatThrownBy(() -> rentals.backfillIndex("all-vans", MassOptions.defaults()))
                .isInstanceOf(InvalidDataAccessApiUsageException.class)
                .hasMessageContaining("all-vans").hasMessageContaining("all-facilities");
    }

    private List<Map<String, AttributeValue>> itemsWith(String attribute) {
        return client.scan(request -> request.tableName(table).consistentRead(true)).items().stream()
                .filter(item -> item.containsKey(attribute)).toList();
    }

    private List<Map<String, AttributeValue>> stored() {
        List<Map<String, AttributeValue>> rows = new ArrayList<>(client.scan(request -> request.tableName(table)
                .consistentRead(true)).items());
        rows.sort(Comparator.comparing(row -> row.get("state").s() + "/" + row.get("_sk").s()));
        return rows;
    }

    private static Map<String, AttributeValue> keyOf(Map<String, AttributeValue> item) {
        return Map.of("state", item.get("state"), "_sk", item.get("_sk"));
    }
}
