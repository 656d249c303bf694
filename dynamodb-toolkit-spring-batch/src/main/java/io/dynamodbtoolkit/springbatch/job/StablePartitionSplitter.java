package io.dynamodbtoolkit.springbatch.job;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

import org.jspecify.annotations.Nullable;
import org.springframework.batch.core.job.JobExecutionException;
import org.springframework.batch.core.partition.Partitioner;
import org.springframework.batch.core.partition.StepExecutionSplitter;
import org.springframework.batch.core.partition.support.SimpleStepExecutionSplitter;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.step.StepExecution;
import org.springframework.batch.infrastructure.item.ExecutionContext;

/**
 * Splits a ready job's manager step once, and a restart the same way: the first run partitions the work (by the job's
 * parameters and grid size) and records the partitions in the manager step's context before any of them is created;
 * a restart reuses that record, so Spring Batch resumes each unfinished partition from its own last saved context,
 * leaves completed ones alone, and starts one the crashed run never created from its recorded start, however the data
 * changed meanwhile (a half-done move has fewer rows to sample, and would be split otherwise).
 */
public final class StablePartitionSplitter implements StepExecutionSplitter {

    /** The manager step's context key of the partitions of the first run (name to its starting context). */
    public static final String PARTITIONS_KEY = "dynamodbtoolkit.partitions";

    private final JobRepository repository;
    private final String workerStepName;
    private final Function<StepExecution, Partitioner> partitioners;

    /**
     * @param repository     the job repository
     * @param workerStepName the worker step's name (partitions are named {@code <worker>:<partition>})
     * @param partitioners   the partitioner of a manager execution (from its job's parameters)
     */
    public StablePartitionSplitter(JobRepository repository, String workerStepName,
            Function<StepExecution, Partitioner> partitioners) {
        this.repository = repository;
        this.workerStepName = workerStepName;
        this.partitioners = partitioners;
    }

    @Override
    public String getStepName() {
        return workerStepName;
    }

    @Override
    public Set<StepExecution> split(StepExecution manager, int defaultGridSize) throws JobExecutionException {
        int gridSize = GridSize.of(manager, defaultGridSize);
        Map<String, ExecutionContext> partitions = recorded(manager);
        if (partitions == null) {
            partitions = new LinkedHashMap<>(partitioners.apply(manager).partition(gridSize));
            LinkedHashMap<String, Map<String, Object>> record = new LinkedHashMap<>();
            partitions.forEach((name, context) -> record.put(name, new LinkedHashMap<>(context.toMap())));
            manager.getExecutionContext().put(PARTITIONS_KEY, record);
            repository.updateExecutionContext(manager);
        }
        Map<String, ExecutionContext> split = partitions;
        return new SimpleStepExecutionSplitter(repository, workerStepName, size -> split).split(manager, gridSize);
    }

    /** @return the partitions a first run recorded, null when none were */
    @SuppressWarnings("unchecked")
    private static @Nullable Map<String, ExecutionContext> recorded(StepExecution manager) {
        Object record = manager.getExecutionContext().get(PARTITIONS_KEY);
        if (record == null) {
            return null;
        }
        Map<String, ExecutionContext> partitions = new LinkedHashMap<>();
        ((Map<String, Map<String, Object>>) record).forEach((name, context) -> partitions.put(name,
                new ExecutionContext(new LinkedHashMap<>(context))));
        return partitions;
    }
}
