package io.dynamodbtoolkit.springdata.reactive;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.ParentNotFoundException;
import io.dynamodbtoolkit.cursor.InvalidCursorException;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.key.SubtreeQuery;
import io.dynamodbtoolkit.mass.MassOptions;
import io.dynamodbtoolkit.mass.MassProgress;
import io.dynamodbtoolkit.mass.MassResult;
import io.dynamodbtoolkit.springdata.core.DynamoDbToolkitTemplate;
import io.dynamodbtoolkit.springdata.core.ReactiveDynamoDbToolkitTemplate;
import io.dynamodbtoolkit.springdata.core.ReactiveMassRun;
import io.dynamodbtoolkit.springdata.mapping.DynamoDbMappingContext;
import io.dynamodbtoolkit.springdata.mapping.MappingDynamoDbConverter;
import io.dynamodbtoolkit.springdata.rentals.Facility;
import io.dynamodbtoolkit.springdata.rentals.RentalRow;
import io.dynamodbtoolkit.springdata.rentals.Rentals;
import io.dynamodbtoolkit.springdata.rentals.State;
import io.dynamodbtoolkit.springdata.rentals.Vehicle;
import io.dynamodbtoolkit.test.DynamoDbEndpoint;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.reactivestreams.Subscription;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import reactor.core.publisher.BaseSubscriber;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;
import reactor.test.StepVerifier;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/**
 * The reactive template's cascades on the asynchronous mass engine, under BlockHound: results as the blocking
 * template's, progress page by page paced by the subscriber's demand, a cancelled run resumed from its cursor
 * processing every item exactly once, failures translated.
 */
@DynamoDbTest
@ExtendWith(NoBlockingCalls.class)
class ReactiveCascadesIT {

    private static final KeyValues TEXAS = KeyValues.of("state", "TX");
    private static final KeyValues DALLAS = TEXAS.and("facility", "Dallas");
    private static final int VEHICLES = 200;
    private static final int PAGE = 20;
    private static final Duration TIMEOUT = Duration.ofSeconds(60);
    private static final PageReads PAGE_READS = new PageReads();

    private static DynamoDbAsyncClient asyncClient;
    private static String table;

    private DynamoDbToolkitTemplate blocking;
    private ReactiveDynamoDbToolkitTemplate rentals;

    @BeforeAll
    static void createTable(TestTables tables, DynamoDbEndpoint endpoint) {
        table = tables.create(Rentals.TABLE);
        asyncClient = endpoint.asyncClientBuilder()
                .overrideConfiguration(configuration -> configuration.addExecutionInterceptor(PAGE_READS)).build();
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
        blocking.deleteAllUnder(TEXAS, MassOptions.defaults(), RentalRow.class);
        List<RentalRow> rows = new ArrayList<>();
        rows.add(new State("TX", "Texas", null));
        rows.add(new Facility("TX", "Dallas", "Dallas", null, null));
        rows.add(new Facility("TX", "Austin", "Austin", null, null));
        for (int i = 0; i < VEHICLES; i++) {
            rows.add(Vehicle.of("TX", "Dallas", String.format("V%04d", i), "Honda", Vehicle.Color.WHITE, "49.90"));
        }
        blocking.saveAll(rows);
    }

    @Test
    void theCascadesRunOnTheAsynchronousEngineWithoutBlocking() {
        MassOptions pages = MassOptions.defaults().withPageSize(PAGE);
        KeyValues plano = TEXAS.and("facility", "Plano");
        KeyValues waco = TEXAS.and("facility", "Waco");

        assertProcessed(rentals.cloneAllUnder(DALLAS, plano, pages, RentalRow.class), VEHICLES + 1);
        assertProcessed(rentals.editAllUnder(plano, starred(), pages, RentalRow.class), VEHICLES);
        assertProcessed(rentals.moveAllUnder(plano, waco, pages, RentalRow.class), VEHICLES + 1);
        assertProcessed(rentals.deleteAllUnder(waco, pages, RentalRow.class), VEHICLES + 1);

        assertThat(under(plano)).isEmpty();
        assertThat(under(waco)).isEmpty();
        assertThat(under(DALLAS)).hasSize(1 + VEHICLES);
    }

