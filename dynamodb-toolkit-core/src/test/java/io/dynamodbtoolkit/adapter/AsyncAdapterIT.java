package io.dynamodbtoolkit.adapter;

import static io.dynamodbtoolkit.adapter.Rentals.item;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;

import io.dynamodbtoolkit.cursor.InvalidCursorException;
import io.dynamodbtoolkit.filter.FieldRule;
import io.dynamodbtoolkit.filter.FilterSpec;
import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.key.SubtreeQuery;
import io.dynamodbtoolkit.test.DynamoDbEndpoint;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.RequestLog;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The asynchronous adapter runs the blocking adapter's plans on the asynchronous client: the same write semantics
 * (create-only, replace at a version, patch that never upserts, idempotent delete, parent guard, edit, move), the
 * same failures (as failed futures, never thrown), and the same pages and cursors as the blocking adapter.
 */
@DynamoDbTest
class AsyncAdapterIT {

    /** A guarded hierarchy (cascades on, a technical prefix for the mark), versioned, with a created-at field. */
    static final KeyModel VERSIONED = KeyModel.builder()
            .keyFields("state", "facility", "vin")
            .structuralKey("_sk")
            .technicalPrefix("_")
            .typeLabels("state", "facility", "vehicle")
            .typeField("kind")
            .versionField("_version")
            .createdAtField("_createdAt")
            .build();
    private static final KeyValues DALLAS = KeyValues.of("state", "TX", "facility", "Dallas");

    private static DynamoDbAsyncClient asyncClient;
    private static Adapter<Map<String, Object>> rentals;
    private static AsyncAdapter<Map<String, Object>> asyncRentals;
    private static AsyncAdapter<Map<String, Object>> guarded;

    @BeforeAll
    static void load(DynamoDbClient client, DynamoDbEndpoint endpoint, TestTables tables, RequestLog log) {
        asyncClient = endpoint.asyncClientBuilder()
                .overrideConfiguration(configuration -> configuration.addExecutionInterceptor(log.interceptor()))
                .build();
        rentals = Adapter.create(Rentals.declaration(tables.create(Rentals.TABLE)), client);
        rentals.putAll(Rentals.items());
        asyncRentals = rentals.async(asyncClient);
        guarded = Adapter.create(AdapterDeclaration.builder(ItemMapper.documents())
                .table(tables.create(Rentals.TABLE)).keys(VERSIONED).cascades(true).build(), client)
                .async(asyncClient);
    }

    @AfterAll
    static void closeClient() {
        asyncClient.close();
    }

    @Test
    void writesFollowTheSemanticsTable() {
        Map<String, Object> texas = await(guarded.post(item("state", "TX", "name", "Texas")));
        assertThat(version(texas)).isEqualTo(1);
        assertThat(texas).containsKey("_createdAt");
        assertThat(failure(guarded.post(item("state", "TX")))).isInstanceOf(ItemAlreadyExistsException.class);

        Map<String, Object> orphan = item("state", "TX", "facility", "Dallas", "vin", "V1");
        assertThat(failure(guarded.post(orphan))).isInstanceOf(ParentNotFoundException.class);
        assertThat(await(guarded.get(KeyValues.of("state", "TX", "facility", "Dallas", "vin", "V1")))).isNull();

        await(guarded.post(item("state", "TX", "facility", "Dallas", "city", "Dallas")));
        Map<String, Object> vehicle = await(guarded.post(orphan));
        assertThat(version(vehicle)).isEqualTo(1);

        Map<String, Object> stale = item("state", "TX", "name", "Tejas", "_version", 7L);
        assertThat(failure(guarded.put(stale))).isInstanceOfSatisfying(VersionConflictException.class,
                conflict -> assertThat(conflict.actualVersion()).isEqualTo(1L));
        Map<String, Object> replaced = await(guarded.put(item("state", "TX", "name", "Tejas", "_version", 1L)));
        assertThat(version(replaced)).isEqualTo(2);
        assertThat(replaced).containsEntry("_createdAt", texas.get("_createdAt"));

        assertThat(failure(guarded.patch(KeyValues.of("state", "OK"), Map.of("name", "Oklahoma"))))
                .isInstanceOf(ItemNotFoundException.class);
        Map<String, Object> patched = await(guarded.patch(KeyValues.of("state", "TX"), Map.of("motto", "Friendship")));
        assertThat(patched).containsEntry("motto", "Friendship").containsEntry("name", "Tejas");
        assertThat(version(patched)).isEqualTo(3);

        WriteResult<Map<String, Object>> edited = await(guarded.edit(KeyValues.of("state", "TX"),
                state -> {
                    state.put("name", "Texas");
                    return state;
                }, false));
        assertThat(edited.written()).isTrue();
        Map<String, Object> edit = await(guarded.get(KeyValues.of("state", "TX")));
        assertThat(edit).containsEntry("name", "Texas");
        assertThat(version(edit)).isEqualTo(4);

        assertThat(failure(guarded.delete(KeyValues.of("state", "TX"), WriteOptions.defaults()
                .withExpectedVersion(1L)))).isInstanceOf(VersionConflictException.class);
        KeyValues vin = KeyValues.of("state", "TX", "facility", "Dallas", "vin", "V1");
        Map<String, Object> moved = await(guarded.move(vin, item -> {
            item.put("vin", "V2");
            return item;
        }));
        assertThat(moved).containsEntry("vin", "V2");
        assertThat(version(moved)).isEqualTo(2);
        assertThat(await(guarded.delete(KeyValues.of("state", "TX", "facility", "Dallas", "vin", "V2")))).isTrue();
        assertThat(await(guarded.delete(KeyValues.of("state", "TX", "facility", "Dallas", "vin", "V2")))).isFalse();
    }

