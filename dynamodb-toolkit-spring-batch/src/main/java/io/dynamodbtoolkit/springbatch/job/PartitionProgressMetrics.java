package io.dynamodbtoolkit.springbatch.job;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.ToLongFunction;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import org.springframework.batch.core.listener.ItemWriteListener;
import org.springframework.batch.core.listener.StepExecutionListener;
import org.springframework.batch.core.scope.context.StepContext;
import org.springframework.batch.core.scope.context.StepSynchronizationManager;
import org.springframework.batch.core.step.StepExecution;
import org.springframework.batch.infrastructure.item.Chunk;

/**
 * The toolkit's mass progress per partition, beside Spring Batch's own observations: for each job and partition, the
 * latest execution's items ({@value #ITEMS}, tagged {@code job}, {@code partition} and {@code state}: read,
 * processed, skipped, conflicts), read live from the partition's step execution and the writer's counters, and the
 * items of failed chunks ({@value #FAILURES}, a counter: a failed chunk is redone by a retry or a restart). Partition
 * names come from the partitioner, so the series are bounded by the grid size of each job.
 */
public final class PartitionProgressMetrics implements StepExecutionListener, ItemWriteListener<Object> {

    /** Items of a partition's latest execution, by state. */
    public static final String ITEMS = "dynamodb.toolkit.batch.partition.items";
    /** Items of the chunks that failed in a partition. */
    public static final String FAILURES = "dynamodb.toolkit.batch.partition.failures";

    private final MeterRegistry meters;
    private final Map<String, AtomicReference<StepExecution>> latest = new ConcurrentHashMap<>();

    /** @param meters where the meters go */
    public PartitionProgressMetrics(MeterRegistry meters) {
        this.meters = meters;
    }

    @Override
    public void beforeStep(StepExecution partition) {
        holder(partition).set(partition);
    }

    @Override
    public void onWriteError(Exception failure, Chunk<?> items) {
        StepContext context = StepSynchronizationManager.getContext();
        if (context != null) {
            StepExecution partition = context.getStepExecution();
            Counter.builder(FAILURES).description("Items of the chunks that failed in a partition").baseUnit("items")
                    .tags(tags(partition)).register(meters).increment(items.size());
        }
    }

    private AtomicReference<StepExecution> holder(StepExecution partition) {
        return latest.computeIfAbsent(partition.getJobExecution().getJobInstance().getJobName() + '\u0000'
                + partition.getStepName(), key -> {
                    AtomicReference<StepExecution> holder = new AtomicReference<>();
                    Tags tags = tags(partition);
                    gauge(tags.and("state", "read"), holder, StepExecution::getReadCount);
                    gauge(tags.and("state", "processed"), holder, step -> counter(step, PartitionCounters.PROCESSED));
                    gauge(tags.and("state", "skipped"), holder, step -> counter(step, PartitionCounters.SKIPPED));
                    gauge(tags.and("state", "conflicts"), holder, step -> counter(step, PartitionCounters.CONFLICTS));
                    return holder;
                });
    }

    private static long counter(StepExecution partition, String key) {
        return partition.getExecutionContext().getLong(key, 0);
    }

    private static Tags tags(StepExecution partition) {
        return Tags.of("job", partition.getJobExecution().getJobInstance().getJobName(), "partition",
                partition.getStepName());
    }

    private void gauge(Tags tags, AtomicReference<StepExecution> holder, ToLongFunction<StepExecution> value) {
        Gauge.builder(ITEMS, holder, reference -> reference.get() == null ? 0 : value.applyAsLong(reference.get()))
                .description("Items of a partition's latest execution, by state").baseUnit("items").tags(tags)
                .register(meters);
    }
}
