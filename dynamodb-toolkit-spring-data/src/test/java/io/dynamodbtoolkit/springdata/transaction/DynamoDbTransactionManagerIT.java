package io.dynamodbtoolkit.springdata.transaction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.mass.MassOptions;
import io.dynamodbtoolkit.springdata.core.DynamoDbToolkitTemplate;
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
import io.dynamodbtoolkit.test.server.MotoServerProvider;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import io.micrometer.observation.ObservationRegistry;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.dao.ConcurrencyFailureException;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.dao.OptimisticLockingFailureException;
import org.springframework.transaction.NestedTransactionNotSupportedException;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.TransactionTimedOutException;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;
import org.springframework.transaction.support.TransactionTemplate;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;

/**
 * Template writes inside Spring transactions: collected with all their conditions and sent at commit as one
 * TransactWriteItems, or nothing at all.
 */
@DynamoDbTest
class DynamoDbTransactionManagerIT {

    private static final KeyValues DALLAS = KeyValues.of("state", "TX", "facility", "Dallas");
    private static final KeyValues AUSTIN = KeyValues.of("state", "TX", "facility", "Austin");

    private static final MappingDynamoDbConverter CONVERTER = new MappingDynamoDbConverter(
            new DynamoDbMappingContext());

    private static String table;

    private DynamoDbToolkitTemplate rentals;
    private DynamoDbTransactionManager manager;
    private TransactionTemplate transaction;

    @BeforeAll
    static void createTable(TestTables tables) {
        table = tables.create(Rentals.TABLE);
    }

    @BeforeEach
    void load(DynamoDbClient client, RequestLog log) {
        rentals = new DynamoDbToolkitTemplate(Adapter.create(Rentals.declaration(table), client), CONVERTER);
        rentals.deleteAllById(Rentals.rows().stream().map(rentals::keyOf).toList());
        rentals.deleteAllById(List.of(DALLAS.and("vin", "NEW0001"), DALLAS.and("vin", "NEW0002"),
                KeyValues.of("state", "TX", "facility", "Houston"),
                KeyValues.of("state", "TX", "facility", "Houston", "vin", "NEW0003")));
        Rentals.rows().forEach(rentals::insert);
        manager = new DynamoDbTransactionManager(client);
        transaction = new TransactionTemplate(manager);
        log.clear();
    }

    @Test
    void writesOfATransactionGoAsOneTransactWriteItemsAtCommit(RequestLog log) {
        Vehicle honda = vehicle(DALLAS.and("vin", "1HGC0001"));
        Facility austin = rentals.findById(AUSTIN, Facility.class).orElseThrow();

        Vehicle saved = transaction.execute(status -> {
            rentals.insert(Vehicle.of("TX", "Dallas", "NEW0001", "Kia", Vehicle.Color.RED, "30.00"));
            Vehicle renamed = rentals.save(honda.withMake("Acura"));
            rentals.replace(new Facility("TX", "Austin", "Austin (airport)", null, austin.version()));
            rentals.patch(DALLAS.and("vin", "1HGC0002"), Map.of("seats", 7), Vehicle.class);
            rentals.deleteById(DALLAS.and("vin", "5YJ30003"));
            assertThat(log.calls("TransactWriteItems")).as("nothing is sent before the commit").isEmpty();
            assertThat(log.calls().stream().filter(call -> call.operation().matches("Put|Update|Delete.*")))
                    .isEmpty();
            return renamed;
        });

        assertThat(saved.version()).as("the version the caller sees is the one written")
                .isEqualTo(honda.version() + 1);
        assertThat(log.calls("TransactWriteItems")).hasSize(1);
        TransactWriteItemsRequest sent = log.calls("TransactWriteItems").get(0)
                .request(TransactWriteItemsRequest.class);
        assertThat(sent.transactItems()).as("5 writes and the insert's parent guard checks (facility, state)")
                .hasSize(7).filteredOn(item -> item.conditionCheck() == null).hasSize(5);
        assertThat(sent.clientRequestToken()).isNotBlank();
        assertThat(vehicle(DALLAS.and("vin", "1HGC0001"))).extracting(Vehicle::make, Vehicle::version)
                .containsExactly("Acura", saved.version());
        assertThat(vehicle(DALLAS.and("vin", "NEW0001")).make()).isEqualTo("Kia");
        assertThat(rentals.findById(AUSTIN, Facility.class).orElseThrow().city()).isEqualTo("Austin (airport)");
        assertThat(vehicle(DALLAS.and("vin", "1HGC0002")).seats()).isEqualTo(7);
        assertThat(rentals.existsById(DALLAS.and("vin", "5YJ30003"))).isFalse();
    }

