package io.dynamodbtoolkit.mass;

import static io.dynamodbtoolkit.mass.CascadeIT.item;
import static io.dynamodbtoolkit.mass.FleetOfForty.KEYS;
import static io.dynamodbtoolkit.mass.FleetOfForty.VEHICLES;
import static io.dynamodbtoolkit.mass.FleetOfForty.scope;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.adapter.Hooks;
import io.dynamodbtoolkit.adapter.ItemMapper;
import io.dynamodbtoolkit.adapter.ItemValidationException;
import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.key.SubtreeQuery;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;

/**
 * The reads of a mass run that fail: a page DynamoDB does not serve stops the run where it was, anything else fails
 * it once the writes in flight are done, and the failed items of an earlier run that cannot be read again stay
 * failed while the run goes on.
 */
@DynamoDbTest
class MassPageReadsIT {

    /** @return the mass operations of an adapter, as this class runs them (the async variant overrides it) */
    MassRuns<Map<String, Object>, MassResult> massOf(Adapter<Map<String, Object>> adapter) {
        return MassOperations.of(adapter);
    }

    private DynamoDbClient client;
    private FleetOfForty vehicles;
    private Adapter<Map<String, Object>> healthy;

    @BeforeEach
    void loadFleet(DynamoDbClient dynamo, TestTables tables) {
        client = dynamo;
        vehicles = FleetOfForty.load(dynamo, tables, "reads");
        healthy = vehicles.healthy();
    }

    @Test
    void aPageDynamoDbDoesNotServeStopsTheRunWhereItWasAndItsCursorResumesThere() {
        Adapter<Map<String, Object>> throttled = vehicles.through(failing("query", 2,
                () -> ProvisionedThroughputExceededException.builder().message("throttled").build()));

        MassResult stopped = massOf(throttled).delete(scope(throttled), MassOptions.defaults().withPageSize(10));

        assertThat(stopped.stoppedBy()).isInstanceOf(ProvisionedThroughputExceededException.class);
        assertThat(stopped.processed()).as("the first page").isEqualTo(10);
        assertThat(stopped.failed()).isEmpty();
        assertThat(stopped.isComplete()).isFalse();
        assertThat(vehicles.remaining()).hasSize(VEHICLES - 10);

        MassResult rest = massOf(healthy).delete(scope(healthy), MassOptions.defaults().withPageSize(10)
                .withCursor(stopped.cursor()));

        assertThat(rest.processed()).isEqualTo(VEHICLES - 10);
        assertThat(rest.isComplete()).isTrue();
        assertThat(vehicles.remaining()).isEmpty();
    }

    @Test
    void aPageReadFailingOtherwiseFailsTheRunWithThatFailureOnceThePageInProcessIsWritten() {
        IllegalStateException broken = new IllegalStateException("broken");
        Adapter<Map<String, Object>> failingReads = vehicles.through(failing("query", 2, () -> broken));

        assertThatThrownBy(() -> massOf(failingReads).delete(scope(failingReads),
                MassOptions.defaults().withPageSize(10))).isSameAs(broken);
        assertThat(vehicles.remaining()).as("the first page deleted, nothing after it").hasSize(VEHICLES - 10);
    }

    @Test
    void theFailedItemsOfAnEarlierRunThatCannotBeReadAgainStayFailedAndTheRunGoesOn() {
        MassResult first = massOf(lockedBelow("V05")).clone(scope(healthy), MassEngineIT.toFleet("B"),
                MassOptions.defaults());
        assertThat(first.failed()).hasSize(5);
        Adapter<Map<String, Object>> unreadable = vehicles.through(failing("batchGetItem", 0,
                () -> ProvisionedThroughputExceededException.builder().message("throttled").build()));

        MassResult second = massOf(unreadable).clone(scope(unreadable), MassEngineIT.toFleet("B"),
                MassOptions.defaults().withCursor(first.cursor()));

        assertThat(second.failed()).hasSize(5).allSatisfy(failure -> {
            assertThat(failure.reason()).startsWith("not read again: ");
            assertThat(failure.retryable()).isTrue();
        });
        assertThat(second.processed()).isZero();
        assertThat(second.isComplete()).isFalse();

        MassResult third = massOf(healthy).clone(scope(healthy), MassEngineIT.toFleet("B"),
                MassOptions.defaults().withCursor(second.cursor()));

        assertThat(third.processed()).isEqualTo(5);
        assertThat(third.isComplete()).isTrue();
        assertThat(healthy.list(SubtreeQuery.children(KeyValues.of("fleet", "B")), ListOptions.defaults()).items())
                .hasSize(VEHICLES);
    }

