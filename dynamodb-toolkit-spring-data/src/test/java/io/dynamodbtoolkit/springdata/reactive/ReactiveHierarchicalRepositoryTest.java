package io.dynamodbtoolkit.springdata.reactive;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import io.dynamodbtoolkit.DeclarationException;
import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.mass.MassOptions;
import io.dynamodbtoolkit.springdata.reactive.derived.ReactiveFleetWithQueries;
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
import org.springframework.beans.factory.BeanCreationException;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.ComponentScan;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.FilterType;
import org.springframework.dao.DuplicateKeyException;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;
import reactor.test.StepVerifier;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A reactive repository in a plain Spring context ({@code @EnableReactiveDynamoDbToolkitRepositories}): its
 * adapter found by {@code @AdapterName}, its template made of the adapter's blocking template and the application's
 * asynchronous client, its reads and writes non-blocking under BlockHound, the cascades off the caller's thread, and a
 * derived query method refused at start-up.
 */
@DynamoDbTest
@ExtendWith(NoBlockingCalls.class)
class ReactiveHierarchicalRepositoryTest {

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

    @Configuration
    @EnableReactiveDynamoDbToolkitRepositories(basePackageClasses = ReactiveFleetWithQueries.class)
    static class DerivedQueriesConfig {
    }

    @BeforeAll
    static void start(DynamoDbClient client, DynamoDbEndpoint endpoint, TestTables tables) {
        table = tables.create(Rentals.TABLE);
        asyncClient = endpoint.asyncClientBuilder().build();
        context = context(client, FleetConfig.class);
        fleet = context.getBean(ReactiveFleet.class);
    }

    @AfterAll
    static void stop() {
        context.close();
        asyncClient.close();
    }

    @BeforeEach
    void load() {
        Flux.fromIterable(Rentals.rows()).concatMap(row -> fleet.deleteById(fleet.keyOf(row))).blockLast(TIMEOUT);
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

    @Test
    void aDerivedQueryMethodIsRefusedAtStartUp(DynamoDbClient client) {
        assertThatThrownBy(() -> context(client, DerivedQueriesConfig.class).close())
                .isInstanceOf(BeanCreationException.class)
                .rootCause().isInstanceOf(DeclarationException.class)
                .hasMessageContaining("ReactiveFleetWithQueries.findByStateAndFacility")
                .hasMessageContaining("do not (yet) derive query methods");
    }

    private static AnnotationConfigApplicationContext context(DynamoDbClient client, Class<?> configuration) {
        AnnotationConfigApplicationContext started = new AnnotationConfigApplicationContext();
        started.registerBean("dynamoDbClient", DynamoDbClient.class, () -> client,
                definition -> definition.setDestroyMethodName(""));
        started.registerBean("dynamoDbAsyncClient", DynamoDbAsyncClient.class, () -> asyncClient,
                definition -> definition.setDestroyMethodName(""));
        started.registerBean("rentals", AdapterDeclaration.class, () -> Rentals.declaration(table));
        started.register(configuration);
        started.refresh();
        return started;
    }

    private static <T> Mono<T> nonBlocking(Mono<T> mono) {
        return mono.subscribeOn(Schedulers.parallel());
    }

    private static <T> Flux<T> nonBlocking(Flux<T> flux) {
        return flux.subscribeOn(Schedulers.parallel());
    }
}
