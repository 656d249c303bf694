package io.dynamodbtoolkit.springbatch.rate;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.Test;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.JobInstance;
import org.springframework.batch.core.job.parameters.JobParameters;
import org.springframework.batch.core.job.parameters.JobParametersBuilder;
import org.springframework.batch.core.scope.context.StepSynchronizationManager;
import org.springframework.batch.core.step.StepExecution;
import org.springframework.batch.infrastructure.item.Chunk;

/**
 * The job's rate divided among the partitions that run at once: each partition runs in its own thread on a clock of
 * its own that only its waits advance (as if the partitions ran side by side), and at every moment the items all of
 * them have written stay within the job's rate.
 */
class PartitionRateTest {

    private record Written(long nanos, int items) {
    }

    @Test
    void partitionsRunningAtOnceTogetherStayWithinTheJobsRate() throws Exception {
        int partitions = 4;
        int chunk = 25;
        double jobRate = 400;
        ThreadLocal<long[]> clock = ThreadLocal.withInitial(() -> new long[1]);
        PartitionRate rate = new PartitionRate(parameters -> Double.parseDouble(parameters.getString("rate")),
                partitions, () -> clock.get()[0], nanos -> clock.get()[0] += nanos);
        JobParameters parameters = new JobParametersBuilder().addString("rate", "400").toJobParameters();
        JobExecution job = new JobExecution(1L, new JobInstance(1L, "sites.moveAllUnder"), parameters);
        List<Written> written = new CopyOnWriteArrayList<>();

        List<Thread> threads = new ArrayList<>();
        for (int p = 0; p < partitions; p++) {
            StepExecution partition = new StepExecution(10L + p, "sites.moveAllUnder.worker:p" + p, job);
            Thread thread = new Thread(() -> {
                StepSynchronizationManager.register(partition);
                try {
                    rate.beforeStep(partition);
                    for (int c = 0; c < 40; c++) {
                        rate.beforeWrite(new Chunk<>(new ArrayList<>(Collections.nCopies(chunk, "x"))));
                        written.add(new Written(clock.get()[0], chunk));
                    }
                    rate.afterStep(partition);
                } finally {
                    StepSynchronizationManager.close();
                }
            });
            thread.start();
            threads.add(thread);
        }
        for (Thread thread : threads) {
            thread.join();
        }

        List<Written> inTime = written.stream().sorted(Comparator.comparingLong(Written::nanos)).toList();
        long items = 0;
        for (Written chunkWritten : inTime) {
            items += chunkWritten.items();
            double seconds = chunkWritten.nanos() / 1e9;
            assertThat(items).as("items by %.3f s", seconds)
                    .isLessThanOrEqualTo((long) Math.ceil(jobRate * seconds));
        }
        double elapsed = inTime.get(inTime.size() - 1).nanos() / 1e9;
        assertThat(items).isEqualTo(partitions * 40L * chunk);
        assertThat(items / elapsed).as("the rate is used, not wasted").isGreaterThan(jobRate * 0.99);
        assertThat(rate.shareOf(jobRate)).isEqualTo(100);
    }

    @Test
    void aJobWithoutARateIsNotHeld() {
        long[] clock = new long[1];
        PartitionRate rate = new PartitionRate(parameters -> 0, 2, () -> clock[0], nanos -> clock[0] += nanos);
        JobExecution job = new JobExecution(1L, new JobInstance(1L, "j"), new JobParameters());
        StepExecution partition = new StepExecution(5L, "j.worker:p0", job);
        StepSynchronizationManager.register(partition);
        try {
            rate.beforeStep(partition);
            for (int c = 0; c < 100; c++) {
                rate.beforeWrite(new Chunk<>(List.of("a", "b")));
            }
        } finally {
            StepSynchronizationManager.close();
        }
        assertThat(clock[0]).isZero();
    }
}
