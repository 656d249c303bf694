package io.dynamodbtoolkit.springbatch.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.Map;

import io.dynamodbtoolkit.springbatch.sites.SiteRow;
import io.dynamodbtoolkit.springbatch.Sites;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.parameters.JobParametersBuilder;
import org.springframework.batch.core.step.StepExecution;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The other ready jobs end to end on a real server and an H2 job repository, each checked raw in the table:
 * {@code deleteAllUnder}, {@code cloneAllUnder} (a taken target is left alone and counted as skipped),
 * {@code editAllUnder} and {@code moveMatching} through an application's change bean, {@code backfillIndex} over a
 * subtree and over the whole table by scan segments.
 */
@DynamoDbTest
class ReadyJobsIT {

    private JobFixture fixture;

    @BeforeEach
    void start(DynamoDbClient client, TestTables tables) {
        fixture = new JobFixture(client, tables, Map.of(
                "reopen", EntityChange.of(SiteRow.class, row -> row instanceof SiteRow.Site site
                        && "closed".equals(site.status()) ? site.withStatus("open") : row),
                "toAustin", EntityChange.of(SiteRow.class, row -> row instanceof SiteRow.Site site
                        ? new SiteRow.Site(site.tenant(), site.state(), "Austin", site.site(), site.status(),
                                site.n()) : row)));
        Sites.plant(fixture.template, "acme", 2, 3, 10);
    }

    @AfterEach
    void stop() {
        fixture.close();
    }

    private JobExecution run(MassJobKind kind, JobParametersBuilder parameters) throws Exception {
        return fixture.operator.start(fixture.job(kind), parameters.toJobParameters());
    }

