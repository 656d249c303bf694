package io.dynamodbtoolkit.adapter;

import static io.dynamodbtoolkit.adapter.Readings.key;
import static io.dynamodbtoolkit.adapter.Readings.keys;
import static io.dynamodbtoolkit.adapter.Readings.readings;
import static io.dynamodbtoolkit.adapter.Readings.storedNumbers;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.LongSummaryStatistics;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import io.dynamodbtoolkit.batch.BatchRetriesExhaustedException;
import io.dynamodbtoolkit.batch.BatchStats;
import io.dynamodbtoolkit.batch.RetryPolicy;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.FaultInjectingDynamoDbClient;
import io.dynamodbtoolkit.test.ClientFaultInjection;
import io.dynamodbtoolkit.test.FaultKind;
import io.dynamodbtoolkit.test.RequestLog;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * Bulk writes and reads through a client that leaves batches partly unprocessed and throttles calls: nothing
 * is lost, and when the policy gives up the exception carries exactly the work not done.
 */
@DynamoDbTest
class BatchRetryIT {

    /** Items per bulk run under faults: over a hundred BatchWriteItem calls, 25 BatchGetItem calls. */
    private static final int BULK = 2500;

    /**
     * Short delays keep the runs fast. A chunk's last request is withheld on every partial batch, so the chance
     * of a fruitless call there is about 0.1 + 0.05 + 0.85 x 0.3 = 0.4; 15 fruitless calls in a row then happen
     * with a probability of about 1e-6 per chunk, so the runs under faults never give up by bad luck.
     */
    private static final RetryPolicy QUICK = RetryPolicy.DEFAULT.withDelays(Duration.ofMillis(1), Duration.ofMillis(8))
            .withMaxAttempts(15);

    private DynamoDbClient client;
    private String table;
    private Adapter<Map<String, Object>> clean;

    @BeforeEach
    void createTable(DynamoDbClient client, TestTables tables) {
        this.client = client;
        this.table = tables.create(Readings.TABLE);
        this.clean = Adapter.create(Readings.declaration(table), client);
    }

    private static ClientFaultInjection.Builder faults() {
        return ClientFaultInjection.builder().seed(20261130).unprocessedItemsRate(0.3).unprocessedKeysRate(0.3)
                .throttlingRate(0.1).serverErrorRate(0.05);
    }

    private Adapter<Map<String, Object>> adapterOver(DynamoDbClient faulty, RetryPolicy policy) {
        return Adapter.create(Readings.declaration(table), faulty, AdapterOptions.defaults().withRetryPolicy(policy));
    }

    /** One batch call at a time, so that which chunks were tried when the policy gives up is known. */
    private Adapter<Map<String, Object>> sequentialOver(DynamoDbClient faulty, RetryPolicy policy) {
        return Adapter.create(Readings.declaration(table), faulty, AdapterOptions.defaults().withRetryPolicy(policy)
                .withBatchConcurrency(1));
    }

    private static Set<Integer> range(int count) {
        return IntStream.range(0, count).boxed().collect(Collectors.toSet());
    }

    @Test
    void putAllUnderFaultsWritesEveryItem(RequestLog log) {
        FaultInjectingDynamoDbClient faulty = faults().wrap(client);

        BatchStats stats = adapterOver(faulty, QUICK).putAll(readings(BULK));

        // concurrent batches: the faults each call draws vary from run to run, so only that each kind was met
        assertThat(faulty.injectedFaults(FaultKind.UNPROCESSED_ITEMS)).isPositive();
        assertThat(faulty.injectedFaults(FaultKind.THROTTLING)).isPositive();
        assertThat(faulty.injectedFaults(FaultKind.SERVER_ERROR)).isPositive();
        assertThat(stats.calls()).isGreaterThanOrEqualTo(log.calls("BatchWriteItem").size()
                + (int) faulty.injectedFaults(FaultKind.THROTTLING) + (int) faulty.injectedFaults(FaultKind.SERVER_ERROR));
        assertThat(stats.retries()).isEqualTo(stats.calls() - BULK / 25);
        assertThat(storedNumbers(client, table)).isEqualTo(range(BULK));
        assertThat(clean.get(key(1234), ReadOptions.defaults().consistently()).orElseThrow())
                .containsEntry("value", new BigDecimal(3702)).containsEntry("note", "reading 1234");
    }

    @Test
    void deleteAllUnderFaultsDeletesExactlyTheKeysGiven() {
        clean.putAll(readings(BULK));
        FaultInjectingDynamoDbClient faulty = faults().wrap(client);

        adapterOver(faulty, QUICK).deleteAll(keys(IntStream.range(0, BULK).filter(i -> i % 2 == 0)));

        // the batches run 4 at a time, so which call draws which fault varies from run to run (a run with 5
        // throttlings once failed a bound of "more than 5"): that faults of both kinds were met is what counts
        assertThat(faulty.injectedFaults(FaultKind.UNPROCESSED_ITEMS)).isPositive();
        assertThat(faulty.injectedFaults(FaultKind.THROTTLING)).isPositive();
        assertThat(storedNumbers(client, table))
                .isEqualTo(IntStream.range(0, BULK).filter(i -> i % 2 == 1).boxed().collect(Collectors.toSet()));
    }

