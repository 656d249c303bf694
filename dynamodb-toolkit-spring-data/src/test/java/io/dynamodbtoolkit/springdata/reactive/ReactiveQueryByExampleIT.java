package io.dynamodbtoolkit.springdata.reactive;

import static io.dynamodbtoolkit.springdata.reactive.NoBlockingCalls.nonBlocking;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;

import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.springdata.rentals.Facility;
import io.dynamodbtoolkit.springdata.rentals.RentalProjectionRepository.VehicleLabel;
import io.dynamodbtoolkit.springdata.rentals.RentalProjectionRepository.VehicleSummary;
import io.dynamodbtoolkit.springdata.rentals.RentalProjectionRepository.VehicleView;
import io.dynamodbtoolkit.springdata.rentals.Rentals;
import io.dynamodbtoolkit.springdata.rentals.Vehicle;
import io.dynamodbtoolkit.springdata.repository.FilteringExample;
import io.dynamodbtoolkit.springdata.repository.config.EnableReactiveDynamoDbToolkitRepositories;
import io.dynamodbtoolkit.test.DynamoDbEndpoint;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.RecordedCall;
import io.dynamodbtoolkit.test.RequestLog;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.ComponentScan;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.FilterType;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.domain.Example;
import org.springframework.data.domain.ExampleMatcher;
import org.springframework.data.domain.Page;
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
 * Query by example on a {@code ReactiveHierarchicalRepository}: planned as the blocking one when subscribed (the
 * same seeks and refusals, a refusal an error signal, never a throw), read on the asynchronous client under BlockHound.
 */
