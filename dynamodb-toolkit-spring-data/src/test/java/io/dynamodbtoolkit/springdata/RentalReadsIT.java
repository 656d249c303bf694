package io.dynamodbtoolkit.springdata;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.Stream;

import io.dynamodbtoolkit.cursor.InvalidCursorException;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.springdata.rentals.Facility;
import io.dynamodbtoolkit.springdata.rentals.RentalRepository;
import io.dynamodbtoolkit.springdata.rentals.RentalRow;
import io.dynamodbtoolkit.springdata.rentals.Rentals;
import io.dynamodbtoolkit.springdata.rentals.State;
import io.dynamodbtoolkit.springdata.rentals.Vehicle;
import io.dynamodbtoolkit.springdata.repository.config.EnableDynamoDbToolkitRepositories;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.RecordedCall;
import io.dynamodbtoolkit.test.RequestLog;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.ComponentScan.Filter;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.FilterType;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.domain.Limit;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.PageRequest;
import org.springframework.data.domain.ScrollPosition;
import org.springframework.data.domain.Slice;
import org.springframework.data.domain.Sort;
import org.springframework.data.domain.Window;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/**
 * Every read shape of a repository, in a plain Spring context against a real server; each read is a key seek, so
 * every Query returns every item it reads (ScannedCount == Count), except where {@code @AllowScan} says otherwise.
 */
@DynamoDbTest
class RentalReadsIT {

    private static AnnotationConfigApplicationContext context;
    private static RentalRepository rentals;

    @Configuration
    @EnableDynamoDbToolkitRepositories(basePackageClasses = RentalRepository.class, includeFilters = @Filter(
            type = FilterType.ASSIGNABLE_TYPE, classes = RentalRepository.class))
    static class RentalsConfiguration {
    }

    @BeforeAll
    static void loadRentals(DynamoDbClient client, TestTables tables) {
        String table = tables.create(Rentals.TABLE);
        context = SpringContexts.start(client, RentalsConfiguration.class, beans -> beans.registerBean(
                "rentalsDeclaration", io.dynamodbtoolkit.adapter.AdapterDeclaration.class,
                () -> Rentals.declaration(table)));
        rentals = context.getBean(RentalRepository.class);
        Rentals.rows().forEach(rentals::insert);
    }

    @AfterAll
    static void close() {
        context.close();
    }

    @Test
    void findUnderReturnsTheVehiclesOfAFacilityAsVehicles(RequestLog log) {
        List<Vehicle> vehicles = rentals.findUnder("TX", "Dallas");

        assertThat(vehicles).extracting(Vehicle::vin).containsExactly("1HGC0001", "1HGC0002", "5YJ30003");
        assertThat(vehicles.get(0).version()).isEqualTo(1L);
        assertThat(vehicles.get(0).dailyRate()).isEqualByComparingTo("49.90");
        assertThat(vehicles.get(0).color()).isEqualTo(Vehicle.Color.WHITE);
        assertThat(onlyQuery(log).keyConditionExpression()).isEqualTo("#n0 = :v0 AND begins_with(#n1, :v1)");
        log.assertNoReadAmplification();
    }

    @Test
    void windowsResumeExactlyFromAnyPosition(RequestLog log) {
        Window<Vehicle> first = rentals.findUnder("TX", "Dallas", ScrollPosition.keyset(), Limit.of(2));
        assertThat(first.getContent()).extracting(Vehicle::vin).containsExactly("1HGC0001", "1HGC0002");
        assertThat(first.hasNext()).isTrue();

        Window<Vehicle> second = rentals.findUnder("TX", "Dallas", first.positionAt(1), Limit.of(2));
        assertThat(second.getContent()).extracting(Vehicle::vin).containsExactly("5YJ30003");

        Window<Vehicle> fromFirstItem = rentals.findUnder("TX", "Dallas", first.positionAt(0), Limit.of(2));
        assertThat(fromFirstItem.getContent()).extracting(Vehicle::vin).containsExactly("1HGC0002", "5YJ30003");
        assertThat(rentals.findUnder("TX", "Dallas", second.positionAt(0), Limit.of(2)).getContent()).isEmpty();
        log.assertNoReadAmplification();
    }

    @Test
    void aWindowPositionOfAnotherQueryIsRefused() {
        Window<Vehicle> dallas = rentals.findUnder("TX", "Dallas", ScrollPosition.keyset(), Limit.of(1));

        assertThatThrownBy(() -> rentals.findUnder("TX", "Austin", dallas.positionAt(0), Limit.of(1)))
                .isInstanceOf(InvalidDataAccessApiUsageException.class).hasMessageContaining("another query")
                .hasCauseInstanceOf(InvalidCursorException.class);
        assertThatThrownBy(() -> rentals.findUnder("TX", "Dallas", ScrollPosition.offset(5), Limit.of(1)))
                .isInstanceOf(InvalidDataAccessApiUsageException.class).hasMessageContaining("keyset");
    }

