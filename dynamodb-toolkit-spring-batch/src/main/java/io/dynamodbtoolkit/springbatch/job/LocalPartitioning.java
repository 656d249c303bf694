package io.dynamodbtoolkit.springbatch.job;

import org.springframework.batch.core.partition.PartitionHandler;
import org.springframework.batch.core.partition.support.TaskExecutorPartitionHandler;
import org.springframework.batch.core.step.Step;
import org.springframework.core.task.TaskExecutor;
import org.springframework.scheduling.concurrent.ThreadPoolTaskExecutor;

/**
 * Runs a job's partitions in this JVM on a bounded pool: {@code workers} threads, the other partitions waiting in the
 * pool's queue until a thread is free (Spring Batch's {@link TaskExecutorPartitionHandler}). So at most
 * {@code workers} partitions run at once, and each gets that share of the job's rate.
 */
public final class LocalPartitioning implements MassJobPartitioning {

    private final TaskExecutor executor;
    private final int workers;

    /**
     * @param executor runs the partitions; it must run at most {@code workers} at once (see {@link #executor})
     * @param workers  the partitions that run at once
     */
    public LocalPartitioning(TaskExecutor executor, int workers) {
        if (workers < 1) {
            throw new IllegalArgumentException("The workers of local partitioning must be at least 1, not "
                    + workers);
        }
        this.executor = executor;
        this.workers = workers;
    }

    /**
     * @param workers the threads (at least 1)
     * @return a started pool of exactly {@code workers} threads with an unbounded queue, named
     *         {@code dynamodb-toolkit-batch-N}; shut it down with the application (a bean is)
     */
    public static ThreadPoolTaskExecutor executor(int workers) {
        ThreadPoolTaskExecutor pool = new ThreadPoolTaskExecutor();
        pool.setCorePoolSize(workers);
        pool.setMaxPoolSize(workers);
        pool.setThreadNamePrefix("dynamodb-toolkit-batch-");
        pool.setWaitForTasksToCompleteOnShutdown(false);
        pool.initialize();
        return pool;
    }

    @Override
    public PartitionHandler handler(Step worker, int defaultGridSize) {
        TaskExecutorPartitionHandler handler = new TaskExecutorPartitionHandler();
        handler.setStep(worker);
        handler.setTaskExecutor(executor);
        handler.setGridSize(defaultGridSize);
        return handler;
    }

    @Override
    public int partitionsAtOnce() {
        return workers;
    }
}