    @Test
    void getAllUnderFaultsReadsEveryKeyInOrder() {
        clean.putAll(IntStream.range(0, BULK).filter(i -> i % 5 != 0).mapToObj(Readings::reading).toList());
        FaultInjectingDynamoDbClient faulty = faults().wrap(client);
        List<Integer> asked = new ArrayList<>(IntStream.range(0, BULK).boxed().toList());
        Collections.shuffle(asked, new Random(5));

        List<Map<String, Object>> found = adapterOver(faulty, QUICK).getAll(
                keys(asked.stream().mapToInt(Integer::intValue)), ReadOptions.defaults());

        assertThat(faulty.injectedFaults(FaultKind.UNPROCESSED_KEYS)).isGreaterThan(3);
        assertThat(found).hasSize(BULK);
        for (int i = 0; i < BULK; i++) {
            int number = asked.get(i);
            if (number % 5 == 0) {
                assertThat(found.get(i)).as("slot %d (reading %d)", i, number).isNull();
            } else {
                assertThat(found.get(i)).as("slot %d", i).isNotNull()
                        .containsEntry("note", "reading " + number);
                assertThat(Readings.mappedNumber(found.get(i))).isEqualTo(number);
            }
        }
    }

    @Test
    void constantThrottlingGivesUpAfterTheConfiguredAttemptsWithEveryRequestAttached() {
        List<Duration> pauses = new ArrayList<>();
        RetryPolicy policy = RetryPolicy.DEFAULT.withDelays(Duration.ofMillis(10), Duration.ofMillis(80))
                .withSleeper(pauses::add);
        FaultInjectingDynamoDbClient faulty = ClientFaultInjection.builder().throttlingRate(1.0, "BatchWriteItem")
                .wrap(client);

        BatchRetriesExhaustedException e = catchThrowableOfType(BatchRetriesExhaustedException.class,
                () -> sequentialOver(faulty, policy).putAll(readings(60)));

        assertThat(faulty.injectedFaults(FaultKind.THROTTLING)).isEqualTo(8);
        assertThat(e).hasMessageContaining("gave up after 8 attempts").hasMessageContaining("60 write requests")
                .hasCauseInstanceOf(ProvisionedThroughputExceededException.class);
        assertThat(e.unprocessedKeys()).isEmpty();
        assertThat(e.unprocessedWrites()).containsOnlyKeys(table);
        assertThat(e.unprocessedWrites().get(table)).extracting(write -> Readings.number(write.putRequest().item()))
                .containsExactlyElementsOf(IntStream.range(0, 60).boxed().toList());
        assertThat(storedNumbers(client, table)).isEmpty();
        assertThat(pauses).hasSize(7);
        for (int retry = 1; retry <= pauses.size(); retry++) {
            assertThat(pauses.get(retry - 1)).isBetween(Duration.ZERO,
                    Duration.ofMillis(Math.min(80, 10L << (retry - 1))));
        }
    }

    @Test
    void constantlyUnprocessedItemsGiveUpWithExactlyTheRequestsNotWritten() {
        RetryPolicy policy = RetryPolicy.DEFAULT.withDelays(Duration.ofMillis(1), Duration.ofMillis(2));
        FaultInjectingDynamoDbClient faulty = ClientFaultInjection.builder().seed(3).unprocessedItemsRate(1.0).wrap(client);

        BatchRetriesExhaustedException e = catchThrowableOfType(BatchRetriesExhaustedException.class,
                () -> sequentialOver(faulty, policy).putAll(readings(60)));

        List<WriteRequest> notWritten = e.unprocessedWrites().get(table);
        Set<Integer> unwritten = notWritten.stream().map(write -> Readings.number(write.putRequest().item()))
                .collect(Collectors.toSet());
        Set<Integer> stored = storedNumbers(client, table);
        assertThat(unwritten).hasSize(notWritten.size()).doesNotContainAnyElementsOf(stored);
        Set<Integer> all = new HashSet<>(unwritten);
        all.addAll(stored);
        assertThat(all).isEqualTo(range(60));
        // the first chunk got down to what it could not write; the two chunks after it were never tried
        assertThat(unwritten).containsAll(IntStream.range(25, 60).boxed().toList());
        assertThat(stored).isNotEmpty();
        assertThat(e).hasMessageContaining(notWritten.size() + " write requests were not written");
    }

