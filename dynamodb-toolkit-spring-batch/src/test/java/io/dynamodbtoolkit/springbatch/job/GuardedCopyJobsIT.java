package io.dynamodbtoolkit.springbatch.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.springbatch.Sites;
import io.dynamodbtoolkit.springbatch.partition.SubtreePartition;
import io.dynamodbtoolkit.test.DynamoDbEndpoint;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.parameters.JobParameters;
import org.springframework.batch.core.job.parameters.JobParametersBuilder;
import org.springframework.batch.core.partition.PartitionHandler;
import org.springframework.batch.core.partition.support.TaskExecutorPartitionHandler;
import org.springframework.batch.core.step.Step;
import org.springframework.batch.core.step.StepExecution;
import org.springframework.batch.infrastructure.item.ExecutionContext;
import org.springframework.core.task.TaskExecutor;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * {@code cloneAllUnder} and {@code moveAllUnder} on an adapter with the parent guard, their partitions run at once
 * on {@value JobFixture#WORKERS} threads and in the worst order: the partitions that hold a parent row (the node's
 * own row, the first sort-key range of a split child) only after every other partition has ended. Each job writes the
 * subtree's parent rows first (its {@code <job>.parents} step), so every partition finds its target parents; every
 * row is copied or moved exactly once (checked raw in the table), with no conflict and no failure, also when a move's
 * partitions delete the source parent rows first, and across a restart after a failure in the parents step or in the
 * partitions.
 */
@DynamoDbTest
class GuardedCopyJobsIT {

    /** A child above this many rows is split by sort-key range: C2 (31 sites) into 4 ranges. */
    private static final long SPLIT_ROWS = 8;
    /** The subtree's parent rows: S0 and its 5 cities. */
    private static final int PARENT_ROWS = 6;

    private JobFixture fixture;

    @BeforeEach
    void start(DynamoDbClient client, TestTables tables) {
        fixture = plantedFixture(client, tables, true);
    }

    /** @return a guarded fixture whose partitions holding a parent row run last (or first), its table planted */
    private static JobFixture plantedFixture(DynamoDbClient client, TestTables tables, boolean parentRowsLast) {
        JobFixture planted = new JobFixture(client, tables, Map.of(), true,
                pool -> new ParentRowsLast(pool, JobFixture.WORKERS, parentRowsLast), SPLIT_ROWS);
        Sites.plant(planted.template, "acme", 2, 5, 6);
        @SuppressWarnings("unchecked")
        Adapter<Map<String, Object>> adapter = (Adapter<Map<String, Object>>) planted.template.getAdapter();
        List<Map<String, Object>> more = new ArrayList<>();
        for (int i = 100; i < 125; i++) {
            more.add(Map.of("tenant", "acme", "state", "S0", "city", "C2", "site", String.format("x%04d", i),
                    "status", "open", "n", i));
        }
        adapter.putAll(more);
        return planted;
    }

    @AfterEach
    void stop() {
        fixture.close();
    }

    private static JobParameters toOklahoma() {
        return new JobParametersBuilder().addString("key", "tenant=acme,state=S0")
                .addString("target", "tenant=acme,state=OK").toJobParameters();
    }

