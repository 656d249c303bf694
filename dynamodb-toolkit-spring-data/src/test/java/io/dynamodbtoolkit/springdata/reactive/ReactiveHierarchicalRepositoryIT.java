package io.dynamodbtoolkit.springdata.reactive;

import static io.dynamodbtoolkit.springdata.reactive.NoBlockingCalls.nonBlocking;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.mass.MassOptions;
import io.dynamodbtoolkit.springdata.rentals.Facility;
import io.dynamodbtoolkit.springdata.rentals.RentalRow;
import io.dynamodbtoolkit.springdata.rentals.Rentals;
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
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.domain.Limit;
import org.springframework.data.domain.PageRequest;
import org.springframework.data.domain.ScrollPosition;
import org.springframework.data.domain.Sort;
import org.springframework.data.domain.Window;
import reactor.core.publisher.Flux;
import reactor.test.StepVerifier;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A reactive repository in a plain Spring context ({@code @EnableReactiveDynamoDbToolkitRepositories}): its
 * adapter found by {@code @AdapterName}, its template made of the adapter's blocking template and the application's
 * asynchronous client, its reads and writes non-blocking under BlockHound, and the cascades on the asynchronous engine
 * (its query methods: {@code ReactiveQueryMethodsIT}).
 */
@DynamoDbTest
@ExtendWith(NoBlockingCalls.class)
class ReactiveHierarchicalRepositoryIT {

    private static final KeyValues DALLAS = KeyValues.of("state", "TX", "facility", "Dallas");
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private static DynamoDbAsyncClient asyncClient;
    private static AnnotationConfigApplicationContext context;
    private static String table;
    private static ReactiveFleet fleet;

    @Configuration
    @EnableReactiveDynamoDbToolkitRepositories(basePackageClasses = ReactiveFleet.class,
            includeFilters = @ComponentScan.Filter(type = FilterType.ASSIGNABLE_TYPE, classes = ReactiveFleet.class))
    static class FleetConfig {
    }

    @BeforeAll
    static void start(DynamoDbClient client, DynamoDbEndpoint endpoint, TestTables tables, RequestLog log) {
        table = tables.create(Rentals.TABLE);
        asyncClient = ReactiveContexts.recordingClient(endpoint, log);
        context = ReactiveContexts.start(client, asyncClient, FleetConfig.class, beans -> beans.registerBean(
                "rentals", AdapterDeclaration.class, () -> Rentals.declaration(table)));
        fleet = context.getBean(ReactiveFleet.class);
    }

    @AfterAll
    static void stop() {
        context.close();
        asyncClient.close();
    }

    @BeforeEach
    void load() {
        Flux.fromIterable(Rentals.rowsLeavesFirst()).concatMap(row -> fleet.deleteById(fleet.keyOf(row)))
                .blockLast(TIMEOUT);
        fleet.saveAll(Flux.fromIterable(Rentals.rows())).blockLast(TIMEOUT);
    }

    @Test
    void readsSubtreesAndIndexesWithoutBlocking(RequestLog log) {
        StepVerifier.create(nonBlocking(fleet.findUnder(DALLAS)).map(row -> ((Vehicle) row).vin()))
                .expectNext("1HGC0001", "1HGC0002", "5YJ30003").verifyComplete();
        StepVerifier.create(nonBlocking(fleet.findSelfAndUnder(DALLAS)).count()).expectNext(4L).verifyComplete();
        StepVerifier.create(nonBlocking(fleet.findByPartial(KeyValues.of("state", "TX"), "Dall")
                .filter(Facility.class::isInstance)).count()).expectNext(2L).verifyComplete();
        StepVerifier.create(nonBlocking(fleet.findById(DALLAS.and("vin", "5YJ30003")))
                .map(row -> ((Vehicle) row).make())).expectNext("Tesla").verifyComplete();
        StepVerifier.create(nonBlocking(fleet.findInSparseIndex("by-make", KeyValues.of("make", "Honda"))).count())
                .expectNext(2L).verifyComplete();
        log.assertNoReadAmplification();
    }

