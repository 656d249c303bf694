package io.dynamodbtoolkit.springdata.reactive;

import static io.dynamodbtoolkit.springdata.reactive.NoBlockingCalls.nonBlocking;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.ItemPage;
import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.adapter.NodeHasChildrenException;
import io.dynamodbtoolkit.index.IndexQuery;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.key.SubtreeQuery;
import io.dynamodbtoolkit.springdata.core.DynamoDbToolkitTemplate;
import io.dynamodbtoolkit.springdata.core.ReactiveDynamoDbToolkitTemplate;
import io.dynamodbtoolkit.springdata.mapping.DynamoDbMappingContext;
import io.dynamodbtoolkit.springdata.mapping.MappingDynamoDbConverter;
import io.dynamodbtoolkit.springdata.rentals.Facility;
import io.dynamodbtoolkit.springdata.rentals.RentalRow;
import io.dynamodbtoolkit.springdata.rentals.Rentals;
import io.dynamodbtoolkit.springdata.rentals.Vehicle;
import io.dynamodbtoolkit.test.DynamoDbEndpoint;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.RequestLog;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.dao.EmptyResultDataAccessException;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.dao.OptimisticLockingFailureException;
import reactor.blockhound.BlockingOperationError;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;
import reactor.test.StepVerifier;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The reactive template on the asynchronous client: the blocking template's reads, writes and translations, a list
 * read one page per demand, a cancellation that leaves the cursor to resume from, and no blocking call anywhere
 * (every call is subscribed on Reactor's parallel scheduler under BlockHound, and goes on in the SDK's response
 * threads, which BlockHound watches too).
 */
@DynamoDbTest
@ExtendWith(NoBlockingCalls.class)
class ReactiveDynamoDbToolkitTemplateIT {

    private static final KeyValues DALLAS = KeyValues.of("state", "TX", "facility", "Dallas");
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private static DynamoDbAsyncClient asyncClient;
    private static String table;

    private DynamoDbToolkitTemplate blocking;
    private ReactiveDynamoDbToolkitTemplate rentals;

    @BeforeAll
    static void createTable(TestTables tables, DynamoDbEndpoint endpoint, RequestLog log) {
        table = tables.create(Rentals.TABLE);
        asyncClient = endpoint.asyncClientBuilder()
                .overrideConfiguration(configuration -> configuration.addExecutionInterceptor(log.interceptor()))
                .build();
    }

    @AfterAll
    static void closeClient() {
        asyncClient.close();
    }

    @BeforeEach
    void load(DynamoDbClient client) {
        blocking = new DynamoDbToolkitTemplate(Adapter.create(Rentals.declaration(table), client),
                new MappingDynamoDbConverter(new DynamoDbMappingContext()));
        rentals = new ReactiveDynamoDbToolkitTemplate(blocking, asyncClient);
        blocking.deleteAllById(Rentals.rows().stream().map(blocking::keyOf).toList());
        blocking.deleteAllById(List.of(DALLAS.and("vin", "NEW1"), KeyValues.of("state", "TX", "facility", "Waco",
                "vin", "W1"), KeyValues.of("state", "TX", "facility", "Austin", "vin", "1HGC0002")));
        Rentals.rows().forEach(blocking::insert);
    }

    @Test
    void blockHoundIsWatching() {
        StepVerifier.create(Mono.fromCallable(() -> {
            Thread.sleep(1);
            return 1;
        }).subscribeOn(Schedulers.parallel())).expectError(BlockingOperationError.class).verify(TIMEOUT);
    }

    @Test
    void readsByKeyAsTheClassesOfTheirTiers() {
        StepVerifier.create(nonBlocking(rentals.findById(DALLAS.and("vin", "5YJ30003"), RentalRow.class)))
                .assertNext(row -> assertThat(row).isInstanceOfSatisfying(Vehicle.class,
                        vehicle -> assertThat(vehicle.make()).isEqualTo("Tesla")))
                .verifyComplete();
        StepVerifier.create(nonBlocking(rentals.findById(DALLAS.and("vin", "nope"), Vehicle.class)))
                .verifyComplete();
        StepVerifier.create(nonBlocking(rentals.existsById(DALLAS))).expectNext(true).verifyComplete();
        StepVerifier.create(nonBlocking(rentals.findAllById(List.of(DALLAS.and("vin", "1HGC0002"),
                DALLAS.and("vin", "nope"), DALLAS.and("vin", "1HGC0001")), Vehicle.class).map(Vehicle::vin)))
                .expectNext("1HGC0002", "1HGC0001").verifyComplete();
    }