    @Test
    void selfAndUnderIsExactAndStreamsEachTierAsItsClass(RequestLog log) {
        List<RentalRow> rows;
        try (Stream<RentalRow> stream = rentals.findSelfAndUnder("TX", "Dallas")) {
            rows = stream.toList();
        }

        assertThat(rows).hasSize(4);
        assertThat(rows.get(0)).isEqualTo(new Facility("TX", "Dallas", "Dallas", null, 1L));
        assertThat(rows.subList(1, 4)).allSatisfy(row -> assertThat(row).isInstanceOf(Vehicle.class));
        assertThat(rows).noneMatch(row -> row instanceof Facility f && f.facility().equals("Dallasville"));
        log.assertNoReadAmplification();
    }

    @Test
    void partialSlicesPageThroughThePrefixInKeyOrder(RequestLog log) {
        List<RentalRow> all = new ArrayList<>();
        Slice<RentalRow> slice = rentals.findByPartial("TX", "Dal", PageRequest.of(0, 3));
        all.addAll(slice.getContent());
        while (slice.hasNext()) {
            slice = rentals.findByPartial("TX", "Dal", slice.nextPageable());
            all.addAll(slice.getContent());
        }

        assertThat(all).hasSize(7).allMatch(row -> facilityOf(row).startsWith("Dal"));
        log.assertNoReadAmplification();
    }

    @Test
    void aSortOnTheNextKeyFieldIsTheDirectionOfTheRead(RequestLog log) {
        List<RentalRow> ascending = rentals.findByPartial("TX", "Dal", PageRequest.of(0, 10)).getContent();
        List<RentalRow> descending = rentals.findByPartial("TX", "Dal",
                PageRequest.of(0, 10, Sort.by(Sort.Direction.DESC, "facility"))).getContent();

        List<RentalRow> reversed = new ArrayList<>(ascending);
        Collections.reverse(reversed);
        assertThat(descending).containsExactlyElementsOf(reversed);
        assertThat(rentals.findUnder("TX", "Dallas", Sort.by(Sort.Direction.DESC, "vin")))
                .extracting(Vehicle::vin).containsExactly("5YJ30003", "1HGC0002", "1HGC0001");
        log.assertNoReadAmplification();
    }

    @Test
    void aSortOnAnotherPropertyIsRefusedNamingTheIndexToDeclare() {
        assertThatThrownBy(() -> rentals.findUnder("TX", "Dallas", Sort.by("make")))
                .isInstanceOf(InvalidDataAccessApiUsageException.class)
                .hasMessageContaining("sorting by 'make' would need an in-memory sort")
                .hasMessageContaining("local secondary index").hasMessageContaining("sort key 'make'");
        assertThatThrownBy(() -> rentals.findUnder("TX", "Dallas", Sort.by(Sort.Order.asc("vin"),
                Sort.Order.desc("state"), Sort.Order.asc("make")))).isInstanceOf(
                InvalidDataAccessApiUsageException.class);
    }

    @Test
    void pagesCountTheirTotal(RequestLog log) {
        Page<RentalRow> page = rentals.findUnder("TX", PageRequest.of(1, 4));

        assertThat(page.getTotalElements()).isEqualTo(9);
        assertThat(page.getContent()).hasSize(4);
        assertThat(page.getTotalPages()).isEqualTo(3);
        log.assertNoReadAmplification();
    }

    @Test
    void aLimitBoundsAList(RequestLog log) {
        assertThat(rentals.findUnderFacility("TX", "Dallas", Limit.of(2))).hasSize(2);
        assertThat(rentals.findFirst2ByStateAndFacility("TX", "Dallas")).hasSize(2);
        log.assertNoReadAmplification();
    }

    @Test
    void derivedMethodsOnTheKeyAreKeySeeks(RequestLog log) {
        assertThat(rentals.findByStateAndFacilityAndVin("TX", "Dallas", "5YJ30003")).get()
                .extracting(Vehicle::make).isEqualTo("Tesla");
        assertThat(rentals.findByStateAndFacilityAndVin("TX", "Dallas", "NOPE")).isEmpty();
        assertThat(rentals.findByStateAndFacility("TX", "Dallas")).hasSize(4)
                .noneMatch(row -> facilityOf(row).equals("Dallasville"));
        assertThat(rentals.findByStateAndFacilityStartingWith("TX", "Dal")).hasSize(7);
        assertThat(rentals.countByStateAndFacility("TX", "Dallas")).isEqualTo(4);
        assertThat(rentals.existsByStateAndFacility("TX", "Austin")).isTrue();
        assertThat(rentals.existsByStateAndFacility("TX", "Houston")).isFalse();
        assertThat(log.calls("Scan")).isEmpty();
        assertThat(log.calls("Query")).allSatisfy(call -> assertThat(call.request(QueryRequest.class)
                .filterExpression()).isNull());
        log.assertNoReadAmplification();
    }

    @Test
    void orderByReversesTheKeyOrder(RequestLog log) {
        List<RentalRow> descending = rentals.findByStateOrderByFacilityDesc("TX");

        assertThat(descending).hasSize(10);
        assertThat(descending.get(descending.size() - 1)).isEqualTo(new State("TX", "Texas", 1L));
        assertThat(onlyQuery(log).scanIndexForward()).isFalse();
        log.assertNoReadAmplification();
    }

