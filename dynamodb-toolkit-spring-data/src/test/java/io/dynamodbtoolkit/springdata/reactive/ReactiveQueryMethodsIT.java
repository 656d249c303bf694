package io.dynamodbtoolkit.springdata.reactive;

import static io.dynamodbtoolkit.springdata.reactive.NoBlockingCalls.nonBlocking;
import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.UnaryOperator;

import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.adapter.ItemPage;
import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.springdata.reactive.queries.ReactiveRentals;
import io.dynamodbtoolkit.springdata.rentals.Facility;
import io.dynamodbtoolkit.springdata.rentals.RentalProjectionRepository.VehicleSummary;
import io.dynamodbtoolkit.springdata.rentals.RentalRow;
import io.dynamodbtoolkit.springdata.rentals.Rentals;
import io.dynamodbtoolkit.springdata.rentals.State;
import io.dynamodbtoolkit.springdata.rentals.Vehicle;
import io.dynamodbtoolkit.springdata.repository.config.EnableReactiveDynamoDbToolkitRepositories;
import io.dynamodbtoolkit.test.DynamoDbEndpoint;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.RequestLog;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.ComponentScan;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.FilterType;
import org.springframework.dao.EmptyResultDataAccessException;
import org.springframework.dao.IncorrectResultSizeDataAccessException;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.domain.Limit;
import org.springframework.data.domain.PageRequest;
import org.springframework.data.domain.ScrollPosition;
import org.springframework.data.domain.Sort;
import org.springframework.data.domain.Window;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/**
 * Every query method form of the blocking rentals repositories on a reactive repository ({@link ReactiveRentals}):
 * planned by the blocking query classes, run on the asynchronous client under BlockHound, with the results the blocking
 * methods return (see {@code RentalReadsIT}, {@code RentalItemPagesIT}), bad arguments and misfits as error
 * signals, and rows read a page at a time as they are consumed.
 */
