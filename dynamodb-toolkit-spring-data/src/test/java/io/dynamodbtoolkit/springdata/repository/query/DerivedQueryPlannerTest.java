package io.dynamodbtoolkit.springdata.repository.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

import io.dynamodbtoolkit.DeclarationException;
import io.dynamodbtoolkit.adapter.ItemPage;
import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.springdata.orders.Order;
import io.dynamodbtoolkit.springdata.rentals.Rentals;
import io.dynamodbtoolkit.springdata.rentals.RentalRow;
import io.dynamodbtoolkit.springdata.rentals.Vehicle;
import io.dynamodbtoolkit.springdata.repository.AdapterName;
import io.dynamodbtoolkit.springdata.repository.AllowScan;
import io.dynamodbtoolkit.springdata.repository.HierarchicalRepository;
import io.dynamodbtoolkit.springdata.repository.IndexName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Which seek {@link DerivedQueryPlanner} picks for a derived method, and which declarations it refuses, as tables of
 * method name and expected plan. No server: the templates' client refuses every call, so planning is shown to read
 * nothing. The same methods run against a server in the integration tests (RentalReadsIT, PlainKeysAndIndexesIT,
 * StartupFailureIT, ...).
 */
class DerivedQueryPlannerTest {

    /** Derived methods over the rentals hierarchy (state > facility > vin; indexes all-facilities and by-make). */
    @AdapterName(Rentals.ADAPTER)
    interface RentalMethods extends HierarchicalRepository<RentalRow> {

        List<RentalRow> findByState(String state);

        List<RentalRow> findByStateAndFacility(String state, String facility);

        Optional<Vehicle> findByStateAndFacilityAndVin(String state, String facility, String vin);

        List<RentalRow> findByStateAndFacilityStartingWith(String state, String prefix);

        List<RentalRow> findByStateOrderByFacilityDesc(String state);

        long countByStateAndFacility(String state, String facility);

        List<Vehicle> findByMake(String make);

        List<Vehicle> findByMakeAndDailyRateBetween(String make, BigDecimal low, BigDecimal high);

        List<Vehicle> findByMakeAndDailyRateGreaterThan(String make, BigDecimal rate);

        List<Vehicle> findByMakeOrderByDailyRateDesc(String make);

        @AllowScan
        List<RentalRow> findByStateAndColor(String state, Vehicle.Color color);

        @AllowScan
        List<RentalRow> findByColor(Vehicle.Color color);

        @AllowScan
        List<RentalRow> findByMakeAndColor(String make, Vehicle.Color color);

        @IndexName("by-make")
        List<Vehicle> findByMakeAndDailyRateLessThan(String make, BigDecimal rate);

        // refused

        List<RentalRow> findByStateOrFacility(String state, String facility);

        void deleteByState(String state);

        List<Vehicle> findByColorAndDailyRate(Vehicle.Color color, BigDecimal rate);

        List<RentalRow> findByStateAndMake(String state, String make);

        List<RentalRow> findByStateAndFacilityGreaterThan(String state, String facility);

        List<RentalRow> findByStateOrderByMakeAsc(String state);

        @AllowScan
        List<RentalRow> findByColorOrderByVinAsc(Vehicle.Color color);

        @AllowScan
        List<Vehicle> findByColorAndMake(Vehicle.Color color, String make);

        @IndexName("missing")
        List<Vehicle> findByDailyRate(BigDecimal rate);

        @IndexName("by-make")
        List<Vehicle> findByStateAndVin(String state, String vin);

        ItemPage<RentalRow> findByStateOrderByFacilityAsc(String state, ListOptions options);
    }

    /** Derived methods over plain pk/sk orders (customerId / orderId; GSI by-status, LSI by-total). */
    @AdapterName("orders")
    interface OrderMethods extends HierarchicalRepository<Order> {

        List<Order> findByCustomerId(String customerId);

        List<Order> findByCustomerIdAndOrderIdLessThan(String customerId, String orderId);

        List<Order> findByCustomerIdAndOrderIdBetween(String customerId, String low, String high);

        List<Order> findByCustomerIdAndTotalGreaterThan(String customerId, BigDecimal total);

        List<Order> findByStatusAndCreatedAtAfter(Order.Status status, Instant after);

        List<Order> findByCustomerIdOrderByTotalDesc(String customerId);

        List<Order> findByCustomerIdOrderByOrderIdDesc(String customerId);
    }

    /**
     * @param method   the method
     * @param seeks    the seeks that serve it, preferred first (the order a call's sort chooses among)
     * @param served   the attributes the first seek's key condition takes
     * @param residual the attributes left to a FilterExpression
     */
    record Planned(String method, List<String> seeks, List<String> served, List<String> residual) {

        @Override
        public String toString() {
            return method;
        }
    }