@DynamoDbTest
@ExtendWith(NoBlockingCalls.class)
class ReactiveQueryByExampleIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static final ExampleMatcher MATCHING = ExampleMatcher.matching().withIgnorePaths("seats");
    private static final Example<Vehicle> DALLAS = Example.of(vehicle("TX", "Dallas", null), MATCHING);

    private static DynamoDbAsyncClient asyncClient;
    private static AnnotationConfigApplicationContext context;
    private static ReactiveFleet fleet;

    @Configuration
    @EnableReactiveDynamoDbToolkitRepositories(basePackageClasses = ReactiveFleet.class,
            includeFilters = @ComponentScan.Filter(type = FilterType.ASSIGNABLE_TYPE, classes = ReactiveFleet.class))
    static class FleetConfig {
    }

    @BeforeAll
    static void start(DynamoDbClient client, DynamoDbEndpoint endpoint, TestTables tables, RequestLog log) {
        String table = tables.create(Rentals.TABLE);
        asyncClient = ReactiveContexts.recordingClient(endpoint, log);
        context = ReactiveContexts.start(client, asyncClient, FleetConfig.class, beans -> beans.registerBean(
                "rentals", AdapterDeclaration.class, () -> Rentals.declaration(table)));
        fleet = context.getBean(ReactiveFleet.class);
        fleet.saveAll(Flux.fromIterable(Rentals.rows())).blockLast(TIMEOUT);
    }

    @AfterAll
    static void stop() {
        context.close();
        asyncClient.close();
    }

    @Test
    void anExamplesKeyFieldsAreAKeySeek(RequestLog log) {
        StepVerifier.create(nonBlocking(fleet.findAll(DALLAS)).map(Vehicle::vin))
                .expectNext("1HGC0001", "1HGC0002", "5YJ30003").expectComplete().verify(TIMEOUT);

        List<RecordedCall> queries = log.calls("Query");
        assertThat(queries).hasSize(1);
        assertThat(queries.get(0).request(QueryRequest.class).keyConditionExpression())
                .isEqualTo("#n0 = :v0 AND begins_with(#n1, :v1)");
        assertThat(queries.get(0).request(QueryRequest.class).filterExpression()).isNull();
        log.assertNoReadAmplification();
    }

    @Test
    void countsExistenceSortsAndOneRow(RequestLog log) {
        StepVerifier.create(nonBlocking(fleet.count(DALLAS))).expectNext(3L).expectComplete().verify(TIMEOUT);
        StepVerifier.create(nonBlocking(fleet.exists(DALLAS))).expectNext(true).expectComplete().verify(TIMEOUT);
        StepVerifier.create(nonBlocking(fleet.findAll(DALLAS, Sort.by(Sort.Direction.DESC, "vin"))).map(Vehicle::vin))
                .expectNext("5YJ30003", "1HGC0002", "1HGC0001").expectComplete().verify(TIMEOUT);
        StepVerifier.create(nonBlocking(fleet.findOne(Example.of(vehicle("TX", "Dallas", "5YJ30003"), MATCHING)))
                .map(Vehicle::vin)).expectNext("5YJ30003").expectComplete().verify(TIMEOUT);
        log.assertNoReadAmplification();
    }

    @Test
    void windowsAndPagesResumeWithCursors(RequestLog log) {
        Mono<Window<Vehicle>> firstWindow = fleet.findBy(DALLAS, query -> query.limit(2)
                .scroll(ScrollPosition.keyset()));
        Window<Vehicle> first = nonBlocking(firstWindow).block(TIMEOUT);
        assertThat(first.getContent()).extracting(Vehicle::vin).containsExactly("1HGC0001", "1HGC0002");
        Mono<Window<Vehicle>> secondWindow = fleet.findBy(DALLAS, query -> query.limit(2)
                .scroll(first.positionAt(1)));
        assertThat(nonBlocking(secondWindow).block(TIMEOUT).getContent()).extracting(Vehicle::vin)
                .containsExactly("5YJ30003");
        Mono<Page<Vehicle>> page = fleet.findBy(DALLAS, query -> query.page(PageRequest.of(1, 2)));
        StepVerifier.create(nonBlocking(page).map(found -> found.getTotalElements() + " "
                + found.getContent().get(0).vin())).expectNext("3 5YJ30003").expectComplete().verify(TIMEOUT);
        log.assertNoReadAmplification();
    }

    @Test
    void aFilterOnlyWithTheOptInAndRefusalsAreErrorSignals(RequestLog log) {
        Vehicle red = new Vehicle("TX", "Dallas", null, null, Vehicle.Color.RED, null, 0, null, null, null, null);
        var refused = fleet.findAll(Example.of(red, MATCHING));
        assertThat(log.calls()).isEmpty();
        StepVerifier.create(nonBlocking(refused)).expectErrorSatisfies(error -> assertThat(error)
                .isInstanceOf(InvalidDataAccessApiUsageException.class)
                .hasMessageContaining("[color] are not part of its key seek")
                .hasMessageContaining("FilteringExample.of(example)")).verify(TIMEOUT);
        Flux<Vehicle> projected = fleet.findBy(DALLAS, query -> query.project("make").all());
        StepVerifier.create(nonBlocking(projected))
                .expectErrorSatisfies(error -> assertThat(error).hasMessageContaining("project(make)"))
                .verify(TIMEOUT);
        assertThat(log.calls()).isEmpty();

        StepVerifier.create(nonBlocking(fleet.findAll(FilteringExample.of(red, MATCHING))).map(Vehicle::vin))
                .expectNext("5YJ30003").expectComplete().verify(TIMEOUT);
        QueryResponse response = log.calls("Query").get(0).response(QueryResponse.class);
        assertThat(response.scannedCount()).isEqualTo(3);
        assertThat(response.count()).isEqualTo(1);
        StepVerifier.create(nonBlocking(fleet.findPage(FilteringExample.of(red, MATCHING), ListOptions.defaults()))
                .map(page -> page.stats().scanned() + "/" + page.stats().returned())).expectNext("3/1")
                .expectComplete().verify(TIMEOUT);
    }

    @Test
    void asAnInterfaceOrADtoProjectsTheRowsOfEveryFluentFormReadWhole(RequestLog log) {
        Flux<VehicleSummary> summaries = fleet.findBy(DALLAS, query -> query.as(VehicleSummary.class).all());
        StepVerifier.create(nonBlocking(summaries).map(summary -> summary.getVin() + " " + summary.getMake()))
                .expectNext("1HGC0001 Honda", "1HGC0002 Honda", "5YJ30003 Tesla").expectComplete().verify(TIMEOUT);
        Mono<VehicleLabel> label = fleet.findBy(DALLAS, query -> query.as(VehicleLabel.class).first());
        StepVerifier.create(nonBlocking(label).map(VehicleLabel::getLabel)).expectNext("Honda 1HGC0001")
                .expectComplete().verify(TIMEOUT);
        Mono<Page<VehicleView>> page = fleet.findBy(DALLAS, query -> query.as(VehicleView.class)
                .page(PageRequest.of(1, 2)));
        StepVerifier.create(nonBlocking(page).map(found -> found.getTotalElements() + " " + found.getContent().stream()
                .map(view -> view.vin() + " " + view.make() + " " + view.dailyRate().intValue() + " " + view.seats())
                .toList())).expectNext("3 [5YJ30003 Tesla 89 5]").expectComplete().verify(TIMEOUT);
        Mono<Window<VehicleView>> window = fleet.findBy(DALLAS, query -> query.as(VehicleView.class).limit(2)
                .scroll(ScrollPosition.keyset()));
        assertThat(nonBlocking(window).block(TIMEOUT).getContent()).extracting(VehicleView::vin)
                .containsExactly("1HGC0001", "1HGC0002");
        Mono<VehicleView> one = fleet.findBy(Example.of(vehicle("TX", "Dallas", "5YJ30003"), MATCHING),
                query -> query.as(VehicleView.class).one());
        StepVerifier.create(nonBlocking(one).map(VehicleView::make)).expectNext("Tesla").expectComplete()
                .verify(TIMEOUT);
        assertThat(log.calls("Query")).isNotEmpty().allSatisfy(call -> assertThat(call.request(QueryRequest.class)
                .projectionExpression()).isNull());
        log.assertNoReadAmplification();
    }

    @Test
    void aProjectionTheRowsCannotBeMadeIntoIsAnErrorSignal(RequestLog log) {
        Flux<VehicleSummary> refused = fleet.findBy(Example.of(new Facility("TX", "Dallas", null, null, null)),
                query -> query.as(VehicleSummary.class).all());
        assertThat(log.calls()).isEmpty();
        StepVerifier.create(nonBlocking(refused)).expectErrorSatisfies(error -> assertThat(error)
                .isInstanceOf(InvalidDataAccessApiUsageException.class)
                .hasMessageContaining("as(VehicleSummary): the query reads the 'facility' row")
                .hasMessageContaining("Facility has no properties [vin, make]")).verify(TIMEOUT);
        assertThat(log.calls()).isEmpty();
    }

    private static Vehicle vehicle(String state, String facility, String vin) {
        return new Vehicle(state, facility, vin, null, null, null, 0, null, null, null, null);
    }
}