    @Test
    void subtreePagesAndCursorsAreTheBlockingAdaptersOwn(RequestLog log) {
        List<Object> walked = new ArrayList<>();
        String cursor = null;
        int pages = 0;
        do {
            int before = log.calls().size();
            ItemPage<Map<String, Object>> page = await(asyncRentals.list(SubtreeQuery.selfAndDescendants(DALLAS),
                    ListOptions.defaults().withLimit(2).withCursor(cursor)));
            List<Object> asyncRequests = requestsSince(log, before);
            before = log.calls().size();
            ItemPage<Map<String, Object>> blocking = rentals.list(SubtreeQuery.selfAndDescendants(DALLAS),
                    ListOptions.defaults().withLimit(2).withCursor(cursor));
            assertThat(page.items()).isEqualTo(blocking.items());
            assertThat(asyncRequests).as("the same requests as the blocking adapter's").isNotEmpty()
                    .isEqualTo(requestsSince(log, before));
            page.items().forEach(item -> walked.add(item.get("facility") + "/" + item.get("vin")));
            cursor = page.nextCursor();
            pages++;
        } while (cursor != null);

        assertThat(walked).containsExactly("Dallas/null", "Dallas/1HGC0001", "Dallas/1HGC0002", "Dallas/5YJ30003");
        // the second page ends where the Query's Limit did: DynamoDB (and the embedded engine) then return a
        // LastEvaluatedKey and a third, empty page finds the end; moto returns none and ends at two (either way the
        // same pages as the blocking adapter's)
        assertThat(pages).isBetween(2, 3);
        log.assertNoReadAmplification();
    }

    @Test
    void cancellingAListReadStopsItsCalls(RequestLog log) throws Exception {
        List<Map<String, Object>> fleet = new ArrayList<>();
        for (int i = 0; i < 600; i++) {
            fleet.add(item("state", "NM", "facility", "Santa Fe", "vin", String.format("NM%04d", i), "make", "Ford"));
        }
        rentals.putAll(fleet);
        FilterSpec makes = FilterSpec.of(FieldRule.string("make"));
        // no vehicle matches: filling one item takes a Query of 25 items after another, 24 in all
        ListOptions nothingMatches = ListOptions.defaults().withLimit(1)
                .withFilter(makes.parse(List.of("eq-make=Tesla")));
        HoldingAsyncClient holding = HoldingAsyncClient.holdingQuery(2, asyncClient);

        CompletableFuture<ItemPage<Map<String, Object>>> page = rentals.async(holding.client()).list(
                SubtreeQuery.children(KeyValues.of("state", "NM", "facility", "Santa Fe")), nothingMatches);
        assertThat(holding.awaitHeld(Duration.ofSeconds(10))).as("the second Query was sent").isTrue();
        assertThat(page.cancel(true)).isTrue();
        holding.release(); // the call in flight answers after the cancellation

        assertThat(holding.queries()).as("no call after the cancellation").isEqualTo(2);
        log.clear();
        ItemPage<Map<String, Object>> whole = await(asyncRentals.list(
                SubtreeQuery.children(KeyValues.of("state", "NM", "facility", "Santa Fe")), nothingMatches));
        assertThat(whole.items()).isEmpty();
        assertThat(log.calls("Query")).as("the same read not cancelled").hasSizeGreaterThanOrEqualTo(24);
    }

    @Test
    void badInputFailsTheFutureInsteadOfThrowing() {
        CompletableFuture<ItemPage<Map<String, Object>>> forged = asyncRentals.list(
                SubtreeQuery.children(DALLAS), ListOptions.defaults().withCursor("not-a-cursor"));
        assertThat(failure(forged)).isInstanceOf(InvalidCursorException.class);

        Map<String, Object> keyless = item("make", "Honda");
        assertThat(failure(asyncRentals.post(keyless))).isInstanceOf(RuntimeException.class)
                .isNotInstanceOf(CompletionException.class);
    }

    @Test
    void anAdapterCollectingIntoAUnitOfWorkHasNoAsynchronousForm() {
        Adapter<Map<String, Object>> collecting = rentals.collectingInto((actions, explainer) -> { });

        org.assertj.core.api.Assertions.assertThatThrownBy(() -> collecting.async(asyncClient))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("unit of work");
    }

    private static List<Object> requestsSince(RequestLog log, int before) {
        List<io.dynamodbtoolkit.test.RecordedCall> calls = log.calls();
        return calls.subList(before, calls.size()).stream().map(call -> (Object) call.request()).toList();
    }

    private static long version(Map<String, Object> item) {
        return ((Number) item.get("_version")).longValue();
    }

    static <T> T await(CompletableFuture<T> future) {
        try {
            return future.get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError("The future failed", e);
        }
    }

    static Throwable failure(CompletableFuture<?> future) {
        try {
            future.get(30, TimeUnit.SECONDS);
        } catch (java.util.concurrent.ExecutionException e) {
            return e.getCause() instanceof CompletionException && e.getCause().getCause() != null
                    ? e.getCause().getCause() : e.getCause();
        } catch (Exception e) {
            throw new AssertionError("The future did not fail in time", e);
        }
        throw new AssertionError("The future did not fail");
    }
}