    @Test
    void cloneAllUnderCopiesEveryRowOnceWhateverOrderItsPartitionsRunIn(DynamoDbClient client,
            DynamoDbEndpoint endpoint) throws Exception {
        assumeTrue(endpoint.isolatesConcurrentWrites(), "moto 5.2.1 undoes a cancelled transaction by "
                + "restoring the table as it was before it, undoing the transactions that ran meanwhile: the clone's "
                + "partitions, running at once, cancel one at each parent row the parents step wrote (the embedded "
                + "engine only)");
        Map<String, Map<String, AttributeValue>> before = fixture.rows(client);

        JobExecution execution = fixture.operator.start(fixture.job(MassJobKind.CLONE_ALL_UNDER), toOklahoma());

        assertThat(execution.getStatus()).isEqualTo(BatchStatus.COMPLETED);
        assertRanInTheWorstOrder(execution);
        Map<String, Map<String, AttributeValue>> expected = new HashMap<>(before);
        expected.putAll(copiesToOklahoma(before));
        assertSame(fixture.rows(client), expected);
        long sources = copiesToOklahoma(before).size();
        assertThat(parentsStep(execution, "sites.cloneAllUnder.parents").getExecutionContext()
                .getLong(PartitionCounters.PROCESSED, 0)).as("the parent rows, copied first").isEqualTo(PARENT_ROWS);
        assertThat(counter(execution, PartitionCounters.PROCESSED)).isEqualTo(sources - PARENT_ROWS);
        assertThat(counter(execution, PartitionCounters.SKIPPED)).as("the parent rows, found copied")
                .isEqualTo(PARENT_ROWS);
        assertThat(counter(execution, PartitionCounters.CONFLICTS)).isZero();
        assertNoFailure();
    }

    @Test
    void moveAllUnderMovesEveryRowOnceWhateverOrderItsPartitionsRunIn(DynamoDbClient client) throws Exception {
        Map<String, Map<String, AttributeValue>> before = fixture.rows(client);

        JobExecution execution = fixture.operator.start(fixture.job(MassJobKind.MOVE_ALL_UNDER), toOklahoma());

        assertThat(execution.getStatus()).isEqualTo(BatchStatus.COMPLETED);
        assertRanInTheWorstOrder(execution);
        MoveAllUnderJobIT.assertMoved(before, fixture.rows(client));
        assertThat(parentsStep(execution, "sites.moveAllUnder.parents").getExecutionContext()
                .getLong(PartitionCounters.PROCESSED, 0)).as("the parent rows, copied first").isEqualTo(PARENT_ROWS);
        assertThat(counter(execution, PartitionCounters.PROCESSED)).as("every row moved by its partition")
                .isEqualTo(copiesToOklahoma(before).size());
        assertThat(counter(execution, PartitionCounters.CONFLICTS)).isZero();
        assertNoFailure();
    }

    @Test
    void aMoveWhosePartitionsDeleteTheSourceParentRowsFirstStillMovesEveryRowOnce(DynamoDbClient client,
            TestTables tables) throws Exception {
        try (JobFixture parentsFirst = plantedFixture(client, tables, false)) {
            Map<String, Map<String, AttributeValue>> before = parentsFirst.rows(client);

            JobExecution execution = parentsFirst.operator.start(parentsFirst.job(MassJobKind.MOVE_ALL_UNDER),
                    toOklahoma());

            assertThat(execution.getStatus()).isEqualTo(BatchStatus.COMPLETED);
            MoveAllUnderJobIT.assertMoved(before, parentsFirst.rows(client));
            assertThat(counter(execution, PartitionCounters.PROCESSED)).isEqualTo(copiesToOklahoma(before).size());
            assertThat(counter(execution, PartitionCounters.CONFLICTS)).isZero();
        }
    }