    @Test
    void aVersionConflictOnTheLastActionWritesNothing() {
        Vehicle tesla = vehicle(DALLAS.and("vin", "5YJ30003"));
        rentals.save(tesla.withMake("Tesla Motors"));

        assertThatThrownBy(() -> transaction.executeWithoutResult(status -> {
            rentals.insert(Vehicle.of("TX", "Dallas", "NEW0001", "Kia", Vehicle.Color.RED, "30.00"));
            rentals.patch(DALLAS.and("vin", "1HGC0002"), Map.of("seats", 7), Vehicle.class);
            rentals.save(tesla.withMake("stale"));
        })).isInstanceOf(OptimisticLockingFailureException.class)
                .hasMessageContaining("Vehicle").hasMessageContaining("5YJ30003");

        assertThat(rentals.existsById(DALLAS.and("vin", "NEW0001"))).isFalse();
        assertThat(vehicle(DALLAS.and("vin", "1HGC0002")).seats()).isEqualTo(5);
        assertThat(vehicle(DALLAS.and("vin", "5YJ30003")).make()).isEqualTo("Tesla Motors");
    }

    @Test
    void anInsertOfAnExistingKeyIsADuplicateAndAMissingParentAnIntegrityViolation() {
        assertThatThrownBy(() -> transaction.executeWithoutResult(status -> {
            rentals.insert(Vehicle.of("TX", "Dallas", "NEW0001", "Kia", Vehicle.Color.RED, "30.00"));
            rentals.insert(Vehicle.of("TX", "Dallas", "1HGC0001", "Kia", Vehicle.Color.RED, "30.00"));
        })).isInstanceOf(DuplicateKeyException.class).hasMessageContaining("Vehicle")
                .hasMessageContaining("1HGC0001");
        assertThat(rentals.existsById(DALLAS.and("vin", "NEW0001"))).isFalse();

        assertThatThrownBy(() -> transaction.executeWithoutResult(status -> rentals.insert(
                Vehicle.of("TX", "Houston", "NEW0003", "Kia", Vehicle.Color.RED, "30.00"))))
                .isInstanceOf(DataIntegrityViolationException.class).hasMessageContaining("parent");
        assertThat(rentals.existsById(KeyValues.of("state", "TX", "facility", "Houston", "vin", "NEW0003")))
                .isFalse();
    }

    @Test
    void aParentInsertedInTheSameTransactionSatisfiesTheGuard(RequestLog log) {
        transaction.executeWithoutResult(status -> {
            rentals.insert(Vehicle.of("TX", "Houston", "NEW0003", "Kia", Vehicle.Color.RED, "30.00"));
            rentals.insert(new Facility("TX", "Houston", "Houston", null, null));
            rentals.insert(Vehicle.of("TX", "Dallas", "NEW0001", "Kia", Vehicle.Color.RED, "30.00"));
            rentals.insert(Vehicle.of("TX", "Dallas", "NEW0002", "Kia", Vehicle.Color.RED, "30.00"));
        });

        assertThat(rentals.existsById(KeyValues.of("state", "TX", "facility", "Houston", "vin", "NEW0003")))
                .isTrue();
        TransactWriteItemsRequest sent = log.calls("TransactWriteItems").get(0)
                .request(TransactWriteItemsRequest.class);
        assertThat(sent.transactItems()).as("4 puts, the Houston facility's check dropped, Dallas's sent once, "
                + "the state's checks (no cascade mark) once each").filteredOn(item -> item.put() != null).hasSize(4);
        assertThat(sent.transactItems().stream().filter(item -> item.conditionCheck() != null)
                .map(item -> item.conditionCheck().key()).distinct().count())
                .isEqualTo(sent.transactItems().stream().filter(item -> item.conditionCheck() != null).count());
    }

