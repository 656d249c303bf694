package io.dynamodbtoolkit.springbatch.rate;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;
import java.util.function.ToDoubleFunction;

import org.jspecify.annotations.Nullable;
import org.springframework.batch.core.ExitStatus;
import org.springframework.batch.core.job.parameters.JobParameters;
import org.springframework.batch.core.listener.ItemWriteListener;
import org.springframework.batch.core.listener.StepExecutionListener;
import org.springframework.batch.core.scope.context.StepContext;
import org.springframework.batch.core.scope.context.StepSynchronizationManager;
import org.springframework.batch.core.step.StepExecution;
import org.springframework.batch.infrastructure.item.Chunk;

/**
 * Holds each partition of a job to its share of the job's rate: when a partition's step starts it gets a
 * {@link TokenBucket} of {@code job rate / partitions at once}, and before each chunk is written the chunk's items
 * are taken from it. As no more partitions than {@code partitionsAtOnce} run together (the local executor's threads,
 * or the remote workers' count), the partitions together never exceed the job's rate. A job without a rate is not
 * held. Register it as a listener of the worker step.
 */
public final class PartitionRate implements StepExecutionListener, ItemWriteListener<Object> {

    private final ToDoubleFunction<JobParameters> jobItemsPerSecond;
    private final int partitionsAtOnce;
    private final LongSupplier nanoClock;
    private final TokenBucket.Sleeper sleeper;
    private final Map<Long, TokenBucket> buckets = new ConcurrentHashMap<>();

    /**
     * @param jobItemsPerSecond the job's rate in items per second from its parameters, 0 when it has none
     * @param partitionsAtOnce  the most partitions that run at the same time, across every worker (at least 1)
     * @param nanoClock         a monotonic clock in nanoseconds
     * @param sleeper           how a partition waits for its share
     */
    public PartitionRate(ToDoubleFunction<JobParameters> jobItemsPerSecond, int partitionsAtOnce,
            LongSupplier nanoClock, TokenBucket.Sleeper sleeper) {
        if (partitionsAtOnce < 1) {
            throw new IllegalArgumentException("The partitions that run at once must be at least 1, not "
                    + partitionsAtOnce);
        }
        this.jobItemsPerSecond = jobItemsPerSecond;
        this.partitionsAtOnce = partitionsAtOnce;
        this.nanoClock = nanoClock;
        this.sleeper = sleeper;
    }

    /** @return a partition rate on the system's clock */
    public static PartitionRate of(ToDoubleFunction<JobParameters> jobItemsPerSecond, int partitionsAtOnce) {
        return new PartitionRate(jobItemsPerSecond, partitionsAtOnce, System::nanoTime, TokenBucket.Sleeper.THREAD);
    }

    /** @return the items per second one partition may write under a job rate */
    public double shareOf(double jobRate) {
        return jobRate / partitionsAtOnce;
    }

    @Override
    public void beforeStep(StepExecution partition) {
        double jobRate = jobItemsPerSecond.applyAsDouble(partition.getJobParameters());
        if (jobRate > 0) {
            buckets.put(partition.getId(), new TokenBucket(shareOf(jobRate), nanoClock, sleeper));
        }
    }

    @Override
    public @Nullable ExitStatus afterStep(StepExecution partition) {
        buckets.remove(partition.getId());
        return null;
    }

    @Override
    public void beforeWrite(Chunk<?> items) {
        StepContext context = StepSynchronizationManager.getContext();
        if (context == null) {
            throw new IllegalStateException("A chunk is written outside a step: the partition's rate cannot be "
                    + "found (register PartitionRate as a listener of the worker step)");
        }
        TokenBucket bucket = buckets.get(context.getStepExecution().getId());
        if (bucket != null) {
            bucket.acquire(items.size());
        }
    }
}
