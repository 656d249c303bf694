package io.dynamodbtoolkit.springbatch.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import io.dynamodbtoolkit.springbatch.Sites;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.job.Job;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.parameters.InvalidJobParametersException;
import org.springframework.batch.core.job.parameters.JobParameters;
import org.springframework.batch.core.job.parameters.JobParametersBuilder;
import org.springframework.batch.core.launch.JobExecutionAlreadyRunningException;
import org.springframework.batch.core.launch.JobInstanceAlreadyCompleteException;
import org.springframework.batch.core.step.StepExecution;
import org.springframework.batch.infrastructure.item.ExecutionContext;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * {@code moveAllUnder} as a Spring Batch job, end to end on a real server and an H2 job repository: every row of the
 * subtree moved exactly once (checked raw in the table), partitioned by the next tier; the same parameters twice
 * refused, and a second start of a running instance too; a run whose writes fail midway restarted to completion
 * without redoing its completed partitions, new parameters over its key refused; bad parameters refused before
 * anything is read or written.
 */
@DynamoDbTest
class MoveAllUnderJobIT {

    private JobFixture fixture;
    private Job job;

    @BeforeEach
    void start(DynamoDbClient client, TestTables tables) throws Exception {
        fixture = new JobFixture(client, tables, Map.of());
        job = fixture.job(MassJobKind.MOVE_ALL_UNDER);
        Sites.plant(fixture.template, "acme", 2, 5, 23);
    }

    @AfterEach
    void stop() {
        fixture.close();
    }

    private static JobParameters texasToOklahoma() {
        return new JobParametersBuilder().addString("key", "tenant=acme,state=S0")
                .addString("target", "tenant=acme,state=OK").toJobParameters();
    }

    @Test
    void everyRowOfTheSubtreeIsMovedExactlyOnce(DynamoDbClient client) throws Exception {
        Map<String, Map<String, AttributeValue>> before = fixture.rows(client);

        JobExecution execution = fixture.operator.start(job, texasToOklahoma());

        assertThat(execution.getStatus()).isEqualTo(BatchStatus.COMPLETED);
        assertThat(JobFixture.partitions(execution)).as("the next tier: one partition per city at least")
                .hasSizeGreaterThanOrEqualTo(5);
        assertThat(execution.getStepExecutions()).extracting(StepExecution::getStepName)
                .as("no parent guard: the manager and its partitions only, in any order")
                .allMatch(name -> name.equals(job.getName() + ".manager") || name.contains(".worker:"));
        assertMoved(before, fixture.rows(client));
    }

    @Test
    void theSameParametersTwiceAreRefusedNotRunTwice(DynamoDbClient client) throws Exception {
        assertThat(fixture.operator.start(job, texasToOklahoma()).getStatus()).isEqualTo(BatchStatus.COMPLETED);
        Map<String, Map<String, AttributeValue>> after = fixture.rows(client);

        assertThatThrownBy(() -> fixture.operator.start(job, texasToOklahoma()))
                .isInstanceOf(JobInstanceAlreadyCompleteException.class);
        assertThat(fixture.rows(client)).isEqualTo(after);
        assertThat(fixture.repository.getJobInstances(job.getName(), 0, 10)).hasSize(1);
    }

    @Test
    void aSecondStartOfARunningInstanceIsRefused(DynamoDbClient client) {
        JobExecution running = fixture.repository.createJobExecution(fixture.repository.createJobInstance(
                job.getName(), texasToOklahoma()), texasToOklahoma(), new ExecutionContext());
        running.setStatus(BatchStatus.STARTED);
        fixture.repository.update(running);
        Map<String, Map<String, AttributeValue>> before = fixture.rows(client);

        assertThatThrownBy(() -> fixture.operator.start(job, texasToOklahoma()))
                .isInstanceOf(JobExecutionAlreadyRunningException.class);
        assertThat(fixture.rows(client)).isEqualTo(before);
    }

