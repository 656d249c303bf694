package io.dynamodbtoolkit.springdata;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.adapter.ItemPage;
import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.springdata.rentals.Facility;
import io.dynamodbtoolkit.springdata.rentals.RentalProjectionRepository;
import io.dynamodbtoolkit.springdata.rentals.RentalProjectionRepository.FacilityCity;
import io.dynamodbtoolkit.springdata.rentals.RentalProjectionRepository.RowState;
import io.dynamodbtoolkit.springdata.rentals.RentalProjectionRepository.VehicleLabel;
import io.dynamodbtoolkit.springdata.rentals.RentalProjectionRepository.VehicleSummary;
import io.dynamodbtoolkit.springdata.rentals.RentalProjectionRepository.VehicleView;
import io.dynamodbtoolkit.springdata.rentals.RentalRow;
import io.dynamodbtoolkit.springdata.rentals.Rentals;
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
import org.springframework.data.domain.Window;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/**
 * Query methods returning projections (closed and open interfaces, DTOs, a dynamic {@code Class} argument) in every
 * result shape, against a real server. A projection converts the rows after reading them whole: the requests are the
 * same key seeks as for the entities (no ProjectionExpression, no filter, ScannedCount == Count).
 */
@DynamoDbTest
class RentalProjectionsIT {

    private static AnnotationConfigApplicationContext context;
    private static RentalProjectionRepository rentals;

    @Configuration
    @EnableDynamoDbToolkitRepositories(basePackageClasses = RentalProjectionRepository.class, includeFilters = @Filter(
            type = FilterType.ASSIGNABLE_TYPE, classes = RentalProjectionRepository.class))
    static class ProjectionsConfiguration {
    }

    @BeforeAll
    static void loadRentals(DynamoDbClient client, TestTables tables) {
        String table = tables.create(Rentals.TABLE);
        context = SpringContexts.start(client, ProjectionsConfiguration.class, beans -> beans.registerBean(
                "rentalsDeclaration", AdapterDeclaration.class, () -> Rentals.declaration(table)));
        rentals = context.getBean(RentalProjectionRepository.class);
        Rentals.rows().forEach(rentals::insert);
    }

    @AfterAll
    static void close() {
        context.close();
    }

    @Test
    void aClosedInterfaceProjectionReadsTheSameKeySeekWhole(RequestLog log) {
        List<VehicleSummary> vehicles = rentals.findUnder("TX", "Dallas");

        assertThat(vehicles).extracting(VehicleSummary::getVin).containsExactly("1HGC0001", "1HGC0002", "5YJ30003");
        assertThat(vehicles).extracting(VehicleSummary::getMake).containsExactly("Honda", "Honda", "Tesla");
        assertThat(vehicles).allSatisfy(vehicle -> assertThat(vehicle).isNotInstanceOf(Vehicle.class));
        QueryRequest query = onlyQuery(log);
        assertThat(query.keyConditionExpression()).isEqualTo("#n0 = :v0 AND begins_with(#n1, :v1)");
        assertThat(query.projectionExpression()).isNull();
        assertThat(query.filterExpression()).isNull();
        log.assertNoReadAmplification();
    }

    @Test
    void aDtoProjectionTakesItsConstructorParametersFromTheEntity(RequestLog log) {
        List<VehicleView> views;
        try (Stream<VehicleView> stream = rentals.findUnderAsViews("TX", "Dallasville")) {
            views = stream.toList();
        }

        assertThat(views).map(RentalProjectionsIT::plain).containsExactly(
                new VehicleView("JT0004", "Toyota", new BigDecimal("39"), 5),
                new VehicleView("JT0005", "Toyota", new BigDecimal("41"), 5));
        assertThat(plain(rentals.findViewByStateAndFacilityAndVin("TX", "Austin", "WBA0006")))
                .isEqualTo(new VehicleView("WBA0006", "BMW", new BigDecimal("95"), 5));
        assertThat(rentals.findViewByStateAndFacilityAndVin("TX", "Austin", "NOPE")).isNull();
        log.assertNoReadAmplification();
    }