    @Test
    void aWorkerStepIsFoundByItsName() {
        assertThat(fixture.jobs.workerSteps().getStep("sites.moveAllUnder.worker").getName())
                .isEqualTo(DynamoDbToolkitJobs.workerStepName(MassJobKind.MOVE_ALL_UNDER, "sites"));
        assertThatThrownBy(() -> fixture.jobs.workerStep("sites.moveAll.worker"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("<adapter>.<operation>.worker");
    }

    private static long counter(JobExecution execution, String key) {
        return JobFixture.partitions(execution).stream().mapToLong(step -> step.getExecutionContext().getLong(key, 0))
                .sum();
    }

    @Test
    void deleteAllUnderDeletesWhatTheFilterMatchesOrTheNodeAndEverythingUnderIt(DynamoDbClient client)
            throws Exception {
        Map<String, Map<String, AttributeValue>> before = fixture.rows(client);

        JobExecution open = run(MassJobKind.DELETE_ALL_UNDER, new JobParametersBuilder()
                .addString("key", "tenant=acme,state=S0").addString("filter", "eq-status=open"));
        assertThat(open.getStatus()).isEqualTo(BatchStatus.COMPLETED);
        Map<String, Map<String, AttributeValue>> filtered = fixture.rows(client);
        assertThat(filtered.keySet()).as("the open sites of S0 only").containsExactlyInAnyOrderElementsOf(
                before.entrySet().stream().filter(row -> !row.getKey().startsWith("acme/acme|S0|")
                        || !row.getValue().containsKey("status") || !"open".equals(row.getValue().get("status").s()))
                        .map(Map.Entry::getKey).toList());
        before = filtered;

        JobExecution execution = run(MassJobKind.DELETE_ALL_UNDER, new JobParametersBuilder()
                .addString("key", "tenant=acme,state=S1"));

        assertThat(execution.getStatus()).isEqualTo(BatchStatus.COMPLETED);
        Map<String, Map<String, AttributeValue>> after = fixture.rows(client);
        Map<String, Map<String, AttributeValue>> expected = new HashMap<>(before);
        expected.keySet().removeIf(key -> key.startsWith("acme/acme|S1"));
        assertThat(after).isEqualTo(expected);
        assertThat(counter(execution, PartitionCounters.PROCESSED)).isEqualTo(before.size() - expected.size());
    }

    @Test
    void deleteAllUnderOnAParentGuardedAdapterMarksTheNodeAndDeletesItLast(DynamoDbClient client,
            TestTables tables) throws Exception {
        try (JobFixture guarded = new JobFixture(client, tables, Map.of(), true)) {
            Sites.plant(guarded.template, "acme", 2, 3, 10);
            Map<String, Map<String, AttributeValue>> before = guarded.rows(client);

            JobExecution execution = guarded.operator.start(guarded.job(MassJobKind.DELETE_ALL_UNDER),
                    new JobParametersBuilder().addString("key", "tenant=acme,state=S1").toJobParameters());

            assertThat(execution.getStatus()).isEqualTo(BatchStatus.COMPLETED);
            assertThat(execution.getStepExecutions()).extracting(StepExecution::getStepName)
                    .contains("sites.deleteAllUnder.mark", "sites.deleteAllUnder.node");
            Map<String, Map<String, AttributeValue>> expected = new HashMap<>(before);
            expected.keySet().removeIf(key -> key.startsWith("acme/acme|S1"));
            assertThat(guarded.rows(client)).isEqualTo(expected);
        }
    }

    @Test
    void cloneAllUnderCopiesAndLeavesATakenTargetAlone(DynamoDbClient client) throws Exception {
        Sites.plant(fixture.template, "acme", 0, 0, 0);
        fixture.template.getAdapter().attributes().putForce(Map.of("tenant", AttributeValue.fromS("acme"),
                "state", AttributeValue.fromS("S9"), "city", AttributeValue.fromS("C0"),
                "site", AttributeValue.fromS("x0003"), "status", AttributeValue.fromS("taken")));
        Map<String, Map<String, AttributeValue>> before = fixture.rows(client);

        JobExecution execution = run(MassJobKind.CLONE_ALL_UNDER, new JobParametersBuilder()
                .addString("key", "tenant=acme,state=S0").addString("target", "tenant=acme,state=S9"));

        assertThat(execution.getStatus()).isEqualTo(BatchStatus.COMPLETED);
        Map<String, Map<String, AttributeValue>> after = fixture.rows(client);
        before.forEach((key, row) -> assertThat(after.get(key)).as("source %s", key).isEqualTo(row));
        long sources = before.keySet().stream().filter(key -> key.startsWith("acme/acme|S0")).count();
        assertThat(after.keySet().stream().filter(key -> key.startsWith("acme/acme|S9")).count())
                .isEqualTo(sources);
        assertThat(after.get("acme/acme|S9|C0|x0003").get("status").s()).as("the taken target is left alone")
                .isEqualTo("taken");
        assertThat(counter(execution, PartitionCounters.SKIPPED)).as("the taken target").isEqualTo(1);
        assertThat(counter(execution, PartitionCounters.PROCESSED)).isEqualTo(sources - 1);
    }

    @Test
    void editAllUnderRunsTheApplicationsChangeThroughTheTemplatesMapping(DynamoDbClient client) throws Exception {
        JobExecution execution = run(MassJobKind.EDIT_ALL_UNDER, new JobParametersBuilder()
                .addString("key", "tenant=acme,state=S0,city=C1").addString("edit", "reopen"));

        assertThat(execution.getStatus()).isEqualTo(BatchStatus.COMPLETED);
        Map<String, Map<String, AttributeValue>> after = fixture.rows(client);
        after.forEach((key, row) -> {
            if (key.startsWith("acme/acme|S0|C1|")) {
                assertThat(row.get("status").s()).as(key).isEqualTo("open");
            } else if (row.containsKey("status") && row.get("n").n().matches("[124578]")) {
                assertThat(row.get("status").s()).as("outside the subtree %s", key).isEqualTo("closed");
            }
        });
        assertThat(counter(execution, PartitionCounters.PROCESSED)).as("the closed sites of C1").isEqualTo(6);
        assertThat(counter(execution, PartitionCounters.SKIPPED)).as("the open ones and the city row")
                .isEqualTo(5);
    }

    @Test
    void moveMatchingMovesEachItemWhereItsChangedKeyFieldsSay(DynamoDbClient client) throws Exception {
        Map<String, Map<String, AttributeValue>> before = fixture.rows(client);

        JobExecution execution = run(MassJobKind.MOVE_MATCHING, new JobParametersBuilder()
                .addString("key", "tenant=acme,state=S0,city=C2").addString("change", "toAustin"));

        assertThat(execution.getStatus()).isEqualTo(BatchStatus.COMPLETED);
        Map<String, Map<String, AttributeValue>> after = fixture.rows(client);
        assertThat(after.keySet()).noneMatch(key -> key.startsWith("acme/acme|S0|C2|"))
                .contains("acme/acme|S0|C2");
        for (int i = 0; i < 10; i++) {
            String site = String.format("x%04d", i);
            assertThat(after.get("acme/acme|S0|Austin|" + site).get("n"))
                    .isEqualTo(before.get("acme/acme|S0|C2|" + site).get("n"));
        }
        assertThat(after).hasSize(before.size());
    }

    @Test
    void backfillIndexOverASubtreeAndOverTheWholeTableBySegments(DynamoDbClient client) throws Exception {
        String table = fixture.table();
        Sites.rows(client, table).forEach(row -> client.updateItem(request -> request.tableName(table)
                .key(Map.of("tenant", row.get("tenant"), "_sk", row.get("_sk")))
                .updateExpression("REMOVE #m").expressionAttributeNames(Map.of("#m", "_openMarker"))));
        assertThat(Sites.rows(client, table)).noneMatch(row -> row.containsKey("_openMarker"));

        JobExecution subtree = run(MassJobKind.BACKFILL_INDEX, new JobParametersBuilder()
                .addString("key", "tenant=acme,state=S1").addString("index", "open-sites"));
        assertThat(subtree.getStatus()).isEqualTo(BatchStatus.COMPLETED);
        assertThat(Sites.rows(client, table)).filteredOn(row -> row.containsKey("_openMarker"))
                .hasSize(12).allMatch(row -> row.get("state").s().equals("S1"));

        JobExecution table1 = run(MassJobKind.BACKFILL_INDEX, new JobParametersBuilder()
                .addString("index", "open-sites").addLong("gridSize", 4L));
        assertThat(table1.getStatus()).isEqualTo(BatchStatus.COMPLETED);
        assertThat(JobFixture.partitions(table1)).extracting(StepExecution::getStepName)
                .allMatch(name -> name.contains(":segment")).hasSize(4);
        assertThat(Sites.rows(client, table)).filteredOn(row -> row.containsKey("_openMarker")).hasSize(24);
        assertThat(counter(table1, PartitionCounters.PROCESSED)).isEqualTo(12);
    }
}