    @Test
    void aRestartAfterAFailureResumesAndRedoesNoCompletedPartition(DynamoDbClient client) throws Exception {
        Map<String, Map<String, AttributeValue>> before = fixture.rows(client);
        fixture.writes.failAfter(40);

        JobExecution failed = fixture.operator.start(job, texasToOklahoma());

        assertThat(failed.getStatus()).isEqualTo(BatchStatus.FAILED);
        Set<String> completed = JobFixture.partitions(failed).stream()
                .filter(step -> step.getStatus() == BatchStatus.COMPLETED).map(StepExecution::getStepName)
                .collect(Collectors.toSet());
        assertThat(JobFixture.partitions(failed)).anyMatch(step -> step.getStatus() == BatchStatus.FAILED);
        fixture.writes.heal();
        Map<String, Map<String, AttributeValue>> halfway = fixture.rows(client);
        assertThatThrownBy(() -> fixture.operator.start(job, new JobParametersBuilder()
                .addString("key", "tenant=acme,state=S0").addString("target", "tenant=acme,state=NM")
                .toJobParameters())).as("a \"restart\" with another target").isInstanceOf(
                        InvalidJobParametersException.class).hasMessageContaining("'target'")
                .hasMessageContaining("execution " + failed.getId());
        assertThat(fixture.rows(client)).isEqualTo(halfway);

        JobExecution restarted = fixture.operator.restart(failed);

        assertThat(restarted.getStatus()).isEqualTo(BatchStatus.COMPLETED);
        List<String> rerun = JobFixture.partitions(restarted).stream().map(StepExecution::getStepName).toList();
        assertThat(rerun).as("completed partitions are not run again").doesNotContainAnyElementsOf(completed)
                .isNotEmpty();
        assertThat(rerun.size() + completed.size()).isEqualTo(JobFixture.partitions(failed).size());
        assertMoved(before, fixture.rows(client));
        assertThat(fixture.meters.find(PartitionProgressMetrics.FAILURES).tag("job", job.getName()).counters())
                .as("the failed chunks' items, by partition").isNotEmpty()
                .allSatisfy(counter -> assertThat(counter.count()).isPositive());
        double processed = fixture.meters.find(PartitionProgressMetrics.ITEMS).tag("state", "processed").gauges()
                .stream().mapToDouble(gauge -> gauge.value()).sum();
        assertThat(processed).as("the latest execution of each partition: every row moved")
                .isEqualTo(before.keySet().stream().filter(key -> key.startsWith("acme/acme|S0")).count());
    }

    @Test
    void badParametersAreRefusedBeforeAnythingIsReadOrWritten(DynamoDbClient client) {
        Map<String, Map<String, AttributeValue>> before = fixture.rows(client);
        long reads = fixture.writes.reads();

        assertThatThrownBy(() -> fixture.operator.start(job, new JobParametersBuilder()
                .addString("key", "tenant=acme,state=S0").addString("target", "tenant=globex,state=S0")
                .toJobParameters())).isInstanceOf(InvalidJobParametersException.class)
                .hasMessageContaining("'target'");
        assertThatThrownBy(() -> fixture.operator.start(job, new JobParametersBuilder()
                .addString("key", "tenant=acme,town=S0").addString("target", "tenant=acme,state=S1")
                .toJobParameters())).isInstanceOf(InvalidJobParametersException.class)
                .hasMessageContaining("'key'");
        assertThatThrownBy(() -> fixture.operator.start(job, new JobParametersBuilder(texasToOklahoma())
                .addString("colour", "red").toJobParameters())).isInstanceOf(InvalidJobParametersException.class)
                .hasMessageContaining("'colour'");

        assertThat(fixture.writes.reads()).as("no read").isEqualTo(reads);
        assertThat(fixture.rows(client)).isEqualTo(before);
        assertThat(fixture.repository.getJobInstances(job.getName(), 0, 10)).as("no execution (Spring Batch 6 keeps "
                + "the instance it made before validating)").allSatisfy(instance -> assertThat(
                        fixture.repository.getJobExecutions(instance)).isEmpty());
    }

    /** Every row of S0 is under OK now, with the same attributes; nothing else changed; nothing left at S0. */
    static void assertMoved(Map<String, Map<String, AttributeValue>> before,
            Map<String, Map<String, AttributeValue>> after) {
        Map<String, Map<String, AttributeValue>> expected = new HashMap<>();
        before.forEach((key, row) -> {
            if ("S0".equals(row.containsKey("state") ? row.get("state").s() : null)) {
                Map<String, AttributeValue> moved = new HashMap<>(row);
                moved.put("state", AttributeValue.fromS("OK"));
                moved.put("_sk", AttributeValue.fromS(row.get("_sk").s().replaceFirst("S0", "OK")));
                expected.put("acme/" + moved.get("_sk").s(), moved);
            } else {
                expected.put(key, row);
            }
        });
        assertThat(after.keySet()).containsExactlyInAnyOrderElementsOf(expected.keySet());
        expected.forEach((key, row) -> assertThat(after.get(key)).as(key).isEqualTo(row));
    }
}
