package io.dynamodbtoolkit.mass;

import static io.dynamodbtoolkit.mass.CascadeIT.item;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.adapter.AdapterOptions;
import io.dynamodbtoolkit.adapter.ItemMapper;
import io.dynamodbtoolkit.batch.RetryPolicy;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.key.SubtreeQuery;
import io.dynamodbtoolkit.test.ClientFaultInjection;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

/**
 * A cursor carrying more failed keys than a run's {@code maxItems}: each resumed run retries at most {@code maxItems}
 * of them and carries the rest in its own cursor, so resuming in small slices until complete processes every row
 * exactly once.
 */
@DynamoDbTest
class MassResumeBudgetIT {

    /** @return the mass operations of an adapter, as this class runs them (the async variant overrides it) */
    MassRuns<Map<String, Object>, MassResult> massOf(Adapter<Map<String, Object>> adapter) {
        return MassOperations.of(adapter);
    }

    private static final int ROWS = 200;
    private static final int SLICE = 7;

    @Test
    void failedKeysBeyondMaxItemsWaitForTheNextRuns(DynamoDbClient client, TestTables tables) {
        AdapterDeclaration<Map<String, Object>> declaration = AdapterDeclaration.builder(ItemMapper.documents())
                .table(tables.create(CascadeIT.TABLE)).keys(CascadeIT.KEYS).build();
        List<Map<String, Object>> rows = new ArrayList<>();
        for (int v = 0; v < ROWS; v++) {
            rows.add(item("state", "TX", "facility", "Dallas", "vin", String.format("V%03d", v)));
        }
        Adapter.create(declaration, client).putAll(rows);
        AdapterOptions options = AdapterOptions.defaults().withRetryPolicy(RetryPolicy.DEFAULT.withMaxAttempts(2)
                .withDelays(Duration.ZERO, Duration.ZERO));
        KeyValues dallas = KeyValues.of("state", "TX", "facility", "Dallas");
        PrefixSwap toAustin = PrefixSwap.of(CascadeIT.KEYS, dallas,
                KeyValues.of("state", "TX", "facility", "Austin"));
        Adapter<Map<String, Object>> throttled = Adapter.create(declaration, ClientFaultInjection.builder()
                .throttlingRate(1, "BatchWriteItem").wrap(client), options);
        MassScope scope = MassScope.of(throttled.plan(SubtreeQuery.children(dallas)));

        MassResult failing = massOf(throttled).move(scope, toAustin, MassOptions.defaults().withPageSize(150));
        assertThat(failing.failed()).as("a cursor carrying many failed keys").hasSizeGreaterThan(10 * SLICE);
        assertThat(failing.processed()).isZero();

        MassRuns<Map<String, Object>, MassResult> healthy = massOf(Adapter.create(declaration, client, options));
        MassResult run = failing;
        long processed = 0;
        int runs = 0;
        do {
            run = healthy.move(scope, toAustin, MassOptions.defaults().withMaxItems(SLICE).withCursor(run.cursor()));
            assertThat(run.failed()).isEmpty();
            assertThat(run.processed() + run.skipped()).as("a run handles at most maxItems rows").isLessThanOrEqualTo(
                    SLICE);
            processed += run.processed();
            assertThat(++runs).as("resuming ends").isLessThanOrEqualTo(ROWS / SLICE + 2);
        } while (!run.isComplete());

        assertThat(processed).as("every row moved exactly once").isEqualTo(ROWS);
        List<String> keys = client.scan(ScanRequest.builder().tableName(declaration.table()).build()).items().stream()
                .map(row -> row.get("_sk")).map(AttributeValue::s).toList();
        assertThat(keys).hasSize(ROWS).doesNotHaveDuplicates().allSatisfy(key -> assertThat(key)
                .startsWith("TX|Austin|"));
    }
}