    @Test
    void withCallsInFlightAGiveUpStopsNewChunksAndAttachesEveryRequestNotWritten() {
        RetryPolicy policy = RetryPolicy.DEFAULT.withMaxAttempts(4).withDelays(Duration.ofMillis(1),
                Duration.ofMillis(2));
        FaultInjectingDynamoDbClient faulty = ClientFaultInjection.builder().seed(5).unprocessedItemsRate(1.0).wrap(client);

        BatchRetriesExhaustedException e = catchThrowableOfType(BatchRetriesExhaustedException.class,
                () -> adapterOver(faulty, policy).putAll(readings(400)));

        List<WriteRequest> notWritten = e.unprocessedWrites().get(table);
        List<Integer> unwritten = notWritten.stream().map(write -> Readings.number(write.putRequest().item()))
                .toList();
        Set<Integer> stored = storedNumbers(client, table);
        assertThat(unwritten).doesNotHaveDuplicates().doesNotContainAnyElementsOf(stored);
        Set<Integer> all = new HashSet<>(unwritten);
        all.addAll(stored);
        assertThat(all).as("every request is written or attached").isEqualTo(range(400));
        assertThat(unwritten).as("in chunk order").isSorted();
        assertThat(e).hasMessageContaining(notWritten.size() + " write requests were not written");
    }

    @Test
    void constantThrottlingOfDeletesKeepsEveryItemAndAttachesEveryDelete() {
        clean.putAll(readings(30));
        FaultInjectingDynamoDbClient faulty = ClientFaultInjection.builder().throttlingRate(1.0).wrap(client);
        RetryPolicy policy = RetryPolicy.DEFAULT.withDelays(Duration.ofMillis(1), Duration.ofMillis(2));

        BatchRetriesExhaustedException e = catchThrowableOfType(BatchRetriesExhaustedException.class,
                () -> sequentialOver(faulty, policy.withMaxAttempts(3)).deleteAll(keys(IntStream.range(0, 30))));

        assertThat(faulty.injectedFaults(FaultKind.THROTTLING)).isEqualTo(3);
        assertThat(e.unprocessedWrites().get(table)).hasSize(30)
                .allSatisfy(write -> assertThat(write.deleteRequest().key()).containsOnlyKeys("device", "reading"));
        assertThat(storedNumbers(client, table)).isEqualTo(range(30));
    }

    @Test
    void constantlyUnprocessedKeysGiveUpWithTheKeysNotRead() {
        clean.putAll(readings(150));
        FaultInjectingDynamoDbClient faulty = ClientFaultInjection.builder().seed(9).unprocessedKeysRate(1.0).wrap(client);
        RetryPolicy policy = RetryPolicy.DEFAULT.withDelays(Duration.ofMillis(1), Duration.ofMillis(2));

        BatchRetriesExhaustedException e = catchThrowableOfType(BatchRetriesExhaustedException.class,
                () -> sequentialOver(faulty, policy).getAll(keys(IntStream.range(0, 150)), ReadOptions.defaults()));

        assertThat(e.unprocessedWrites()).isEmpty();
        List<Map<String, AttributeValue>> notRead = e.unprocessedKeys().get(table);
        assertThat(notRead).doesNotHaveDuplicates().allSatisfy(k -> assertThat(k).containsOnlyKeys("device", "reading"));
        // at least the key the first chunk could never get through, and the 50 keys of the chunk never tried
        assertThat(notRead.stream().map(Readings::number).toList()).containsAll(IntStream.range(100, 150).boxed()
                .toList()).hasSizeGreaterThan(50);
        assertThat(e).hasMessageContaining(notRead.size() + " keys were not read");
    }

    @Test
    void aFailureThatIsNotThrottlingIsNotRetried(RequestLog log, TestTables tables) {
        Adapter<Map<String, Object>> missingTable = Adapter.create(Readings.declaration(tables.uniqueName("missing")),
                client, AdapterOptions.defaults().withRetryPolicy(QUICK));

        assertThatThrownBy(() -> missingTable.putAll(readings(3))).isInstanceOf(ResourceNotFoundException.class);
        assertThat(log.calls("BatchWriteItem")).hasSize(1);
    }

    @Test
    void theDefaultPolicyIsEightAttemptsFrom50msTo20sWithFullJitter() {
        RetryPolicy policy = RetryPolicy.DEFAULT;

        assertThat(policy.maxAttempts()).isEqualTo(8);
        assertThat(policy.baseDelay()).isEqualTo(Duration.ofMillis(50));
        assertThat(policy.maxDelay()).isEqualTo(Duration.ofSeconds(20));
        for (int retry = 1; retry <= 12; retry++) {
            int nth = retry;
            long ceiling = Math.min(20_000, 50L << (retry - 1));
            List<Long> delays = IntStream.range(0, 2000).mapToObj(n -> policy.delayBeforeRetry(nth).toMillis())
                    .toList();
            LongSummaryStatistics spread = delays.stream().mapToLong(Long::longValue).summaryStatistics();
            assertThat(spread.getMin()).as("retry %d", retry).isBetween(0L, ceiling / 10);
            assertThat(spread.getMax()).as("retry %d", retry).isBetween(ceiling * 9 / 10, ceiling);
            assertThat(spread.getAverage()).as("retry %d: uniform from 0", retry)
                    .isBetween(ceiling * 0.4, ceiling * 0.6);
        }
        assertThat(policy.delayBeforeRetry(60)).isLessThanOrEqualTo(Duration.ofSeconds(20));
    }
}
