package io.dynamodbtoolkit.springbatch.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.MathContext;
import java.time.Duration;
import java.util.Map;

import io.dynamodbtoolkit.springbatch.Sites;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.Test;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.parameters.JobParametersBuilder;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * One real run held to a job rate: a move without a rate measures what this machine does, then the move back with a
 * rate of exactly half of that (a decimal rate, so on any machine, however slow, the rate is below what the machine
 * does unheld); the partitions running at once on 3 threads write no more items per second, together, than the job's
 * {@code rate}: the run takes at least {@code items / rate}, which is what the token buckets guarantee. Without them
 * the move back would run at about the first run's speed, twice the rate, and the assertion would fail.
 */
@DynamoDbTest
class JobRateRunIT {

    private static final int CHUNK = 10;

    @Test
    void theWorkersTogetherStayWithinTheJobsRate(DynamoDbClient client, TestTables tables) throws Exception {
        try (JobFixture fixture = new JobFixture(client, tables, Map.of())) {
            int rows = Sites.plant(fixture.template, "acme", 1, 3, 25) - 1;
            JobExecution free = move(fixture, "S0", "OK", null);
            double unthrottled = rows / seconds(free);
            BigDecimal rate = BigDecimal.valueOf(unthrottled / 2).round(new MathContext(6));

            JobExecution held = move(fixture, "OK", "S0", rate);

            double seconds = seconds(held);
            long moved = JobFixture.partitions(held).stream()
                    .mapToLong(step -> step.getExecutionContext().getLong(PartitionCounters.PROCESSED, 0)).sum();
            assertThat(moved).isEqualTo(rows);
            System.out.printf("moveAllUnder: %.1f items/s without a rate; at rate %s: %d items in %.2f s = %.1f "
                    + "items/s%n", unthrottled, rate.toPlainString(), moved, seconds, moved / seconds);
            assertThat(seconds).as("the run held to %s items/s took at least items / rate", rate.toPlainString())
                    .isGreaterThanOrEqualTo(moved / rate.doubleValue());
        }
    }

    private static JobExecution move(JobFixture fixture, String from, String to, BigDecimal rate) throws Exception {
        JobParametersBuilder parameters = new JobParametersBuilder().addString("key", "tenant=acme,state=" + from)
                .addString("target", "tenant=acme,state=" + to).addLong("chunkSize", (long) CHUNK, false);
        if (rate != null) {
            parameters.addString("rate", rate.toPlainString(), false);
        }
        JobExecution execution = fixture.operator.start(fixture.job(MassJobKind.MOVE_ALL_UNDER),
                parameters.toJobParameters());
        assertThat(execution.getStatus()).isEqualTo(BatchStatus.COMPLETED);
        return execution;
    }

    private static double seconds(JobExecution execution) {
        return Duration.between(execution.getStartTime(), execution.getEndTime()).toNanos() / 1e9;
    }
}