    static Stream<Planned> rentalPlans() {
        return Stream.of(
                planned("findByState", List.of("table PARTITION"), List.of("state"), List.of()),
                planned("findByStateAndFacility", List.of("table SELF_AND_DESCENDANTS"), List.of("state", "facility"),
                        List.of()),
                planned("findByStateAndFacilityAndVin", List.of("table FULL_KEY"), List.of("state", "facility", "vin"),
                        List.of()),
                planned("findByStateAndFacilityStartingWith", List.of("table COMPOSED"), List.of("state", "facility"),
                        List.of()),
                planned("findByStateOrderByFacilityDesc", List.of("table PARTITION"), List.of("state"), List.of()),
                planned("countByStateAndFacility", List.of("table SELF_AND_DESCENDANTS"), List.of("state", "facility"),
                        List.of()),
                planned("findByMake", List.of("index by-make COMPOSED"), List.of("make"), List.of()),
                planned("findByMakeAndDailyRateBetween", List.of("index by-make COMPOSED"), List.of("make", "dailyRate"),
                        List.of()),
                planned("findByMakeAndDailyRateGreaterThan", List.of("index by-make COMPOSED"),
                        List.of("make", "dailyRate"), List.of()),
                planned("findByMakeOrderByDailyRateDesc", List.of("index by-make COMPOSED"), List.of("make"),
                        List.of()),
                // @AllowScan: the table's seek with a filter, or a Scan when the partition key has no equality
                // (an index whose key takes some conditions is not read with a filter)
                planned("findByStateAndColor", List.of("table PARTITION"), List.of("state"), List.of("color")),
                planned("findByColor", List.of(), List.of(), List.of("color")),
                planned("findByMakeAndColor", List.of(), List.of(), List.of("make", "color")),
                planned("findByMakeAndDailyRateLessThan", List.of("index by-make COMPOSED"),
                        List.of("make", "dailyRate"), List.of()));
    }

    static Stream<Planned> orderPlans() {
        return Stream.of(
                planned("findByCustomerId", List.of("table PARTITION", "index by-total COMPOSED"),
                        List.of("customerId"), List.of()),
                planned("findByCustomerIdAndOrderIdLessThan", List.of("table COMPOSED"),
                        List.of("customerId", "orderId"), List.of()),
                planned("findByCustomerIdAndOrderIdBetween", List.of("table COMPOSED"),
                        List.of("customerId", "orderId"), List.of()),
                planned("findByCustomerIdAndTotalGreaterThan", List.of("index by-total COMPOSED"),
                        List.of("customerId", "total"), List.of()),
                planned("findByStatusAndCreatedAtAfter", List.of("index by-status COMPOSED"),
                        List.of("status", "createdAt"), List.of()),
                // a static sort keeps the seeks whose key order serves it
                planned("findByCustomerIdOrderByTotalDesc", List.of("index by-total COMPOSED"), List.of("customerId"),
                        List.of()),
                planned("findByCustomerIdOrderByOrderIdDesc", List.of("table PARTITION"), List.of("customerId"),
                        List.of()));
    }

    static Stream<Arguments> refusals() {
        return Stream.of(
                Arguments.of("findByStateOrFacility", "combines conditions with Or"),
                Arguments.of("deleteByState", "derived deletes would read every match"),
                Arguments.of("findByColorAndDailyRate", "it has no equality on the partition key field 'state'"),
                Arguments.of("findByStateAndMake", "'make' is not a key field of table rentals"),
                Arguments.of("findByStateAndFacilityGreaterThan", "a range takes a tier whose values all have one width"),
                Arguments.of("findByStateOrderByMakeAsc", "order by the key fields after the ones the method binds"),
                Arguments.of("findByColorOrderByVinAsc", "Scans the table, which returns items in no order"),
                Arguments.of("findByColorAndMake", "its element type Vehicle cannot hold [State, Facility]"),
                Arguments.of("findByDailyRate", "@IndexName(\"missing\") names no index of adapter 'rentals'"),
                Arguments.of("findByStateAndVin", "its conditions do not fit the key of index 'by-make'"),
                Arguments.of("findByStateOrderByFacilityAsc", "its name also orders the read (OrderBy...)"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rentalPlans")
    void plansRentalMethods(Planned expected) {
        assertPlan(OfflinePlanning.rentals(RentalRow.class), RentalMethods.class, expected);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("orderPlans")
    void plansPlainKeyMethods(Planned expected) {
        assertPlan(OfflinePlanning.orders(Order.class), OrderMethods.class, expected);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("refusals")
    void refusesWhatNoSeekServes(String method, String message) {
        DerivedQueryPlanner<RentalRow> planner = new DerivedQueryPlanner<>(
                OfflinePlanning.method(RentalMethods.class, method), OfflinePlanning.rentals(RentalRow.class));
        assertThatThrownBy(planner::plan).isInstanceOf(DeclarationException.class).hasMessageContaining(message)
                .hasMessageContaining(method);
    }

    private static <T> void assertPlan(QueryContext<T> context, Class<?> repository, Planned expected) {
        DerivedKeyQuery<T> query = new DerivedQueryPlanner<>(OfflinePlanning.method(repository, expected.method()),
                context).plan();
        List<SeekCandidate> seeks = query.seeks();
        assertThat(seeks).extracting(seek -> seek.seek().toString()).containsExactlyElementsOf(expected.seeks());
        List<BoundPart> served = seeks.isEmpty() ? List.of() : seeks.get(0).seek().parts();
        assertThat(served).extracting(BoundPart::attribute).containsExactlyElementsOf(expected.served());
        assertThat(query.filters().attributes()).containsExactlyElementsOf(expected.residual());
    }

    private static Planned planned(String method, List<String> seeks, List<String> served, List<String> residual) {
        return new Planned(method, seeks, served, residual);
    }
}