    @Test
    void progressComesPageByPageAndTheResultWithTheTotalsAtTheEnd() {
        ReactiveMassRun run = rentals.deleteAllUnderWithProgress(DALLAS, MassOptions.defaults().withPageSize(PAGE),
                RentalRow.class);

        List<MassProgress> progress = nonBlocking(run.progress()).collectList().block(TIMEOUT);
        MassResult result = run.result().block(TIMEOUT);

        assertThat(progress).hasSizeGreaterThanOrEqualTo(VEHICLES / PAGE);
        assertThat(progress).extracting(MassProgress::processed).isSorted();
        assertThat(progress.get(progress.size() - 1).processed()).isEqualTo(result.processed())
                .isEqualTo(VEHICLES + 1);
        assertThat(result.isComplete()).isTrue();
        assertThat(under(DALLAS)).isEmpty();
    }

    @Test
    void aSlowSubscriberHoldsTheRunBackInsteadOfLettingPagesPileUp() throws Exception {
        ReactiveMassRun run = rentals.editAllUnderWithProgress(DALLAS, starred(),
                MassOptions.defaults().withPageSize(PAGE), RentalRow.class);
        SlowSubscriber slow = new SlowSubscriber();
        PAGE_READS.reset();

        nonBlocking(run.progress()).subscribe(slow);
        assertThat(slow.awaitFirstPage(TIMEOUT)).as("the page the subscriber asked for").isTrue();
        // the behaviour under test, not a synchronisation: the subscriber sits on its one page for a while, and the
        // run must not read ahead meanwhile (nothing signals "not reading", so the test gives it time to)
        TimeUnit.MILLISECONDS.sleep(500);
        int readWhileWaiting = PAGE_READS.count();
        slow.requestOneAtATime();
        MassResult result = run.result().block(TIMEOUT);

        assertThat(readWhileWaiting).as("pages read while one was requested").isLessThanOrEqualTo(1 + 2);
        assertThat(slow.overruns()).as("pages read beyond those requested + 2 in process").isEmpty();
        assertThat(result.failed()).isEmpty();
        assertThat(result.stoppedBy()).isNull();
        assertThat(result.isComplete()).as("complete: %s", result).isTrue();
        assertThat(result.processed()).isEqualTo(VEHICLES);
    }

    @Test
    void aCancelledRunStopsAfterItsPagesInProcessAndItsCursorResumesEachItemOnce() {
        UnaryOperator<RentalRow> star = starred();
        MassOptions pages = MassOptions.defaults().withPageSize(PAGE);
        ReactiveMassRun run = rentals.editAllUnderWithProgress(DALLAS, star, pages, RentalRow.class);

        assertThat(nonBlocking(run.progress()).take(3).collectList().block(TIMEOUT)).hasSize(3);
        MassResult stopped = run.result().block(TIMEOUT);
        MassResult rest = nonBlocking(rentals.editAllUnder(DALLAS, star, pages.withCursor(stopped.cursor()),
                RentalRow.class)).block(TIMEOUT);

        assertThat(stopped.failed()).isEmpty();
        assertThat(stopped.conflicts()).isEmpty();
        assertThat(rest.failed()).isEmpty();
        assertThat(rest.conflicts()).isEmpty();
        assertThat(stopped.isComplete()).isFalse();
        assertThat(stopped.processed()).isLessThan(VEHICLES);
        assertThat(stopped.processed() + rest.processed()).isEqualTo(VEHICLES);
        assertThat(rest.isComplete()).isTrue();
        assertThat(under(DALLAS)).filteredOn(Vehicle.class::isInstance).map(row -> ((Vehicle) row).make())
                .hasSize(VEHICLES).containsOnly("Honda*");
    }