    @Test
    void aMoveRestartedAfterAFailureInItsParentsStepCopiesNothingTwice(DynamoDbClient client) throws Exception {
        Map<String, Map<String, AttributeValue>> before = fixture.rows(client);
        fixture.writes.failAfter(1); // the state's copy is written, its cities' copies are not

        JobExecution failed = fixture.operator.start(fixture.job(MassJobKind.MOVE_ALL_UNDER), toOklahoma());

        assertThat(failed.getStatus()).isEqualTo(BatchStatus.FAILED);
        StepExecution failedParents = parentsStep(failed, "sites.moveAllUnder.parents");
        assertThat(failedParents.getStatus()).isEqualTo(BatchStatus.FAILED);
        assertThat(failedParents.getExecutionContext().getLong(PartitionCounters.PROCESSED, 0)).isEqualTo(1);
        assertThat(JobFixture.partitions(failed)).as("no partition ran").isEmpty();
        assertThat(fixture.rows(client)).containsKey("acme/acme|OK").doesNotContainKey("acme/acme|OK|C0");
        fixture.writes.heal();

        JobExecution restarted = fixture.operator.restart(failed);

        assertThat(restarted.getStatus()).isEqualTo(BatchStatus.COMPLETED);
        ExecutionContext parents = parentsStep(restarted, "sites.moveAllUnder.parents").getExecutionContext();
        assertThat(parents.getLong(PartitionCounters.PROCESSED, 0)).as("the failed attempt's state (the counters "
                + "go on from the failed execution's), then every parent row, the state found as this very copy")
                .isEqualTo(1 + PARENT_ROWS);
        assertThat(parents.getLong(PartitionCounters.CONFLICTS, 0)).isZero();
        MoveAllUnderJobIT.assertMoved(before, fixture.rows(client));
        assertThat(counter(restarted, PartitionCounters.PROCESSED)).isEqualTo(copiesToOklahoma(before).size());
        assertThat(counter(restarted, PartitionCounters.CONFLICTS)).isZero();
    }

    @Test
    void aMoveRestartedAfterAFailedPartitionDoesNotRunItsParentsStepAgain(DynamoDbClient client) throws Exception {
        Map<String, Map<String, AttributeValue>> before = fixture.rows(client);
        fixture.writes.failAfter(8); // the parents step's 2 writes, then a few chunks of the partitions

        JobExecution failed = fixture.operator.start(fixture.job(MassJobKind.MOVE_ALL_UNDER), toOklahoma());

        assertThat(failed.getStatus()).isEqualTo(BatchStatus.FAILED);
        assertThat(parentsStep(failed, "sites.moveAllUnder.parents").getStatus())
                .isEqualTo(BatchStatus.COMPLETED);
        assertThat(JobFixture.partitions(failed)).anyMatch(step -> step.getStatus() == BatchStatus.FAILED);
        fixture.writes.heal();

        JobExecution restarted = fixture.operator.restart(failed);

        assertThat(restarted.getStatus()).isEqualTo(BatchStatus.COMPLETED);
        assertThat(restarted.getStepExecutions()).extracting(StepExecution::getStepName)
                .as("a completed parents step is not run again").doesNotContain("sites.moveAllUnder.parents");
        MoveAllUnderJobIT.assertMoved(before, fixture.rows(client));
        long processed = counter(failed, PartitionCounters.PROCESSED, BatchStatus.COMPLETED)
                + counter(restarted, PartitionCounters.PROCESSED);
        assertThat(processed).as("the completed partitions, then the others from their last committed chunk")
                .isLessThanOrEqualTo(copiesToOklahoma(before).size()).isPositive();
        assertThat(counter(restarted, PartitionCounters.CONFLICTS)).isZero();
    }