    @Test
    void windowsAndSlicesAsTheBlockingRepositoryPagesThem() {
        Window<RentalRow> first = nonBlocking(fleet.findUnder(DALLAS, ScrollPosition.keyset(), Limit.of(2)))
                .block(TIMEOUT);
        assertThat(first).extracting(row -> ((Vehicle) row).vin()).containsExactly("1HGC0001", "1HGC0002");
        StepVerifier.create(nonBlocking(fleet.findUnder(DALLAS, first.positionAt(1), Limit.of(2))))
                .assertNext(rest -> {
                    assertThat(rest).extracting(row -> ((Vehicle) row).vin()).containsExactly("5YJ30003");
                    assertThat(rest.hasNext()).isFalse();
                }).verifyComplete();
        StepVerifier.create(nonBlocking(fleet.findUnder(DALLAS, PageRequest.of(0, 2,
                Sort.by(Sort.Direction.DESC, "vin"))))).assertNext(slice -> {
                    assertThat(slice.getContent()).extracting(row -> ((Vehicle) row).vin())
                            .containsExactly("5YJ30003", "1HGC0002");
                    assertThat(slice.hasNext()).isTrue();
                }).verifyComplete();
        StepVerifier.create(nonBlocking(fleet.findSelfAndUnder(DALLAS, ScrollPosition.keyset(), Limit.of(3))))
                .assertNext(window -> assertThat(window.getContent().get(0)).isInstanceOf(Facility.class))
                .verifyComplete();
        StepVerifier.create(nonBlocking(fleet.findSelfAndUnder(DALLAS, PageRequest.of(1, 3))))
                .assertNext(slice -> {
                    assertThat(slice.getContent()).hasSize(1);
                    assertThat(slice.hasNext()).isFalse();
                }).verifyComplete();
        StepVerifier.create(nonBlocking(fleet.findByPartial(KeyValues.of("state", "TX"), "Dall",
                ScrollPosition.keyset(), Limit.of(5)))).assertNext(window -> {
                    assertThat(window.getContent()).hasSize(5);
                    assertThat(window.hasNext()).isTrue();
                }).verifyComplete();
        StepVerifier.create(nonBlocking(fleet.findByPartial(KeyValues.of("state", "TX"), "Dall",
                PageRequest.of(1, 5)))).assertNext(slice -> assertThat(slice.getContent()).hasSize(2))
                .verifyComplete();
        StepVerifier.create(nonBlocking(fleet.findInSparseIndex("by-make", KeyValues.of("make", "Toyota"),
                ScrollPosition.keyset(), Limit.of(1)))).assertNext(window -> {
                    assertThat(window).extracting(row -> ((Vehicle) row).vin()).containsExactly("JT0004");
                    assertThat(window.hasNext()).isTrue();
                }).verifyComplete();
        StepVerifier.create(nonBlocking(fleet.findInSparseIndex("all-facilities", ScrollPosition.keyset(),
                Limit.of(10)))).assertNext(window -> assertThat(window.getContent()).hasSize(4)
                .allMatch(Facility.class::isInstance)).verifyComplete();
    }

    @Test
    void aSortNoKeyOrderServesAndAnIndexThatWouldCrossTheKeyAreSignalled() {
        StepVerifier.create(nonBlocking(fleet.findUnder(DALLAS, PageRequest.of(0, 2, Sort.by("make")))))
                .expectError(InvalidDataAccessApiUsageException.class).verify(TIMEOUT);
        StepVerifier.create(nonBlocking(fleet.findInSparseIndex("no-such-index", KeyValues.empty())))
                .expectErrorSatisfies(error -> assertThat(error).isInstanceOf(InvalidDataAccessApiUsageException.class)
                        .hasMessageContaining("[all-facilities, by-make]")).verify(TIMEOUT);
    }

    @Test
    void assertsExistenceAndReadsSnapshots() {
        StepVerifier.create(nonBlocking(fleet.assertExists(DALLAS))).verifyComplete();
        StepVerifier.create(nonBlocking(fleet.assertExists(DALLAS.and("vin", "NONE"))))
                .expectErrorSatisfies(error -> assertThat(error).isInstanceOf(DataIntegrityViolationException.class)
                        .hasMessageContaining("exists")).verify(TIMEOUT);
        StepVerifier.create(nonBlocking(fleet.findSnapshot(List.of(DALLAS.and("vin", "5YJ30003"),
                DALLAS.and("vin", "NONE"), DALLAS))).map(row -> row.getClass().getSimpleName()))
                .expectNext("Vehicle", "Facility").verifyComplete();
    }

    @Test
    void writesAndTranslatesWithoutBlocking() {
        Vehicle kia = Vehicle.of("TX", "Dallas", "K1", "Kia", Vehicle.Color.RED, "30.00");
        StepVerifier.create(nonBlocking(fleet.insert(kia)).map(Vehicle::version)).expectNext(1L).verifyComplete();
        StepVerifier.create(nonBlocking(fleet.insert(kia))).expectError(DuplicateKeyException.class).verify(TIMEOUT);
        StepVerifier.create(nonBlocking(fleet.patch(DALLAS.and("vin", "K1"), Map.of("make", "Hyundai")))
                .map(row -> ((Vehicle) row).make())).expectNext("Hyundai").verifyComplete();
        StepVerifier.create(nonBlocking(fleet.deleteById(DALLAS.and("vin", "K1")))).expectNext(true)
                .verifyComplete();
        StepVerifier.create(nonBlocking(fleet.deleteAllById(List.of(DALLAS.and("vin", "K1"))))).verifyComplete();
    }

    @Test
    void aCascadeRunsOffTheCallersThread() {
        StepVerifier.create(nonBlocking(fleet.deleteAllUnder(DALLAS, MassOptions.defaults())))
                .assertNext(result -> assertThat(result.processed()).isEqualTo(4)).verifyComplete();
        StepVerifier.create(nonBlocking(fleet.findSelfAndUnder(DALLAS))).verifyComplete();
    }
}