    @Test
    void aSubtreeIsReadOnePagePerDemand(RequestLog log) {
        log.clear();
        Flux<String> dallas = nonBlocking(rentals.findPages(SubtreeQuery.children(DALLAS),
                ListOptions.defaults().withLimit(1), Vehicle.class))
                // prefetch 0: the next page is asked for when the one before it is used up (concatMapIterable's
                // prefetch of 1 asks for it when a page is taken from its queue, which may be two pages ahead)
                .concatMap(page -> Flux.fromIterable(page.items()), 0)
                .map(Vehicle::vin);

        StepVerifier.create(dallas, 0)
                .expectSubscription()
                .then(() -> assertThat(log.calls("Query")).as("nothing read before demand").isEmpty())
                .thenRequest(1).expectNext("1HGC0001")
                .then(() -> assertThat(log.calls("Query")).as("a page read ahead at most")
                        .hasSizeLessThanOrEqualTo(2))
                .thenRequest(1).expectNext("1HGC0002")
                .thenCancel()
                .verify(TIMEOUT);
        assertThat(log.calls("Query")).as("3 vehicles under Dallas, 1 a page: the third page read ahead at most")
                .hasSizeLessThanOrEqualTo(3);
        log.assertNoReadAmplification();
    }

    @Test
    void aCancelledReadLeavesTheCursorToResumeFrom() {
        SubtreeQuery dallas = SubtreeQuery.selfAndDescendants(DALLAS);
        List<ItemPage<RentalRow>> first = nonBlocking(rentals.findPages(dallas, ListOptions.defaults().withLimit(2),
                RentalRow.class)).take(1).collectList().block(TIMEOUT);
        assertThat(first).hasSize(1);
        String cursor = first.get(0).nextCursor();
        assertThat(cursor).isNotNull();

        List<RentalRow> rest = nonBlocking(rentals.findPages(dallas, ListOptions.defaults().withLimit(2)
                .withCursor(cursor), RentalRow.class)).concatMapIterable(ItemPage::items).collectList()
                .block(TIMEOUT);
        List<RentalRow> all = new java.util.ArrayList<>(first.get(0).items());
        all.addAll(rest);
        assertThat(all).isEqualTo(blocking.findAll(dallas, RentalRow.class));
    }

    @Test
    void readsAnIndexInItsOrder() {
        StepVerifier.create(nonBlocking(rentals.findAll(IndexQuery.on("by-make").eq("make", "Honda"), Vehicle.class)
                .map(Vehicle::vin))).expectNext("1HGC0001", "1HGC0002").verifyComplete();
    }

    @Test
    void writesWithTheTemplatesSemanticsAndTranslations() {
        Vehicle created = nonBlocking(rentals.insert(Vehicle.of("TX", "Dallas", "NEW1", "Kia", Vehicle.Color.RED,
                "30.00"))).block(TIMEOUT);
        assertThat(created.version()).isEqualTo(1L);
        assertThat(created.createdAt()).as("auditing, by the template's callbacks").isNull();

        StepVerifier.create(nonBlocking(rentals.insert(created.withVersion(null))))
                .expectError(DuplicateKeyException.class).verify(TIMEOUT);
        StepVerifier.create(nonBlocking(rentals.replace(created.withMake("Hyundai").withVersion(7L))))
                .expectError(OptimisticLockingFailureException.class).verify(TIMEOUT);
        StepVerifier.create(nonBlocking(rentals.insert(Vehicle.of("TX", "Waco", "W1", "Kia", Vehicle.Color.RED,
                "30.00")))).expectError(DataIntegrityViolationException.class).verify(TIMEOUT);

        Vehicle replaced = nonBlocking(rentals.replace(created.withMake("Hyundai"))).block(TIMEOUT);
        assertThat(replaced.version()).isEqualTo(2L);
        Vehicle patched = nonBlocking(rentals.patch(DALLAS.and("vin", "NEW1"), Map.of("color", Vehicle.Color.BLUE),
                Vehicle.class)).block(TIMEOUT);
        assertThat(patched.color()).isEqualTo(Vehicle.Color.BLUE);
        assertThat(patched.version()).isEqualTo(3L);
        Vehicle edited = nonBlocking(rentals.edit(DALLAS.and("vin", "NEW1"), vehicle -> vehicle.withMake("Kia"),
                Vehicle.class)).block(TIMEOUT);
        assertThat(edited.make()).isEqualTo("Kia");
        assertThat(blocking.findById(DALLAS.and("vin", "NEW1"), Vehicle.class)).get()
                .extracting(Vehicle::make, Vehicle::version).containsExactly("Kia", 4L);

        StepVerifier.create(nonBlocking(rentals.delete(edited.withVersion(1L))))
                .expectError(OptimisticLockingFailureException.class).verify(TIMEOUT);
        StepVerifier.create(nonBlocking(rentals.delete(edited))).expectNext(true).verifyComplete();
        StepVerifier.create(nonBlocking(rentals.deleteById(DALLAS.and("vin", "NEW1")))).expectNext(false)
                .verifyComplete();
        StepVerifier.create(nonBlocking(rentals.saveAll(Flux.just(Vehicle.of("TX", "Dallas", "NEW1", "Kia",
                Vehicle.Color.RED, "30.00"))).map(Vehicle::version))).expectNext(1L).verifyComplete();
    }