    @Test
    void aRuntimeExceptionFromUserCodeRollsBackAndWritesNothing(RequestLog log) {
        assertThatThrownBy(() -> transaction.executeWithoutResult(status -> {
            rentals.insert(Vehicle.of("TX", "Dallas", "NEW0001", "Kia", Vehicle.Color.RED, "30.00"));
            rentals.deleteById(DALLAS.and("vin", "1HGC0001"));
            throw new IllegalStateException("the payment failed");
        })).hasMessage("the payment failed");

        assertThat(log.calls("TransactWriteItems")).isEmpty();
        assertThat(rentals.existsById(DALLAS.and("vin", "NEW0001"))).isFalse();
        assertThat(rentals.existsById(DALLAS.and("vin", "1HGC0001"))).isTrue();
    }

    @Test
    void theHundredAndFirstActionIsRefusedAtItsWriteBeforeAnythingIsSent(RequestLog log) {
        List<Integer> accepted = new ArrayList<>();
        assertThatThrownBy(() -> transaction.executeWithoutResult(status -> {
            for (int i = 0; i < 101; i++) {
                rentals.patch(DALLAS.and("vin", "1HGC0001"), Map.of("seats", 5), Vehicle.class);
                accepted.add(i);
            }
        })).isInstanceOf(InvalidDataAccessApiUsageException.class).hasMessageContaining("Two actions on one item");

        assertThatThrownBy(() -> transaction.executeWithoutResult(status -> {
            for (int i = 0; i < 101; i++) {
                rentals.deleteById(DALLAS.and("vin", String.format("GONE%04d", i)));
                accepted.add(i);
            }
        })).isInstanceOf(InvalidDataAccessApiUsageException.class).hasMessageContaining("101 actions")
                .hasMessageContaining("100");
        assertThat(accepted).as("one patch, then 100 deletes").hasSize(101);
        assertThat(log.calls("TransactWriteItems")).isEmpty();
    }

    @Test
    void readsInsideATransactionSeeTheTableNotThePendingWrites() {
        transaction.executeWithoutResult(status -> {
            rentals.insert(Vehicle.of("TX", "Dallas", "NEW0001", "Kia", Vehicle.Color.RED, "30.00"));
            rentals.deleteById(DALLAS.and("vin", "1HGC0001"));
            assertThat(rentals.existsById(DALLAS.and("vin", "NEW0001"))).isFalse();
            assertThat(rentals.existsById(DALLAS.and("vin", "1HGC0001"))).isTrue();
        });
        assertThat(rentals.existsById(DALLAS.and("vin", "NEW0001"))).isTrue();
        assertThat(rentals.existsById(DALLAS.and("vin", "1HGC0001"))).isFalse();
    }

    @Test
    void massOperationsAreRefusedAndSaveAllBecomesActions(RequestLog log) {
        assertThatThrownBy(() -> transaction.executeWithoutResult(status -> rentals.deleteAllUnder(DALLAS,
                MassOptions.defaults(), RentalRow.class))).isInstanceOf(InvalidDataAccessApiUsageException.class)
                .hasMessageContaining("cannot run inside a transaction");
        assertThat(rentals.existsById(DALLAS)).isTrue();

        transaction.executeWithoutResult(status -> rentals.saveAll(List.of(
                Vehicle.of("TX", "Dallas", "NEW0001", "Kia", Vehicle.Color.RED, "30.00"),
                Vehicle.of("TX", "Dallas", "NEW0002", "Kia", Vehicle.Color.RED, "31.00"))));
        assertThat(log.calls("BatchWriteItem")).isEmpty();
        assertThat(log.calls("TransactWriteItems")).hasSize(1);
        assertThat(rentals.existsById(DALLAS.and("vin", "NEW0002"))).isTrue();
    }

