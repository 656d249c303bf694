package io.dynamodbtoolkit.mass;

import static io.dynamodbtoolkit.mass.CascadeIT.item;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.adapter.ItemMapper;
import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.key.SubtreeQuery;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A mass run paced from outside ({@link AsyncMassOperations#withPacing}): asked before each page after its first, it
 * reads the page once let, and a refusal stops it as {@code maxItems} would, its cursor resuming right after the pages
 * it processed.
 */
@DynamoDbTest
class AsyncMassPacingIT {

    private static final KeyValues DALLAS = KeyValues.of("state", "TX", "facility", "Dallas");

    private Adapter<Map<String, Object>> rentals;
    private AsyncMassOperations<Map<String, Object>> mass;
    private MassScope vehicles;

    @BeforeEach
    void loadDallas(DynamoDbClient dynamo, TestTables tables) {
        rentals = Adapter.create(AdapterDeclaration.builder(ItemMapper.documents())
                .table(tables.create(CascadeIT.TABLE)).keys(CascadeIT.KEYS).cascades(true).build(), dynamo);
        mass = AsyncMassOperations.of(rentals.async(new BlockingBackedAsyncClient(dynamo,
                AwaitedMassRuns.AsyncPool.CALLS)));
        List<Map<String, Object>> items = new ArrayList<>();
        items.add(item("state", "TX"));
        items.add(item("state", "TX", "facility", "Dallas", "city", "Dallas"));
        for (int v = 0; v < 25; v++) {
            items.add(item("state", "TX", "facility", "Dallas", "vin", String.format("V%02d", v)));
        }
        rentals.putAll(items);
        vehicles = MassScope.of(rentals.plan(SubtreeQuery.children(DALLAS)));
    }

    @Test
    void aRunAsksBeforeEachPageAfterItsFirstAndStopsWhereThePacingSaysNo() {
        AtomicInteger asked = new AtomicInteger();
        MassPacing twoMorePages = () -> CompletableFuture.completedFuture(asked.incrementAndGet() <= 2);

        MassResult first = MassFutures.join(mass.withPacing(twoMorePages).delete(vehicles,
                MassOptions.defaults().withPageSize(5)));

        assertThat(first.processed()).as("three pages: the first, and the two the pacing let").isEqualTo(15);
        assertThat(first.stopped()).as("stopped as maxItems would, by no failure").isEmpty();
        assertThat(asked).hasValue(3);
        assertThat(remaining()).hasSize(10);

        MassResult rest = MassFutures.join(mass.delete(vehicles, MassOptions.defaults().withPageSize(5)
                .withCursor(first.cursor())));

        assertThat(rest.processed()).isEqualTo(10);
        assertThat(rest.isComplete()).isTrue();
        assertThat(remaining()).isEmpty();
    }

    @Test
    void aPacingThatAnswersLaterIsWaitedForAndTheRunGoesOnWhenItLets() {
        CompletableFuture<Boolean> later = new CompletableFuture<>();
        AtomicInteger asked = new AtomicInteger();
        MassPacing lateOnce = () -> asked.incrementAndGet() == 1 ? later : CompletableFuture.completedFuture(true);

        CompletableFuture<MassResult> run = mass.withPacing(lateOnce).delete(vehicles,
                MassOptions.defaults().withPageSize(10));
        CompletableFuture.delayedExecutor(200, TimeUnit.MILLISECONDS)
                .execute(() -> later.complete(true));
        MassResult result = MassFutures.join(run);

        assertThat(result.processed()).isEqualTo(25);
        assertThat(result.isComplete()).isTrue();
        assertThat(asked).as("before the second and the third page").hasValue(2);
        assertThat(remaining()).isEmpty();
    }

    private List<Map<String, Object>> remaining() {
        return rentals.list(SubtreeQuery.children(DALLAS), ListOptions.defaults()).items();
    }
}