    @Test
    void aDerivedMethodOnAnIndexKeyQueriesTheIndex(RequestLog log) {
        List<Vehicle> hondas = rentals.findByMakeAndDailyRateBetween("Honda", new BigDecimal("40"),
                new BigDecimal("50"));

        assertThat(hondas).extracting(Vehicle::vin).containsExactly("1HGC0001");
        assertThat(onlyQuery(log).indexName()).isEqualTo("by-make");
        log.assertNoReadAmplification();
    }

    @Test
    void sparseIndexesListTheirMembersWithKeySeeks(RequestLog log) {
        assertThat(rentals.findInSparseIndexOfFacilities(Sort.unsorted())).extracting(Facility::facility)
                .containsExactlyInAnyOrder("Dallas", "Dallasville", "Austin", "Tulsa")
                .allSatisfy(facility -> assertThat(facility).isNotNull());
        assertThat(rentals.findInSparseIndexOfFacilities(Sort.unsorted()).get(0).city()).isNotNull();
        assertThat(rentals.findInSparseIndex("all-facilities")).hasSize(4);

        Window<Vehicle> cheapest = rentals.findInSparseIndexByMake("Toyota", ScrollPosition.keyset(), Limit.of(1));
        assertThat(cheapest.getContent()).extracting(Vehicle::vin).containsExactly("JT0004");
        assertThat(rentals.findInSparseIndexByMake("Toyota", cheapest.positionAt(0), Limit.of(1)).getContent())
                .extracting(Vehicle::vin).containsExactly("JT0005");
        assertThat(rentals.findInSparseIndexNamed("by-make", KeyValues.of("make", "Honda"))).hasSize(2);
        assertThat(rentals.findInSparseIndex("by-make", KeyValues.of("make", "BMW"))).hasSize(1);
        assertThat(log.calls("Query")).allSatisfy(call -> assertThat(call.request(QueryRequest.class).indexName())
                .isIn("all-facilities", "by-make"));
        assertThat(log.calls("Scan")).isEmpty();
        log.assertNoReadAmplification();
    }

    @Test
    void anUnknownIndexNamedAtRunTimeIsRefusedListingTheIndexes() {
        assertThatThrownBy(() -> rentals.findInSparseIndex("by-colour"))
                .isInstanceOf(InvalidDataAccessApiUsageException.class)
                .hasMessageContaining("no index 'by-colour'").hasMessageContaining("all-facilities");
    }

    @Test
    void allowScanReadsWhatItDoesNotReturnAndSaysSo(RequestLog log) {
        assertThat(rentals.findByStateAndColor("TX", Vehicle.Color.RED)).extracting(RentalRow::state)
                .containsExactly("TX");
        QueryResponse filtered = log.calls("Query").get(0).response(QueryResponse.class);
        assertThat(filtered.scannedCount()).isGreaterThan(filtered.count());

        log.clear();
        assertThat(rentals.findByColor(Vehicle.Color.RED)).hasSize(2);
        assertThat(log.calls("Scan")).isNotEmpty();
    }

    @Test
    void baseMethodsReadByKeyAndBySubtree(RequestLog log) {
        KeyValues dallas = KeyValues.of("state", "TX", "facility", "Dallas");

        assertThat(rentals.findById(dallas)).get().isInstanceOf(Facility.class);
        assertThat(rentals.existsById(dallas.and("vin", "1HGC0001"))).isTrue();
        assertThat(rentals.existsById(dallas.and("vin", "NOPE"))).isFalse();
        assertThat(rentals.findAllById(List.of(KeyValues.of("state", "OK"), dallas.and("vin", "NOPE"), dallas)))
                .extracting(row -> row.getClass().getSimpleName()).containsExactly("State", "Facility");
        assertThat(rentals.findUnder(dallas)).hasSize(3);
        assertThat(rentals.findSelfAndUnder(dallas)).hasSize(4);
        assertThat(rentals.findByPartial(KeyValues.of("state", "TX"), "Dal")).hasSize(7);
        Window<RentalRow> window = rentals.findSelfAndUnder(dallas, ScrollPosition.keyset(), Limit.of(3));
        assertThat(rentals.findSelfAndUnder(dallas, window.positionAt(2), Limit.of(3)).getContent()).hasSize(1);
        assertThat(rentals.findUnder(KeyValues.of("state", "OK"), PageRequest.of(0, 1)).hasNext()).isTrue();
        log.assertNoReadAmplification();
    }

    private static QueryRequest onlyQuery(RequestLog log) {
        List<RecordedCall> queries = log.calls("Query");
        assertThat(queries).hasSize(1);
        return queries.get(0).request(QueryRequest.class);
    }

    private static String facilityOf(RentalRow row) {
        if (row instanceof Facility facility) {
            return facility.facility();
        }
        return row instanceof Vehicle vehicle ? vehicle.facility() : "";
    }
}