    @Test
    void aReadOnlyTransactionRefusesWrites() {
        TransactionTemplate readOnly = new TransactionTemplate(manager);
        readOnly.setReadOnly(true);
        assertThatThrownBy(() -> readOnly.executeWithoutResult(status -> rentals.deleteById(
                DALLAS.and("vin", "1HGC0001")))).isInstanceOf(InvalidDataAccessApiUsageException.class)
                .hasMessageContaining("read-only");
        assertThat(rentals.existsById(DALLAS.and("vin", "1HGC0001"))).isTrue();
    }

    @Test
    void requiredJoinsRequiresNewCommitsOnItsOwnNotSupportedWritesAtOnce(RequestLog log) {
        TransactionTemplate requiresNew = template(TransactionDefinition.PROPAGATION_REQUIRES_NEW);
        TransactionTemplate notSupported = template(TransactionDefinition.PROPAGATION_NOT_SUPPORTED);
        assertThatThrownBy(() -> transaction.executeWithoutResult(status -> {
            rentals.insert(Vehicle.of("TX", "Dallas", "NEW0001", "Kia", Vehicle.Color.RED, "30.00"));
            transaction.executeWithoutResult(joined -> rentals.deleteById(DALLAS.and("vin", "1HGC0002")));
            requiresNew.executeWithoutResult(inner -> rentals.deleteById(DALLAS.and("vin", "1HGC0001")));
            assertThat(rentals.existsById(DALLAS.and("vin", "1HGC0001"))).as("committed by REQUIRES_NEW").isFalse();
            notSupported.executeWithoutResult(none -> rentals.deleteById(DALLAS.and("vin", "5YJ30003")));
            assertThat(rentals.existsById(DALLAS.and("vin", "5YJ30003"))).as("written at once").isFalse();
            throw new IllegalStateException("roll the outer transaction back");
        })).hasMessageContaining("roll the outer");

        assertThat(rentals.existsById(DALLAS.and("vin", "NEW0001"))).isFalse();
        assertThat(rentals.existsById(DALLAS.and("vin", "1HGC0002"))).as("joined the outer one").isTrue();
        assertThat(log.calls("TransactWriteItems")).hasSize(1);
    }

    @Test
    void aParticipantThatFailsMarksTheWholeTransactionRollbackOnly() {
        assertThatThrownBy(() -> transaction.executeWithoutResult(status -> {
            rentals.deleteById(DALLAS.and("vin", "1HGC0002"));
            try {
                transaction.executeWithoutResult(joined -> {
                    throw new IllegalStateException("inner failure");
                });
            } catch (IllegalStateException swallowed) {
                // the caller goes on, but the transaction is rollback-only
            }
        })).isInstanceOf(org.springframework.transaction.UnexpectedRollbackException.class);
        assertThat(rentals.existsById(DALLAS.and("vin", "1HGC0002"))).isTrue();
    }

    @Test
    void nestedIsRefusedClearly() {
        TransactionTemplate nested = template(TransactionDefinition.PROPAGATION_NESTED);
        assertThatThrownBy(() -> nested.executeWithoutResult(status -> { }))
                .isInstanceOf(NestedTransactionNotSupportedException.class).hasMessageContaining("savepoints")
                .hasMessageContaining("REQUIRES_NEW");
        assertThatThrownBy(() -> transaction.executeWithoutResult(status -> nested.executeWithoutResult(inner -> { })))
                .isInstanceOf(NestedTransactionNotSupportedException.class).hasMessageContaining("savepoints");
    }