    @Test
    void theFailedItemsOfAnEarlierRunAreProcessedFirstAndThoseGoneSinceAreSkipped() {
        MassResult first = massOf(lockedBelow("V05")).clone(scope(healthy), MassEngineIT.toFleet("B"),
                MassOptions.defaults());
        healthy.delete(KeyValues.of("fleet", "A", "vin", "V00"));
        healthy.delete(KeyValues.of("fleet", "A", "vin", "V01"));
        List<MassProgress> reports = new ArrayList<>();

        MassResult second = massOf(healthy).clone(scope(healthy), MassEngineIT.toFleet("B"),
                MassOptions.defaults().withCursor(first.cursor()).withListener(reports::add));

        assertThat(second.processed()).isEqualTo(3);
        assertThat(second.skipped()).as("gone since").isEqualTo(2);
        assertThat(second.isComplete()).isTrue();
        assertThat(reports).as("one report, after the failed items: the scope was read to its end before")
                .singleElement().satisfies(report -> {
                    assertThat(report.read()).isEqualTo(5);
                    assertThat(report.processed()).isEqualTo(3);
                    assertThat(report.skipped()).isEqualTo(2);
                });
    }

    @Test
    void aReadOfTheFailedItemsFailingOtherwiseFailsTheRunWithThatFailure() {
        MassResult first = massOf(lockedBelow("V05")).clone(scope(healthy), MassEngineIT.toFleet("B"),
                MassOptions.defaults());
        IllegalStateException broken = new IllegalStateException("broken");
        Adapter<Map<String, Object>> failingReads = vehicles.through(failing("batchGetItem", 0,
                () -> broken));

        assertThatThrownBy(() -> massOf(failingReads).clone(scope(failingReads), MassEngineIT.toFleet("B"),
                MassOptions.defaults().withCursor(first.cursor()))).isSameAs(broken);
    }

    /** @return an adapter of the test's application whose validator refuses the vehicles before {@code vin} */
    private Adapter<Map<String, Object>> lockedBelow(String vin) {
        return Adapter.create(AdapterDeclaration.builder(ItemMapper.documents()).table(vehicles.declaration().table())
                .keys(KEYS).hooks(Hooks.NONE.withValidator((item, kind) -> {
                    if (item.get("vin").s().compareTo(vin) < 0) {
                        throw new ItemValidationException("locked");
                    }
                })).build(), client, vehicles.options());
    }

    /**
     * @param operation the client method that fails
     * @param nth       which of its calls fails (1 the first), or 0 for every call
     * @param failure   what it throws
     * @return the test server's client, one of its calls failing
     */
    private DynamoDbClient failing(String operation, int nth, Supplier<RuntimeException> failure) {
        return failing(client, operation, nth, failure);
    }

    /**
     * @param client    the test server's client
     * @param operation the client method that fails
     * @param nth       which of its calls fails (1 the first), or 0 for every call
     * @param failure   what it throws
     * @return the client, one of its calls failing
     */
    static DynamoDbClient failing(DynamoDbClient client, String operation, int nth,
            Supplier<RuntimeException> failure) {
        AtomicInteger calls = new AtomicInteger();
        return (DynamoDbClient) Proxy.newProxyInstance(DynamoDbClient.class.getClassLoader(),
                new Class<?>[] {DynamoDbClient.class}, (proxy, method, args) -> {
                    if (method.getName().equals(operation) && args != null
                            && (nth == 0 || calls.incrementAndGet() == nth)) {
                        throw failure.get();
                    }
                    try {
                        return method.invoke(client, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }
}