    @Test
    void windowsOfProjectionsResumeFromTheirPositions(RequestLog log) {
        Window<VehicleView> first = rentals.findUnder("TX", "Dallas", ScrollPosition.keyset(), Limit.of(2));
        Window<VehicleView> second = rentals.findUnder("TX", "Dallas", first.positionAt(1), Limit.of(2));
        Window<VehicleView> fromFirst = rentals.findUnder("TX", "Dallas", first.positionAt(0), Limit.of(2));

        assertThat(first.getContent()).extracting(VehicleView::vin).containsExactly("1HGC0001", "1HGC0002");
        assertThat(first.hasNext()).isTrue();
        assertThat(second.getContent()).extracting(VehicleView::vin).containsExactly("5YJ30003");
        assertThat(fromFirst.getContent()).extracting(VehicleView::vin).containsExactly("1HGC0002", "5YJ30003");
        log.assertNoReadAmplification();
    }

    @Test
    void pagesAndSlicesOfProjectionsKeepTheirPaging(RequestLog log) {
        Page<VehicleSummary> page = rentals.findUnder("TX", "Dallas", PageRequest.of(1, 2));
        assertThat(page.getTotalElements()).isEqualTo(3);
        assertThat(page.getContent()).extracting(VehicleSummary::getVin).containsExactly("5YJ30003");

        List<String> states = new ArrayList<>();
        Slice<RowState> slice = rentals.findByPartial("TX", "Dal", PageRequest.of(0, 3));
        slice.forEach(row -> states.add(row.getState()));
        while (slice.hasNext()) {
            slice = rentals.findByPartial("TX", "Dal", slice.nextPageable());
            slice.forEach(row -> states.add(row.getState()));
        }
        assertThat(states).hasSize(7).containsOnly("TX");
        log.assertNoReadAmplification();
    }

    @Test
    void aProjectionOfPropertiesEveryTierHasReadsEveryTier(RequestLog log) {
        assertThat(rentals.findSelfAndUnder("TX", "Dallas")).hasSize(4).extracting(RowState::getState)
                .containsOnly("TX");
        assertThat(rentals.findInSparseIndexNamed("by-make", KeyValues.of("make", "Honda")))
                .extracting(RowState::getState).containsExactly("TX", "TX");
        log.assertNoReadAmplification();
    }

    @Test
    void aProjectionOfAKeysOnlyIndexIsMadeFromTheWholeItems(RequestLog log) {
        List<FacilityCity> facilities = rentals.findInSparseIndexOfFacilities();

        assertThat(facilities).extracting(FacilityCity::getFacility)
                .containsExactlyInAnyOrder("Dallas", "Dallasville", "Austin", "Tulsa");
        assertThat(facilities).extracting(FacilityCity::getCity)
                .containsExactlyInAnyOrder("Dallas", "Dallasville", "Austin", "Tulsa");
        log.assertNoReadAmplification();
    }

    @Test
    void derivedMethodsProjectOptionalsAndOpenProjections(RequestLog log) {
        assertThat(rentals.findByStateAndFacilityAndVin("TX", "Dallas", "5YJ30003")).get()
                .extracting(VehicleSummary::getMake).isEqualTo("Tesla");
        assertThat(rentals.findByStateAndFacilityAndVin("TX", "Dallas", "NOPE")).isEmpty();

        List<VehicleLabel> labels = rentals.findByMakeAndDailyRateBetween("Honda", new BigDecimal("40"),
                new BigDecimal("60"));
        assertThat(labels).extracting(VehicleLabel::getLabel).containsExactly("Honda 1HGC0001", "Honda 1HGC0002");
        assertThat(log.calls("Query")).last().satisfies(call -> assertThat(call.request(QueryRequest.class)
                .indexName()).isEqualTo("by-make"));
        log.assertNoReadAmplification();
    }

    @Test
    void itemPagesOfProjectionsKeepTheirCursorAndStats(RequestLog log) {
        ItemPage<VehicleSummary> first = rentals.findUnder("TX", "Dallas", ListOptions.defaults().withLimit(2));
        ItemPage<VehicleSummary> second = rentals.findUnder("TX", "Dallas", ListOptions.defaults().withLimit(2)
                .withCursor(first.nextCursor()));

        assertThat(first.items()).extracting(VehicleSummary::getVin).containsExactly("1HGC0001", "1HGC0002");
        assertThat(first.stats().returned()).as("the page, and the item beyond it that says more follow")
                .isEqualTo(3);
        assertThat(first.description()).contains("begins_with(_sk, \"TX|Dallas|\")");
        assertThat(second.items()).extracting(VehicleSummary::getVin).containsExactly("5YJ30003");
        log.assertNoReadAmplification();
    }