    @Test
    void aCursorOfAnotherSubtreeIsRefusedBeforeAnythingIsWritten() {
        KeyValues austin = TEXAS.and("facility", "Austin");
        MassResult dallas = blocking.deleteAllUnder(DALLAS, MassOptions.defaults().withMaxItems(1), RentalRow.class);
        assertThat(dallas.next()).isPresent();

        StepVerifier.create(nonBlocking(rentals.deleteAllUnder(austin, MassOptions.defaults()
                .withCursor(dallas.cursor()), RentalRow.class)))
                .expectErrorSatisfies(failure -> assertThat(failure)
                        .isInstanceOf(InvalidDataAccessApiUsageException.class)
                        .hasCauseInstanceOf(InvalidCursorException.class))
                .verify(TIMEOUT);
        StepVerifier.create(nonBlocking(rentals.deleteAllUnderWithProgress(austin, MassOptions.defaults()
                .withCursor(dallas.cursor()), RentalRow.class).progress()))
                .expectErrorSatisfies(failure -> assertThat(failure)
                        .isInstanceOf(InvalidDataAccessApiUsageException.class)
                        .hasCauseInstanceOf(InvalidCursorException.class))
                .verify(TIMEOUT);

        assertThat(under(austin)).as("Austin untouched").hasSize(1);
        assertThat(blocking.deleteAllUnder(austin, MassOptions.defaults(), RentalRow.class).processed())
                .as("and not marked: it is deleted from the start").isEqualTo(1);
        assertThat(under(DALLAS)).hasSize(VEHICLES);
    }

    @Test
    void failuresAreTranslatedAsTheBlockingTemplateTranslatesThem() {
        StepVerifier.create(nonBlocking(rentals.cloneAllUnder(DALLAS, KeyValues.of("state", "ZZ", "facility",
                "Dallas"), MassOptions.defaults(), RentalRow.class)))
                .expectErrorSatisfies(failure -> assertThat(failure)
                        .isInstanceOf(DataIntegrityViolationException.class)
                        .hasCauseInstanceOf(ParentNotFoundException.class))
                .verify(TIMEOUT);
        assertThat(under(KeyValues.of("state", "ZZ", "facility", "Dallas"))).isEmpty();
    }

    private static UnaryOperator<RentalRow> starred() {
        return row -> row instanceof Vehicle vehicle ? vehicle.withMake(vehicle.make() + "*") : row;
    }

    private List<RentalRow> under(KeyValues node) {
        return blocking.findAll(SubtreeQuery.selfAndDescendants(node), RentalRow.class);
    }

    private static void assertProcessed(Mono<MassResult> run, long processed) {
        StepVerifier.create(nonBlocking(run)).assertNext(result -> {
            assertThat(result.processed()).isEqualTo(processed);
            assertThat(result.isComplete()).isTrue();
        }).verifyComplete();
    }

    private static <T> Mono<T> nonBlocking(Mono<T> mono) {
        return mono.subscribeOn(Schedulers.parallel());
    }

    private static <T> Flux<T> nonBlocking(Flux<T> flux) {
        return flux.subscribeOn(Schedulers.parallel());
    }

    /**
     * Counts the pages of subtrees read: their Query calls with {@code begins_with} (the exact read of a node row,
     * which a run of the node and its subtree adds to its first page, is no page).
     */
    private static final class PageReads implements ExecutionInterceptor {
        private final AtomicInteger queries = new AtomicInteger();

        @Override
        public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
            if (context.request() instanceof QueryRequest query
                    && query.keyConditionExpression().contains("begins_with")) {
                queries.incrementAndGet();
            }
        }

        int count() {
            return queries.get();
        }

        void reset() {
            queries.set(0);
        }
    }

    /** Asks for one element, then, once told, for one more after each it receives; checks the reads at each. */
    private static final class SlowSubscriber extends BaseSubscriber<MassProgress> {
        private final AtomicInteger requested = new AtomicInteger();
        private final List<String> overruns = new CopyOnWriteArrayList<>();
        private final CountDownLatch firstPage = new CountDownLatch(1);
        private volatile boolean paced;

        @Override
        protected void hookOnSubscribe(Subscription subscription) {
            requested.incrementAndGet();
            subscription.request(1);
        }

        @Override
        protected void hookOnNext(MassProgress page) {
            int read = PAGE_READS.count();
            if (read > requested.get() + 2) {
                overruns.add(read + " pages read with " + requested.get() + " requested");
            }
            firstPage.countDown();
            if (paced) {
                requested.incrementAndGet();
                request(1);
            }
        }

        void requestOneAtATime() {
            paced = true;
            requested.incrementAndGet();
            request(1);
        }

        boolean awaitFirstPage(Duration timeout) throws InterruptedException {
            return firstPage.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
        }

        List<String> overruns() {
            return overruns;
        }
    }
}
