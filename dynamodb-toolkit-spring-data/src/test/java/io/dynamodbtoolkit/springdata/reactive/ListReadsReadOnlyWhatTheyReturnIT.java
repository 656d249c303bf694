package io.dynamodbtoolkit.springdata.reactive;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.springdata.rentals.Facility;
import io.dynamodbtoolkit.springdata.rentals.RentalRepository;
import io.dynamodbtoolkit.springdata.rentals.RentalRow;
import io.dynamodbtoolkit.springdata.rentals.Rentals;
import io.dynamodbtoolkit.springdata.rentals.State;
import io.dynamodbtoolkit.springdata.rentals.Vehicle;
import io.dynamodbtoolkit.springdata.reactive.queries.ReactiveRentals;
import io.dynamodbtoolkit.springdata.repository.config.EnableDynamoDbToolkitRepositories;
import io.dynamodbtoolkit.springdata.repository.config.EnableReactiveDynamoDbToolkitRepositories;
import io.dynamodbtoolkit.test.DynamoDbEndpoint;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.RequestLog;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.ComponentScan;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.FilterType;
import org.springframework.data.domain.Limit;
import org.springframework.data.domain.PageRequest;
import reactor.core.publisher.Flux;
import reactor.test.StepVerifier;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/**
 * A list read that shows no cursor (a {@code Flux}, a {@code List}, a {@code Stream}) reads exactly the rows it
 * returns, counted as DynamoDB counts them (the {@code ScannedCount} of its calls), over a facility of
 * {@value #FLEET} vehicles: no call asks for a row beyond its page (before 2026-12-03 a reactive read of 1,000 rows
 * read 1,001, and every page of a stream read one row more than it gave, to know whether more followed), and a
 * reactive read asks for a page only when rows are asked for, no larger than the demand.
 */