    @Test
    void aDynamicProjectionIsChosenPerCall(RequestLog log) {
        assertThat(rentals.findUnder("TX", "Austin", VehicleSummary.class)).extracting(VehicleSummary::getMake)
                .containsExactly("BMW");
        assertThat(rentals.findUnder("TX", "Austin", VehicleView.class)).map(RentalProjectionsIT::plain)
                .containsExactly(
                new VehicleView("WBA0006", "BMW", new BigDecimal("95"), 5));
        assertThat(rentals.findUnder("TX", "Austin", Vehicle.class)).extracting(Vehicle::vin)
                .containsExactly("WBA0006");
        assertThat(rentals.findUnder("TX", "Austin", RentalRow.class)).hasSize(1);
        try (Stream<RowState> rows = rentals.findSelfAndUnderAs("TX", "Austin", RowState.class)) {
            assertThat(rows).extracting(RowState::getState).containsExactly("TX", "TX");
        }
        assertThat(rentals.findByStateAndFacility("TX", "Austin", RowState.class)).hasSize(2);
        assertThat(rentals.findByStateAndFacilityAndVin("TX", "Austin", "WBA0006", VehicleView.class)).get()
                .extracting(VehicleView::make).isEqualTo("BMW");

        ItemPage<VehicleView> page = rentals.findUnder("TX", "Dallas", ListOptions.defaults().withLimit(1),
                VehicleView.class);
        assertThat(page.items()).extracting(VehicleView::vin).containsExactly("1HGC0001");
        assertThat(page.nextCursor()).isNotNull();
        log.assertNoReadAmplification();
    }

    @Test
    void aDynamicProjectionThatCannotHoldEveryRowIsRefusedBeforeReading(RequestLog log) {
        assertThatThrownBy(() -> rentals.findUnder("TX", "Dallas", Facility.class))
                .isInstanceOf(InvalidDataAccessApiUsageException.class)
                .hasMessageContaining("RentalProjectionRepository.findUnder(String, String, Class)")
                .hasMessageContaining("returns rows as [Vehicle]")
                .hasMessageContaining("element type Facility cannot hold [Vehicle]");
        assertThatThrownBy(() -> rentals.findSelfAndUnderAs("TX", "Dallas", VehicleSummary.class))
                .isInstanceOf(InvalidDataAccessApiUsageException.class)
                .hasMessageContaining("interface projection VehicleSummary cannot be made from [Facility]")
                .hasMessageContaining("Facility has no properties [vin, make]");
        assertThatThrownBy(() -> rentals.findByStateAndFacility("TX", "Dallas", VehicleView.class))
                .isInstanceOf(InvalidDataAccessApiUsageException.class)
                .hasMessageContaining("DTO projection VehicleView cannot be made from [Facility]");
        assertThatThrownBy(() -> rentals.findInSparseIndexNamedAsSummaries("all-facilities", KeyValues.empty()))
                .isInstanceOf(InvalidDataAccessApiUsageException.class)
                .hasMessageContaining("the members of index 'all-facilities'")
                .hasMessageContaining("interface projection VehicleSummary cannot be made from [Facility]");
        assertThat(log.calls("Query")).isEmpty();
        assertThat(rentals.findInSparseIndexNamedAsSummaries("by-make", KeyValues.of("make", "Tesla")))
                .extracting(VehicleSummary::getVin).containsExactly("5YJ30003");
        log.clear();
        assertThatThrownBy(() -> rentals.findUnder("TX", "Dallas", (Class<Object>) null))
                .isInstanceOf(InvalidDataAccessApiUsageException.class)
                .hasMessageContaining("the projection type argument is null");
        assertThat(log.calls("Query")).isEmpty();
    }

    /** @return the view with its rate without trailing zeros (servers differ in whether they keep them) */
    private static VehicleView plain(VehicleView view) {
        return new VehicleView(view.vin(), view.make(), view.dailyRate().stripTrailingZeros(), view.seats());
    }

    private static QueryRequest onlyQuery(RequestLog log) {
        List<RecordedCall> queries = log.calls("Query");
        assertThat(queries).hasSize(1);
        return queries.get(0).request(QueryRequest.class);
    }
}
