package io.dynamodbtoolkit.mass;

import static io.dynamodbtoolkit.mass.CascadeIT.item;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.adapter.AdapterOptions;
import io.dynamodbtoolkit.adapter.ItemMapper;
import io.dynamodbtoolkit.batch.RetryPolicy;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.key.SubtreeQuery;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

/**
 * A cascade move whose BatchGetItem calls give up on some keys (the retry policy exhausted): the run reports the
 * items it could not move as failed, with a cursor, and never throws; resumed once the fault is gone, the move
 * completes with every row at the target once and none left at the source.
 */
@DynamoDbTest
class MassRetriesExhaustedIT {

    /** @return the mass operations of an adapter, as this class runs them (the async variant overrides it) */
    MassRuns<Map<String, Object>, MassResult> massOf(Adapter<Map<String, Object>> adapter) {
        return MassOperations.of(adapter);
    }

    private static final KeyValues DALLAS = KeyValues.of("state", "TX", "facility", "Dallas");
    private static final KeyValues AUSTIN = KeyValues.of("state", "TX", "facility", "Austin");
    private static final int VEHICLES = 30;

    private DynamoDbClient client;
    private AdapterDeclaration<Map<String, Object>> declaration;

    @BeforeEach
    void loadDallas(DynamoDbClient dynamo, TestTables tables) {
        client = dynamo;
        declaration = AdapterDeclaration.builder(ItemMapper.documents()).table(tables.create(CascadeIT.TABLE))
                .keys(CascadeIT.KEYS).cascades(true).build();
        List<Map<String, Object>> rows = new ArrayList<>();
        rows.add(item("state", "TX"));
        rows.add(item("state", "TX", "facility", "Dallas"));
        for (int v = 0; v < VEHICLES; v++) {
            rows.add(item("state", "TX", "facility", "Dallas", "vin", String.format("V%02d", v)));
        }
        Adapter.create(declaration, dynamo).putAll(rows);
    }

    @Test
    void targetsNeverReadAreFailedItemsAndTheMoveResumesToTheEnd() {
        movesThroughUnreadKeys(key -> key.get("_sk").s().startsWith("TX|Austin|V1"),
                (mass, adapter, options) -> mass.moveAllUnder(DALLAS, AUSTIN, options), VEHICLES + 1);
    }

    @Test
    void aTargetParentNeverReadFailsItsChildrenAndTheMoveResumesToTheEnd() {
        movesThroughUnreadKeys(key -> key.get("_sk").s().equals("TX|Austin"),
                (mass, adapter, options) -> mass.moveAllUnder(DALLAS, AUSTIN, options), VEHICLES + 1);
    }

    @Test
    void aPreflightWhoseParentsCannotBeReadLetsTheRunReportItsItemsFailed() {
        Adapter.create(declaration, client).post(item("state", "TX", "facility", "Austin"));
        movesThroughUnreadKeys(key -> key.get("_sk").s().equals("TX|Austin"),
                (mass, adapter, options) -> mass.move(MassScope.of(adapter.plan(SubtreeQuery.children(DALLAS))),
                        PrefixSwap.of(CascadeIT.KEYS, DALLAS, AUSTIN), options), VEHICLES);
    }

    /** One run of the move under test. */
    @FunctionalInterface
    private interface Move {
        MassResult run(MassRuns<Map<String, Object>, MassResult> mass, Adapter<Map<String, Object>> adapter,
                MassOptions options);
    }

    private void movesThroughUnreadKeys(Predicate<Map<String, AttributeValue>> unread, Move move, int rows) {
        UnreadKeys fault = new UnreadKeys(client, unread);
        AdapterOptions options = AdapterOptions.defaults().withRetryPolicy(RetryPolicy.DEFAULT.withMaxAttempts(2)
                .withDelays(Duration.ZERO, Duration.ZERO));
        Adapter<Map<String, Object>> faultyAdapter = Adapter.create(declaration, fault.client(), options);

        MassResult first = move.run(massOf(faultyAdapter), faultyAdapter, MassOptions.defaults().withPageSize(8));

        assertThat(fault.withheld()).as("the fault struck").isPositive();
        assertThat(first.failed()).as("the items not moved").isNotEmpty()
                .allSatisfy(failure -> assertThat(failure.retryable()).isTrue());
        assertThat(first.isComplete()).isFalse();
        long moved = first.processed();

        fault.clear();
        Adapter<Map<String, Object>> healthy = Adapter.create(declaration, client, options);
        MassResult run = first;
        int runs = 0;
        while (!run.isComplete()) {
            run = move.run(massOf(healthy), healthy, MassOptions.defaults().withPageSize(8).withCursor(run.cursor()));
            assertThat(run.failed()).isEmpty();
            moved += run.processed();
            assertThat(++runs).as("resuming ends").isLessThan(10);
        }

        assertThat(moved).as("every row moved once").isEqualTo(rows);
        assertThat(storedUnder("TX|Dallas|")).isEmpty();
        List<Map<String, AttributeValue>> austin = storedUnder("TX|Austin");
        assertThat(austin).hasSize(VEHICLES + 1);
        assertThat(austin.stream().map(row -> row.get("_sk").s()).distinct()).hasSize(VEHICLES + 1);
    }

    private List<Map<String, AttributeValue>> storedUnder(String prefix) {
        return client.scan(ScanRequest.builder().tableName(declaration.table()).build()).items().stream()
                .filter(row -> row.get("_sk").s().startsWith(prefix)).toList();
    }
}