    @Test
    void updatesInPlaceWithOneUpdateItem(RequestLog log) {
        KeyValues key = DALLAS.and("vin", "1HGC0002");
        log.clear();
        Vehicle after = nonBlocking(rentals.update(key, Vehicle.class).increment("seats", 2)
                .addTo("features", Set.of("wifi")).execute()).block(TIMEOUT);
        assertThat(after.seats()).isEqualTo(7);
        assertThat(after.features()).containsExactlyInAnyOrder("gps", "wifi");
        assertThat(after.version()).isEqualTo(2L);
        assertThat(log.calls("UpdateItem")).hasSize(1);
        assertThat(log.calls("GetItem")).as("no read").isEmpty();

        StepVerifier.create(nonBlocking(rentals.update(key, Vehicle.class).set("make", "Acura").ifVersion(1)
                .executeWithoutResult())).expectError(OptimisticLockingFailureException.class).verify(TIMEOUT);
        StepVerifier.create(nonBlocking(rentals.update(key, Vehicle.class).set("make", "Acura").ifVersion(2)
                .executeWithoutResult())).verifyComplete();
        assertThat(blocking.findById(key, Vehicle.class)).get().extracting(Vehicle::make).isEqualTo("Acura");
        StepVerifier.create(nonBlocking(rentals.update(DALLAS.and("vin", "nope"), Vehicle.class).increment("seats", 1)
                .execute())).expectError(EmptyResultDataAccessException.class).verify(TIMEOUT);
        assertThatThrownBy(() -> rentals.update(key, Vehicle.class).increment("vin", 1))
                .isInstanceOf(InvalidDataAccessApiUsageException.class);
    }

    @Test
    void movesOneRowInOneTransaction() {
        StepVerifier.create(nonBlocking(rentals.move(DALLAS.and("vin", "1HGC0002"), vehicle -> toAustin(vehicle),
                Vehicle.class)).map(vehicle -> vehicle.facility() + "/" + vehicle.vin()))
                .expectNext("Austin/1HGC0002").verifyComplete();
        assertThat(blocking.existsById(DALLAS.and("vin", "1HGC0002"))).isFalse();
        assertThat(blocking.findById(KeyValues.of("state", "TX", "facility", "Austin", "vin", "1HGC0002"),
                Vehicle.class)).get().extracting(Vehicle::make).isEqualTo("Honda");

        StepVerifier.create(nonBlocking(rentals.move(DALLAS.and("vin", "nope"), vehicle -> toAustin(vehicle),
                Vehicle.class))).expectError(EmptyResultDataAccessException.class).verify(TIMEOUT);
        // the target key holds a row already: refused, the source stays
        StepVerifier.create(nonBlocking(rentals.move(KeyValues.of("state", "TX", "facility", "Austin", "vin",
                "1HGC0002"), vehicle -> new Vehicle("TX", "Dallas", "1HGC0001", vehicle.make(), vehicle.color(),
                        vehicle.dailyRate(), vehicle.seats(), vehicle.features(), vehicle.version(),
                        vehicle.createdAt(), vehicle.modifiedAt()), Vehicle.class)))
                .expectError(DuplicateKeyException.class).verify(TIMEOUT);
        assertThat(blocking.existsById(KeyValues.of("state", "TX", "facility", "Austin", "vin", "1HGC0002")))
                .isTrue();
    }

    @Test
    void aSingleDeleteOrMoveOfARowWithRowsUnderItIsRefusedNamingTheCascade() {
        StepVerifier.create(nonBlocking(rentals.deleteById(DALLAS)))
                .expectErrorSatisfies(error -> assertThat(error).isInstanceOf(DataIntegrityViolationException.class)
                        .hasCauseInstanceOf(NodeHasChildrenException.class).hasMessageContaining("deleteAllUnder"))
                .verify(TIMEOUT);
        StepVerifier.create(nonBlocking(rentals.move(DALLAS, facility -> new Facility("TX", "Waco", "Waco", null,
                null), Facility.class))).expectErrorSatisfies(error -> assertThat(error)
                        .isInstanceOf(DataIntegrityViolationException.class).hasMessageContaining("moveAllUnder"))
                .verify(TIMEOUT);
        assertThat(blocking.findById(DALLAS, Facility.class)).isPresent();
        assertThat(blocking.existsById(KeyValues.of("state", "TX", "facility", "Waco"))).isFalse();
    }

    @Test
    void scansTheTableAPageAtATime() {
        ItemPage<RentalRow> page = nonBlocking(rentals.scan(ListOptions.defaults().withLimit(100), RentalRow.class))
                .block(TIMEOUT);
        assertThat(page.items()).containsExactlyInAnyOrderElementsOf(blocking.scan(
                ListOptions.defaults().withLimit(100), RentalRow.class).items());
        assertThat(page.items()).hasSizeGreaterThanOrEqualTo(Rentals.rows().size());
    }

    private static Vehicle toAustin(Vehicle vehicle) {
        return new Vehicle(vehicle.state(), "Austin", vehicle.vin(), vehicle.make(), vehicle.color(),
                vehicle.dailyRate(), vehicle.seats(), vehicle.features(), vehicle.version(), vehicle.createdAt(),
                vehicle.modifiedAt());
    }

    /** @return the publisher subscribed on a non-blocking thread, where BlockHound fails any blocking call */
}