    @Test
    void afterCommitCallbacksRunOnlyOnceDynamoDbAccepted() {
        List<String> events = new ArrayList<>();
        Vehicle tesla = vehicle(DALLAS.and("vin", "5YJ30003"));
        rentals.save(tesla.withMake("Tesla Motors"));

        assertThatThrownBy(() -> transaction.executeWithoutResult(status -> {
            register(events, "stale");
            rentals.save(tesla.withMake("stale"));
        })).isInstanceOf(OptimisticLockingFailureException.class);
        transaction.executeWithoutResult(status -> {
            register(events, "fresh");
            rentals.deleteById(DALLAS.and("vin", "1HGC0001"));
        });

        assertThat(events).containsExactly("stale rolled back", "fresh committed");
    }

    @Test
    void aCommitPastTheTimeoutSendsNothingAndRollsBack(RequestLog log) {
        List<Integer> completions = new ArrayList<>();
        assertThatThrownBy(() -> timedOut().executeWithoutResult(status -> {
            TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
                @Override
                public void afterCompletion(int completion) {
                    completions.add(completion);
                }
            });
            rentals.insert(Vehicle.of("TX", "Dallas", "NEW0001", "Kia", Vehicle.Color.RED, "30.00"));
            sleepPastOneSecond();
        })).isInstanceOf(TransactionTimedOutException.class).hasMessageContaining("ran past its timeout")
                .hasMessageContaining("nothing of it is sent");

        assertThat(completions).containsExactly(TransactionSynchronization.STATUS_ROLLED_BACK);
        assertThat(log.calls("TransactWriteItems")).isEmpty();
        assertThat(rentals.existsById(DALLAS.and("vin", "NEW0001"))).isFalse();
    }

    @Test
    void aWritePastTheTimeoutIsRefusedAndNothingIsSent(RequestLog log) {
        assertThatThrownBy(() -> timedOut().executeWithoutResult(status -> {
            rentals.insert(Vehicle.of("TX", "Dallas", "NEW0001", "Kia", Vehicle.Color.RED, "30.00"));
            sleepPastOneSecond();
            rentals.deleteById(DALLAS.and("vin", "1HGC0001"));
        })).isInstanceOf(TransactionTimedOutException.class).hasMessageContaining("a delete of");

        assertThat(log.calls("TransactWriteItems")).isEmpty();
        assertThat(rentals.existsById(DALLAS.and("vin", "NEW0001"))).isFalse();
        assertThat(rentals.existsById(DALLAS.and("vin", "1HGC0001"))).isTrue();
    }

    @Test
    void aTransactionWithinItsTimeoutCommits() {
        timedOut().executeWithoutResult(status -> rentals.deleteById(DALLAS.and("vin", "1HGC0001")));
        assertThat(rentals.existsById(DALLAS.and("vin", "1HGC0001"))).isFalse();
    }

    /** @return transactions with a timeout of one second, the shortest Spring's definitions have */
    private TransactionTemplate timedOut() {
        TransactionTemplate timed = new TransactionTemplate(manager);
        timed.setTimeout(1);
        return timed;
    }

    private static void sleepPastOneSecond() {
        try {
            Thread.sleep(1_050);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    @Test
    void aCommitWhoseResponseIsLostIsSentAgainWithItsTokenAndWrittenOnce(DynamoDbEndpoint endpoint) {
        assumeFalse(endpoint.backend().equals(MotoServerProvider.NAME), "moto 5.2.1 ignores ClientRequestToken: "
                + "it runs a TransactWriteItems sent again as a new one (here: a version conflict with itself)");
        AtomicInteger attempts = new AtomicInteger();
        List<String> tokens = new CopyOnWriteArrayList<>();
        try (DynamoDbClient losing = endpoint.clientBuilder().overrideConfiguration(config -> config
                .addExecutionInterceptor(new ExecutionInterceptor() {
                    @Override
                    public void afterTransmission(Context.AfterTransmission context, ExecutionAttributes attributes) {
                        if (context.request() instanceof TransactWriteItemsRequest sent) {
                            tokens.add(sent.clientRequestToken());
                            if (attempts.incrementAndGet() == 1) {
                                throw SdkClientException.create("the response was lost",
                                        new IOException("connection reset"));
                            }
                        }
                    }
                })).build()) {
            DynamoDbToolkitTemplate lossy = new DynamoDbToolkitTemplate(Adapter.create(Rentals.declaration(table),
                    losing), CONVERTER);
            Vehicle honda = vehicle(DALLAS.and("vin", "1HGC0001"));

            new TransactionTemplate(new DynamoDbTransactionManager(losing)).executeWithoutResult(status -> {
                lossy.save(honda.withMake("Acura"));
                lossy.insert(Vehicle.of("TX", "Dallas", "NEW0001", "Kia", Vehicle.Color.RED, "30.00"));
            });

            assertThat(attempts).as("the SDK sent the commit again").hasValue(2);
            assertThat(tokens).as("with the same ClientRequestToken").hasSize(2).containsOnly(tokens.get(0));
            assertThat(vehicle(DALLAS.and("vin", "1HGC0001"))).as("written once: not a version conflict, version "
                    + "bumped once").extracting(Vehicle::make, Vehicle::version).containsExactly("Acura",
                            honda.version() + 1);
            assertThat(rentals.existsById(DALLAS.and("vin", "NEW0001"))).isTrue();
        }
    }

    @Test
    void ofConcurrentTransactionsOnTheSameItemsExactlyOneWins(DynamoDbEndpoint endpoint) throws Exception {
        assumeTrue(endpoint.isolatesConcurrentWrites(), "moto 5.2.1 does not apply transactional "
                + "writes atomically under concurrent requests, so a race there says nothing of the manager: this "
                + "race runs on the embedded engine");
        int contenders = 6;
        for (int round = 0; round < 3; round++) {
            Facility austin = rentals.findById(AUSTIN, Facility.class).orElseThrow();
            CyclicBarrier start = new CyclicBarrier(contenders);
            ExecutorService threads = Executors.newFixedThreadPool(contenders);
            List<Future<String>> outcomes = new ArrayList<>();
            for (int i = 0; i < contenders; i++) {
                String vin = String.format("R%dC%d", round, i);
                outcomes.add(threads.submit(() -> {
                    try {
                        transaction.executeWithoutResult(status -> {
                            rentals.insert(Vehicle.of("TX", "Austin", vin, "Kia", Vehicle.Color.RED, "30.00"));
                            rentals.replace(new Facility("TX", "Austin", "Austin " + vin, null, austin.version()));
                            await(start);
                        });
                        return "won";
                    } catch (ConcurrencyFailureException lost) {
                        return "lost";
                    }
                }));
            }
            List<String> results = new ArrayList<>();
            for (Future<String> outcome : outcomes) {
                results.add(outcome.get(30, TimeUnit.SECONDS));
            }
            threads.shutdown();
            assertThat(results).as("round %d", round).containsOnlyOnce("won");
            Facility after = rentals.findById(AUSTIN, Facility.class).orElseThrow();
            assertThat(after.version()).isEqualTo(austin.version() + 1);
            String winner = after.city().substring("Austin ".length());
            String prefix = "R" + round;
            List<String> inserted = rentals.findAll(io.dynamodbtoolkit.key.SubtreeQuery.children(AUSTIN),
                    Vehicle.class).stream().map(Vehicle::vin).filter(vin -> vin.startsWith(prefix)).toList();
            assertThat(inserted).as("only the winner's insert").containsExactly(winner);
        }
    }

    @Test
    void eachCommitIsObservedWithItsOutcomeAndActionCount() {
        List<Observation.Context> stopped = new CopyOnWriteArrayList<>();
        ObservationRegistry registry = ObservationRegistry.create();
        registry.observationConfig().observationHandler(new ObservationHandler<>() {
            @Override
            public boolean supportsContext(Observation.Context context) {
                return true;
            }

            @Override
            public void onStop(Observation.Context context) {
                stopped.add(context);
            }
        });
        manager.setObservationRegistry(registry);
        Vehicle tesla = vehicle(DALLAS.and("vin", "5YJ30003"));
        rentals.save(tesla.withMake("Tesla Motors"));

        transaction.executeWithoutResult(status -> {
            rentals.deleteById(DALLAS.and("vin", "1HGC0001"));
            rentals.deleteById(DALLAS.and("vin", "1HGC0002"));
        });
        assertThatThrownBy(() -> transaction.executeWithoutResult(status -> rentals.save(tesla.withMake("stale"))))
                .isInstanceOf(OptimisticLockingFailureException.class);
        transaction.executeWithoutResult(status -> rentals.findById(DALLAS, Facility.class));

        assertThat(stopped).as("one per commit that sent something").hasSize(2);
        assertThat(stopped).extracting(Observation.Context::getName)
                .containsOnly(DynamoDbTransactionManager.OBSERVATION);
        assertThat(stopped.get(0).getLowCardinalityKeyValue("actions").getValue()).isEqualTo("2");
        assertThat(stopped.get(0).getLowCardinalityKeyValue("outcome").getValue()).isEqualTo("committed");
        assertThat(stopped.get(1).getLowCardinalityKeyValue("outcome").getValue()).isEqualTo("cancelled");
    }

    @Test
    void conditionChecksAndSnapshotReads(RequestLog log) {
        assertThatThrownBy(() -> transaction.executeWithoutResult(status -> {
            rentals.deleteById(DALLAS.and("vin", "1HGC0001"));
            rentals.assertExists(KeyValues.of("state", "TX", "facility", "Houston"));
        })).isInstanceOf(DataIntegrityViolationException.class).hasMessageContaining("Houston")
                .hasMessageContaining("exists");
        assertThat(rentals.existsById(DALLAS.and("vin", "1HGC0001"))).isTrue();

        Facility austin = rentals.findById(AUSTIN, Facility.class).orElseThrow();
        transaction.executeWithoutResult(status -> {
            rentals.deleteById(DALLAS.and("vin", "1HGC0001"));
            rentals.conditionCheck(AUSTIN).atVersion(austin.version());
        });
        assertThat(rentals.existsById(DALLAS.and("vin", "1HGC0001"))).isFalse();
        assertThatThrownBy(() -> rentals.conditionCheck(AUSTIN).atVersion(austin.version() + 7))
                .as("outside a transaction: checked now").isInstanceOf(DataIntegrityViolationException.class)
                .hasMessageContaining("version");

        log.clear();
        List<RentalRow> snapshot = rentals.findSnapshot(List.of(AUSTIN, DALLAS.and("vin", "gone"),
                DALLAS.and("vin", "1HGC0002")), RentalRow.class);
        assertThat(snapshot).hasSize(2).first().isInstanceOf(Facility.class);
        assertThat(log.calls("TransactGetItems")).hasSize(1);
    }

    private static void await(CyclicBarrier barrier) {
        try {
            barrier.await(20, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static void register(List<String> events, String name) {
        TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
            @Override
            public void afterCommit() {
                events.add(name + " committed");
            }

            @Override
            public void afterCompletion(int status) {
                if (status != STATUS_COMMITTED) {
                    events.add(name + " rolled back");
                }
            }
        });
    }

    private TransactionTemplate template(int propagation) {
        TransactionTemplate template = new TransactionTemplate(manager);
        template.setPropagationBehavior(propagation);
        return template;
    }

    private Vehicle vehicle(KeyValues key) {
        return rentals.findById(key, Vehicle.class).orElseThrow();
    }
}