@DynamoDbTest
@ExtendWith(NoBlockingCalls.class)
class ReactiveQueryMethodsIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private static DynamoDbAsyncClient asyncClient;
    private static AnnotationConfigApplicationContext context;
    private static ReactiveRentals rentals;

    @Configuration
    @EnableReactiveDynamoDbToolkitRepositories(basePackageClasses = ReactiveRentals.class,
            includeFilters = @ComponentScan.Filter(type = FilterType.ASSIGNABLE_TYPE, classes = ReactiveRentals.class))
    static class RentalsConfig {
    }

    @BeforeAll
    static void start(DynamoDbClient client, DynamoDbEndpoint endpoint, TestTables tables, RequestLog log) {
        String table = tables.create(Rentals.TABLE);
        asyncClient = ReactiveContexts.recordingClient(endpoint, log);
        context = ReactiveContexts.start(client, asyncClient, RentalsConfig.class, beans -> beans.registerBean(
                "rentals", AdapterDeclaration.class, () -> Rentals.declaration(table)));
        rentals = context.getBean(ReactiveRentals.class);
    }

    @AfterAll
    static void stop() {
        context.close();
        asyncClient.close();
    }

    @BeforeEach
    void load() {
        Flux.fromIterable(Rentals.rowsLeavesFirst()).concatMap(row -> rentals.deleteById(rentals.keyOf(row)))
                .blockLast(TIMEOUT);
        rentals.saveAll(Flux.fromIterable(Rentals.rows())).blockLast(TIMEOUT);
    }

    @Test
    void subtreeMethodsInEveryShape(RequestLog log) {
        StepVerifier.create(nonBlocking(rentals.findUnder("TX", "Dallas")).map(Vehicle::vin))
                .expectNext("1HGC0001", "1HGC0002", "5YJ30003").verifyComplete();
        StepVerifier.create(nonBlocking(rentals.findUnder("TX", "Dallas", Sort.by(Sort.Direction.DESC, "vin")))
                .map(Vehicle::vin)).expectNext("5YJ30003", "1HGC0002", "1HGC0001").verifyComplete();
        StepVerifier.create(nonBlocking(rentals.findUnderFacility("TX", "Dallas", Limit.of(2))).count())
                .expectNext(2L).verifyComplete();
        StepVerifier.create(nonBlocking(rentals.findSelfAndUnder("TX", "Dallas")).count()).expectNext(4L)
                .verifyComplete();

        Window<Vehicle> first = nonBlocking(rentals.findUnder("TX", "Dallas", ScrollPosition.keyset(), Limit.of(2)))
                .block(TIMEOUT);
        assertThat(first).extracting(Vehicle::vin).containsExactly("1HGC0001", "1HGC0002");
        assertThat(first.hasNext()).isTrue();
        StepVerifier.create(nonBlocking(rentals.findUnder("TX", "Dallas", first.positionAt(1), Limit.of(2))))
                .assertNext(rest -> {
                    assertThat(rest).extracting(Vehicle::vin).containsExactly("5YJ30003");
                    assertThat(rest.hasNext()).isFalse();
                }).verifyComplete();

        StepVerifier.create(nonBlocking(rentals.findByPartial("TX", "Dall", PageRequest.of(1, 3))))
                .assertNext(slice -> {
                    assertThat(slice.getContent()).hasSize(3);
                    assertThat(slice.hasNext()).isTrue();
                }).verifyComplete();
        StepVerifier.create(nonBlocking(rentals.findUnder("TX", PageRequest.of(0, 4))))
                .assertNext(page -> {
                    assertThat(page.getContent()).hasSize(4);
                    assertThat(page.getTotalElements()).isEqualTo(9);
                }).verifyComplete();

        ItemPage<Vehicle> page = nonBlocking(rentals.findUnder("TX", "Dallas", ListOptions.defaults().withLimit(2)))
                .block(TIMEOUT);
        assertThat(page.items()).extracting(Vehicle::vin).containsExactly("1HGC0001", "1HGC0002");
        StepVerifier.create(nonBlocking(rentals.findUnder("TX", "Dallas", ListOptions.defaults()
                        .withCursor(page.nextCursor())))).assertNext(rest -> {
                    assertThat(rest.items()).extracting(Vehicle::vin).containsExactly("5YJ30003");
                    assertThat(rest.nextCursor()).isNull();
                }).verifyComplete();

        StepVerifier.create(nonBlocking(rentals.findUnderAsSummaries("TX", "Dallas")).map(VehicleSummary::getMake))
                .expectNext("Honda", "Honda", "Tesla").verifyComplete();
        assertThat(log.calls("Scan")).isEmpty();
        log.assertNoReadAmplification();
    }

    @Test
    void derivedMethodsOnTheKey(RequestLog log) {
        StepVerifier.create(nonBlocking(rentals.findByStateAndFacilityAndVin("TX", "Dallas", "5YJ30003"))
                .map(Vehicle::make)).expectNext("Tesla").verifyComplete();
        StepVerifier.create(nonBlocking(rentals.findByStateAndFacilityAndVin("TX", "Dallas", "NONE")))
                .verifyComplete();
        StepVerifier.create(nonBlocking(rentals.findByStateAndFacility("TX", "Dallas")).count()).expectNext(4L)
                .verifyComplete();
        StepVerifier.create(nonBlocking(rentals.findByStateAndFacilityStartingWith("TX", "Dal")).count())
                .expectNext(7L).verifyComplete();
        StepVerifier.create(nonBlocking(rentals.findByStateOrderByFacilityDesc("TX")).collectList())
                .assertNext(descending -> {
                    assertThat(descending).hasSize(10);
                    assertThat(descending.get(descending.size() - 1)).isEqualTo(new State("TX", "Texas", 1L));
                }).verifyComplete();
        StepVerifier.create(nonBlocking(rentals.countByStateAndFacility("TX", "Dallas"))).expectNext(4L)
                .verifyComplete();
        StepVerifier.create(nonBlocking(rentals.existsByStateAndFacility("TX", "Austin"))).expectNext(true)
                .verifyComplete();
        StepVerifier.create(nonBlocking(rentals.existsByStateAndFacility("TX", "Houston"))).expectNext(false)
                .verifyComplete();
        StepVerifier.create(nonBlocking(rentals.findFirst2ByStateAndFacility("TX", "Dallas")).count())
                .expectNext(2L).verifyComplete();
        StepVerifier.create(nonBlocking(rentals.findByStateAndFacility("TX", "Dallas",
                ListOptions.defaults().withLimit(3)))).assertNext(page -> {
                    assertThat(page.items()).hasSize(3);
                    assertThat(page.nextCursor()).isNotNull();
                }).verifyComplete();
        StepVerifier.create(nonBlocking(rentals.findByStateAndFacilityAndVinStartingWith("TX", "Dallas", "1HGC",
                VehicleSummary.class)).map(VehicleSummary::getVin)).expectNext("1HGC0001", "1HGC0002")
                .verifyComplete();
        StepVerifier.create(nonBlocking(rentals.findByMakeAndDailyRateBetween("Honda", new BigDecimal("40"),
                new BigDecimal("50"))).map(Vehicle::vin)).expectNext("1HGC0001").verifyComplete();
        assertThat(log.calls("Scan")).isEmpty();
    }

    @Test
    void sparseIndexMethods() {
        StepVerifier.create(nonBlocking(rentals.findInSparseIndexOfFacilities(Sort.unsorted())).map(Facility::city)
                .collectList()).assertNext(cities -> assertThat(cities)
                .containsExactlyInAnyOrder("Dallas", "Dallasville", "Austin", "Tulsa")).verifyComplete();
        Window<Vehicle> cheapest = nonBlocking(rentals.findInSparseIndexByMake("Toyota", ScrollPosition.keyset(),
                Limit.of(1))).block(TIMEOUT);
        assertThat(cheapest).extracting(Vehicle::vin).containsExactly("JT0004");
        StepVerifier.create(nonBlocking(rentals.findInSparseIndexByMake("Toyota", cheapest.positionAt(0),
                Limit.of(1)))).assertNext(next -> assertThat(next).extracting(Vehicle::vin)
                .containsExactly("JT0005")).verifyComplete();
        StepVerifier.create(nonBlocking(rentals.findInSparseIndexNamed("by-make", KeyValues.of("make", "Honda")))
                .count()).expectNext(2L).verifyComplete();
    }

    @Test
    void scansOnlyWhereAllowed(RequestLog log) {
        StepVerifier.create(nonBlocking(rentals.findByStateAndColor("TX", Vehicle.Color.RED))
                .map(row -> ((Vehicle) row).vin())).expectNext("5YJ30003").verifyComplete();
        assertThat(log.calls("Scan")).isEmpty();
        StepVerifier.create(nonBlocking(rentals.findByColor(Vehicle.Color.RED)).map(row -> ((Vehicle) row).vin())
                .collectList()).assertNext(vins -> assertThat(vins).containsExactlyInAnyOrder("5YJ30003", "1FT0007"))
                .verifyComplete();
        assertThat(log.calls("Scan")).isNotEmpty();
    }

    @Test
    void atomicUpdatesInOneCallEach(RequestLog log) {
        KeyValues honda = KeyValues.of("state", "TX", "facility", "Dallas", "vin", "1HGC0001");
        log.clear();
        StepVerifier.create(nonBlocking(rentals.incrementDailyRate(honda, 5)))
                .assertNext(vehicle -> assertThat(vehicle.dailyRate()).isEqualByComparingTo("54.90")).verifyComplete();
        StepVerifier.create(nonBlocking(rentals.addToFeatures(honda, Set.of("wifi")))).verifyComplete();
        assertThat(log.calls("UpdateItem")).as("one UpdateItem each").hasSize(2);
        assertThat(log.calls("GetItem")).as("no read").isEmpty();
        StepVerifier.create(nonBlocking(rentals.findById(honda))).assertNext(row -> assertThat(((Vehicle) row)
                .features()).containsExactlyInAnyOrder("gps", "wifi")).verifyComplete();

        StepVerifier.create(nonBlocking(rentals.incrementDailyRate(KeyValues.of("state", "TX", "facility", "Dallas",
                "vin", "nope"), 1))).expectError(EmptyResultDataAccessException.class).verify(TIMEOUT);
    }

    @Test
    void failuresAreSignalledNotThrown() {
        Mono<RentalRow> several = rentals.findRowByStateAndFacility("TX", "Dallas");
        StepVerifier.create(nonBlocking(several)).expectError(IncorrectResultSizeDataAccessException.class)
                .verify(TIMEOUT);
        Flux<Vehicle> nullKey = rentals.findUnder("TX", (String) null);
        StepVerifier.create(nonBlocking(nullKey)).expectErrorSatisfies(error -> assertThat(error)
                .isInstanceOf(InvalidDataAccessApiUsageException.class).hasMessageContaining("null"))
                .verify(TIMEOUT);
        Flux<Vehicle> badSort = rentals.findUnder("TX", "Dallas", Sort.by("make"));
        StepVerifier.create(nonBlocking(badSort)).expectError(InvalidDataAccessApiUsageException.class)
                .verify(TIMEOUT);
    }

    @Test
    void massQueryMethodsRunOnTheAsynchronousEngineWithoutBlocking() {
        rentals.save(new State("UT", "Utah", null)).block(TIMEOUT);
        List<Facility> facilities = List.of(new Facility("UT", "Ogden", "Ogden", null, null),
                new Facility("UT", "Provo", "Provo", null, null), new Facility("UT", "Moab", "Moab", null, null));
        rentals.saveAll(Flux.fromIterable(facilities)).blockLast(TIMEOUT);
        List<Vehicle> fleet = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            fleet.add(Vehicle.of("UT", "Ogden", String.format("U%04d", i), "Kia", Vehicle.Color.WHITE, "30.00"));
        }
        rentals.saveAll(Flux.fromIterable(fleet)).blockLast(TIMEOUT);
        UnaryOperator<RentalRow> repaint = row -> row instanceof Vehicle vehicle ? new Vehicle(vehicle.state(),
                vehicle.facility(), vehicle.vin(), vehicle.make(), Vehicle.Color.RED, vehicle.dailyRate(),
                vehicle.seats(), vehicle.features(), vehicle.version(), vehicle.createdAt(), vehicle.modifiedAt())
                : row;
        try {
            StepVerifier.create(nonBlocking(rentals.cloneUnder("UT", "Ogden", "Provo")))
                    .assertNext(result -> assertThat(result.processed()).isEqualTo(30)).verifyComplete();
            StepVerifier.create(nonBlocking(rentals.editUnder("UT", "Provo", repaint)))
                    .assertNext(result -> assertThat(result.processed()).isEqualTo(30)).verifyComplete();
            StepVerifier.create(nonBlocking(rentals.moveUnder("UT", "Provo", "Moab")))
                    .assertNext(result -> assertThat(result.processed()).isEqualTo(30)).verifyComplete();

            assertThat(rentals.findUnder("UT", "Provo").collectList().block(TIMEOUT)).isEmpty();
            assertThat(rentals.findUnder("UT", "Moab").collectList().block(TIMEOUT)).hasSize(30)
                    .allSatisfy(vehicle -> assertThat(vehicle.color()).isEqualTo(Vehicle.Color.RED));
            assertThat(rentals.findUnder("UT", "Ogden").collectList().block(TIMEOUT)).hasSize(30)
                    .allSatisfy(vehicle -> assertThat(vehicle.color()).isEqualTo(Vehicle.Color.WHITE));
            StepVerifier.create(nonBlocking(rentals.cloneUnder("UT", "Ogden", null))).expectErrorSatisfies(error ->
                    assertThat(error).isInstanceOf(InvalidDataAccessApiUsageException.class)
                            .hasMessageContaining("null")).verify(TIMEOUT);
        } finally {
            for (String facility : List.of("Ogden", "Provo", "Moab")) {
                rentals.deleteUnder("UT", facility).block(TIMEOUT);
            }
            rentals.deleteAllById(List.of(KeyValues.of("state", "UT", "facility", "Ogden"),
                    KeyValues.of("state", "UT", "facility", "Provo"), KeyValues.of("state", "UT", "facility", "Moab"),
                    KeyValues.of("state", "UT"))).block(TIMEOUT);
        }
    }

    @Test
    void rowsAreReadInPagesOfUpTo1000OrOfTheLimitOrOfTheDemandAndNoRowMore(RequestLog log) {
        List<Vehicle> many = new ArrayList<>();
        for (int i = 0; i < 120; i++) {
            many.add(Vehicle.of("NV", "Reno", String.format("R%04d", i), "Kia", Vehicle.Color.WHITE, "30.00"));
        }
        rentals.save(new State("NV", "Nevada", null)).block(TIMEOUT);
        rentals.save(new Facility("NV", "Reno", "Reno", null, null)).block(TIMEOUT);
        rentals.saveAll(Flux.fromIterable(many)).blockLast(TIMEOUT);
        try {
            log.clear();
            StepVerifier.create(nonBlocking(rentals.findUnder("NV", "Reno"))).expectNextCount(120).verifyComplete();
            assertThat(log.calls("Query")).as("one page of up to 1000").singleElement()
                    .satisfies(call -> assertThat(call.request(QueryRequest.class).limit()).isEqualTo(1000));
            log.clear();
            StepVerifier.create(nonBlocking(rentals.findUnder("NV", "Reno")).take(5)).expectNextCount(5)
                    .verifyComplete();
            assertThat(log.calls("Query")).as("a page of the 5 rows asked for, and no row more").singleElement()
                    .satisfies(call -> assertThat(call.request(QueryRequest.class).limit()).isEqualTo(5));
            log.clear();
            StepVerifier.create(nonBlocking(rentals.findUnderFacility("NV", "Reno", Limit.of(30))).count())
                    .expectNext(30L).verifyComplete();
            assertThat(log.calls("Query")).as("a page of the limit, and no row more").singleElement()
                    .satisfies(call -> assertThat(call.response(QueryResponse.class).scannedCount()).isEqualTo(30));
        } finally {
            StepVerifier.create(nonBlocking(rentals.deleteUnder("NV", "Reno")))
                    .assertNext(result -> assertThat(result.processed()).isEqualTo(120)).verifyComplete();
            rentals.deleteAllById(List.of(KeyValues.of("state", "NV", "facility", "Reno"), KeyValues.of("state", "NV")))
                    .block(TIMEOUT);
        }
        StepVerifier.create(nonBlocking(rentals.findSelfAndUnder("NV", "Reno"))).verifyComplete();
    }
}