    private static StepExecution parentsStep(JobExecution execution, String name) {
        return execution.getStepExecutions().stream().filter(step -> step.getStepName().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no step " + name + " in " + execution.getStepExecutions()));
    }

    private static long counter(JobExecution execution, String key) {
        return JobFixture.partitions(execution).stream().mapToLong(step -> step.getExecutionContext().getLong(key, 0))
                .sum();
    }

    private static long counter(JobExecution execution, String key, BatchStatus status) {
        return JobFixture.partitions(execution).stream().filter(step -> step.getStatus() == status)
                .mapToLong(step -> step.getExecutionContext().getLong(key, 0)).sum();
    }

    /** The partitions holding a parent row started only after every other partition had ended. */
    private static void assertRanInTheWorstOrder(JobExecution execution) {
        List<StepExecution> partitions = JobFixture.partitions(execution);
        List<StepExecution> late = partitions.stream().filter(ParentRowsLast::holdsAParentRow).toList();
        List<StepExecution> early = partitions.stream().filter(step -> !ParentRowsLast.holdsAParentRow(step))
                .toList();
        assertThat(late).as("the node's row and the first range of the split child").hasSize(2);
        assertThat(early).as("4 whole children and 3 more ranges of the split one").hasSize(7);
        LocalDateTime lastEarlyEnd = early.stream().map(StepExecution::getEndTime).max(LocalDateTime::compareTo)
                .orElseThrow();
        assertThat(late).allSatisfy(step -> assertThat(step.getStartTime()).isAfterOrEqualTo(lastEarlyEnd));
    }

    private void assertNoFailure() {
        assertThat(fixture.meters.find(PartitionProgressMetrics.FAILURES).counters())
                .allSatisfy(counter -> assertThat(counter.count()).isZero());
    }

    /** @return the copies of the rows of S0 under OK, as a copy or a move writes them, by key */
    private static Map<String, Map<String, AttributeValue>> copiesToOklahoma(
            Map<String, Map<String, AttributeValue>> rows) {
        Map<String, Map<String, AttributeValue>> copies = new HashMap<>();
        rows.forEach((key, row) -> {
            if (row.containsKey("state") && "S0".equals(row.get("state").s())) {
                Map<String, AttributeValue> copy = new HashMap<>(row);
                copy.put("state", AttributeValue.fromS("OK"));
                copy.put("_sk", AttributeValue.fromS(row.get("_sk").s().replaceFirst("S0", "OK")));
                copies.put("acme/" + copy.get("_sk").s(), copy);
            }
        });
        return copies;
    }

    private static void assertSame(Map<String, Map<String, AttributeValue>> actual,
            Map<String, Map<String, AttributeValue>> expected) {
        assertThat(actual.keySet()).containsExactlyInAnyOrderElementsOf(expected.keySet());
        expected.forEach((key, row) -> assertThat(actual.get(key)).as(key).isEqualTo(row));
    }

    /**
     * Local partitioning in the worst order for a parent guard: every partition that holds no parent row first (at
     * once, on the pool), then those that do (the node's own row, the first range of a split child), so that every
     * child's rows are written before their target parents' rows would be by the partitions. Or the other way round,
     * so that a move deletes the source parent rows before the rows under them are moved.
     */
    private static final class ParentRowsLast implements MassJobPartitioning {

        private final TaskExecutor pool;
        private final int workers;
        private final boolean last;

        ParentRowsLast(TaskExecutor pool, int workers, boolean last) {
            this.pool = pool;
            this.workers = workers;
            this.last = last;
        }

        /** @return whether a partition begins with a parent row: a range from the start that ends somewhere */
        static boolean holdsAParentRow(StepExecution partition) {
            SubtreePartition range = SubtreePartition.readFrom(partition.getExecutionContext());
            return range.afterSortKey() == null && range.throughSortKey() != null;
        }

        @Override
        public PartitionHandler handler(Step worker, int defaultGridSize) {
            TaskExecutorPartitionHandler handler = new TaskExecutorPartitionHandler() {
                @Override
                protected Set<StepExecution> doHandle(StepExecution manager, Set<StepExecution> partitions)
                        throws Exception {
                    Map<Boolean, Set<StepExecution>> holdingAParent = partitions.stream()
                            .collect(Collectors.partitioningBy(ParentRowsLast::holdsAParentRow, Collectors.toSet()));
                    Set<StepExecution> done = new HashSet<>(super.doHandle(manager, holdingAParent.get(!last)));
                    done.addAll(super.doHandle(manager, holdingAParent.get(last)));
                    return done;
                }
            };
            handler.setStep(worker);
            handler.setTaskExecutor(pool);
            handler.setGridSize(defaultGridSize);
            return handler;
        }

        @Override
        public int partitionsAtOnce() {
            return workers;
        }
    }
}