@DynamoDbTest
class ListReadsReadOnlyWhatTheyReturnIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(60);
    private static final Duration LOAD_TIMEOUT = Duration.ofMinutes(5);
    private static final int FLEET = 1500;

    private static DynamoDbAsyncClient asyncClient;
    private static AnnotationConfigApplicationContext context;
    private static ReactiveRentals reactive;
    private static RentalRepository blocking;

    @Configuration
    @EnableReactiveDynamoDbToolkitRepositories(basePackageClasses = ReactiveRentals.class,
            includeFilters = @ComponentScan.Filter(type = FilterType.ASSIGNABLE_TYPE, classes = ReactiveRentals.class))
    @EnableDynamoDbToolkitRepositories(basePackageClasses = RentalRepository.class,
            includeFilters = @ComponentScan.Filter(type = FilterType.ASSIGNABLE_TYPE, classes = RentalRepository.class))
    static class BothSidesConfig {
    }

    @BeforeAll
    static void start(DynamoDbClient client, DynamoDbEndpoint endpoint, TestTables tables, RequestLog log) {
        String table = tables.create(Rentals.TABLE);
        asyncClient = ReactiveContexts.recordingClient(endpoint, log);
        context = ReactiveContexts.start(client, asyncClient, BothSidesConfig.class, beans -> beans.registerBean(
                "rentals", AdapterDeclaration.class, () -> Rentals.declaration(table)));
        reactive = context.getBean(ReactiveRentals.class);
        blocking = context.getBean(RentalRepository.class);
        List<RentalRow> parents = List.of(new State("TX", "Texas", null), new Facility("TX", "Dallas", "Dallas", null,
                null), new Facility("TX", "Dallasville", "Dallasville", null, null));
        List<RentalRow> vehicles = new ArrayList<>();
        for (int i = 0; i < FLEET; i++) {
            vehicles.add(Vehicle.of("TX", "Dallas", String.format("V%05d", i), "Kia", Vehicle.Color.WHITE, "30.00"));
        }
        vehicles.add(Vehicle.of("TX", "Dallasville", "W00001", "Kia", Vehicle.Color.WHITE, "30.00"));
        reactive.saveAll(Flux.fromIterable(parents)).blockLast(TIMEOUT);
        // versioned rows are saved one by one: on moto_server that takes about a minute
        reactive.saveAll(Flux.fromIterable(vehicles)).blockLast(LOAD_TIMEOUT);
    }

    @AfterAll
    static void stop() {
        context.close();
        asyncClient.close();
    }

    @Test
    void aReactiveReadOf1000RowsReads1000(RequestLog log) {
        StepVerifier.create(reactive.findUnderFacility("TX", "Dallas", Limit.of(1000)).count()).expectNext(1000L)
                .verifyComplete();
        assertThat(itemsRead(log)).as("rows read for a Limit of 1000").isEqualTo(1000);

        log.clear();
        StepVerifier.create(reactive.findUnder("TX", "Dallas").take(1000).count()).expectNext(1000L)
                .verifyComplete();
        assertThat(itemsRead(log)).as("rows read for the first 1000 taken").isEqualTo(1000);
    }

    @Test
    void aReactiveReadOfEveryRowReadsEachOnce(RequestLog log) {
        StepVerifier.create(reactive.findUnder("TX", "Dallas").count()).expectNext((long) FLEET).verifyComplete();
        assertThat(itemsRead(log)).isEqualTo(FLEET);
        assertThat(log.calls("Query")).allSatisfy(call -> assertThat(call.request(QueryRequest.class).limit())
                .isLessThanOrEqualTo(1000));

        log.clear();
        StepVerifier.create(reactive.findSelfAndUnder("TX", "Dallas").count()).expectNext(FLEET + 1L)
                .verifyComplete();
        assertThat(itemsRead(log)).isEqualTo(FLEET + 1);
    }

    @Test
    void aReactiveReadAsksForAPageOnlyOnDemandAndNoLargerThanIt(RequestLog log) {
        StepVerifier.create(reactive.findUnder("TX", "Dallas"), 0)
                .thenRequest(1).expectNextCount(1)
                .expectNoEvent(Duration.ofMillis(300))
                .then(() -> {
                    assertThat(log.calls("Query")).as("one call, nothing read ahead").hasSize(1);
                    assertThat(itemsRead(log)).as("the one row asked for").isEqualTo(1);
                })
                .thenRequest(10).expectNextCount(10)
                .expectNoEvent(Duration.ofMillis(300))
                .then(() -> assertThat(itemsRead(log)).as("the 11 rows asked for").isEqualTo(11))
                .thenCancel().verify(TIMEOUT);
    }

    @Test
    void aBlockingListOrStreamReadsOnlyTheRowsItReturns(RequestLog log) {
        assertThat(blocking.findUnderFacility("TX", "Dallas", Limit.of(1000))).hasSize(1000);
        assertThat(itemsRead(log)).as("rows read for a Limit of 1000").isEqualTo(1000);

        log.clear();
        try (Stream<RentalRow> rows = blocking.findSelfAndUnder("TX", "Dallas")) {
            assertThat(rows.count()).isEqualTo(FLEET + 1L);
        }
        assertThat(itemsRead(log)).as("rows read by a stream of pages").isEqualTo(FLEET + 1);
    }

    @Test
    void aSliceAnExistenceCheckAndOneRowReadNoRowBeyondWhatTheyNeed(RequestLog log) {
        StepVerifier.create(reactive.findByPartial("TX", "Dal", PageRequest.of(0, 10)))
                .assertNext(slice -> assertThat(slice.hasNext()).isTrue()).verifyComplete();
        assertThat(itemsRead(log)).as("the slice and the one row that tells a next slice follows").isEqualTo(11);

        log.clear();
        StepVerifier.create(reactive.existsByStateAndFacility("TX", "Dallas")).expectNext(true).verifyComplete();
        assertThat(itemsRead(log)).as("one row tells").isEqualTo(1);
    }

    /** @return the items DynamoDB read for the Query calls recorded */
    private static int itemsRead(RequestLog log) {
        return log.calls("Query").stream().mapToInt(call -> call.response(QueryResponse.class).scannedCount()).sum();
    }
}
