package io.dynamodbtoolkit.springbatch.job;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.filter.Filter;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.key.SubtreePlan;
import io.dynamodbtoolkit.key.SubtreeQuery;
import io.dynamodbtoolkit.mass.PrefixSwap;
import io.dynamodbtoolkit.springbatch.item.KeyText;
import io.dynamodbtoolkit.springbatch.item.SubtreeItemReader;
import io.dynamodbtoolkit.springdata.core.DynamoDbToolkitTemplate;
import org.jspecify.annotations.Nullable;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.step.Step;
import org.springframework.batch.core.step.builder.StepBuilder;
import org.springframework.batch.infrastructure.item.Chunk;
import org.springframework.batch.infrastructure.item.ExecutionContext;
import org.springframework.batch.infrastructure.item.ItemWriter;
import org.springframework.batch.infrastructure.repeat.RepeatStatus;
import org.springframework.transaction.PlatformTransactionManager;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The first step of {@code cloneAllUnder} and {@code moveAllUnder} on an adapter with the parent guard
 * ({@code <job>.parents}): it writes the target copy of every parent row of the subtree (the node's own row and every
 * row with a row under it, {@link SubtreeParents}), shallowest first, before the partitions run, so that each
 * partition finds the target parents of its rows whatever order the partitions run in. Each parent row is read
 * strongly consistently, with the job's filter (a row the filter leaves out is not the job's to copy), and written as
 * the partition that later meets it would write it: a clone's copy if no item holds the target (the partition then
 * finds it taken and counts it as skipped), a move's target without deleting the source (the partition then finds
 * this very copy and completes the move). So the step is idempotent: run again (a restart after it failed), it copies
 * nothing twice and refuses nothing; once completed, Spring Batch does not run it again on a restart. Its counters are
 * kept in its own execution context, as a partition's are.
 */
final class ParentsFirstStep {

    /** Parent rows read and written at a time. */
    private static final int ROWS_PER_WRITE = 100;

    private final JobRepository repository;
    private final PlatformTransactionManager transactions;

    ParentsFirstStep(JobRepository repository, PlatformTransactionManager transactions) {
        this.repository = repository;
        this.transactions = transactions;
    }

    /**
     * @param jobName  the job's name, the step's prefix
     * @param kind     {@link MassJobKind#CLONE_ALL_UNDER} or {@link MassJobKind#MOVE_ALL_UNDER}
     * @param template the job's template
     * @param work     the job's work (a clone's parent rows are written by its writer)
     * @return the step writing the subtree's parent rows at the target
     */
    Step step(String jobName, MassJobKind kind, DynamoDbToolkitTemplate template, MassJobWork work) {
        return new StepBuilder(jobName + ".parents", repository).tasklet((contribution, chunk) -> {
            MassJobRequest request = MassJobRequest.read(kind, template, contribution.getStepExecution()
                    .getJobParameters());
            Adapter<?> adapter = template.getAdapter();
            ItemWriter<Map<String, AttributeValue>> writer = new TranslatingItemWriter(writer(kind, adapter, work,
                    request), template.getExceptionTranslator());
            for (List<KeyValues> depth : SubtreeParents.byDepth(adapter, request.requiredKey())) {
                for (int from = 0; from < depth.size(); from += ROWS_PER_WRITE) {
                    List<Map<String, AttributeValue>> rows = new ArrayList<>();
                    for (KeyValues parent : depth.subList(from, Math.min(depth.size(), from + ROWS_PER_WRITE))) {
                        Map<String, AttributeValue> row = read(adapter, parent, request.filter());
                        if (row != null) {
                            rows.add(row);
                        }
                    }
                    if (!rows.isEmpty()) {
                        writer.write(new Chunk<>(rows));
                    }
                }
            }
            return RepeatStatus.FINISHED;
        }, transactions).build();
    }

    /** @return a clone's own writer (a copy where no item holds the target), or a move's without its deletes */
    private static ItemWriter<Map<String, AttributeValue>> writer(MassJobKind kind, Adapter<?> adapter,
            MassJobWork work, MassJobRequest request) {
        if (kind == MassJobKind.CLONE_ALL_UNDER) {
            return work.writer(request);
        }
        if (kind != MassJobKind.MOVE_ALL_UNDER) {
            throw new IllegalArgumentException("Only cloneAllUnder and moveAllUnder write a subtree's parent rows "
                    + "first, not " + kind.jobName());
        }
        MoveTargetsWriter writer = new MoveTargetsWriter(adapter, PrefixSwap.of(adapter.keys(),
                request.requiredKey(), request.requiredTarget()));
        writer.setName(PartitionCounters.WRITER);
        return writer;
    }

    /** @return the row of a parent key, if it exists and matches the filter */
    private static @Nullable Map<String, AttributeValue> read(Adapter<?> adapter, KeyValues parent, Filter filter)
            throws Exception {
        SubtreePlan subtree = SubtreeQuery.selfAndDescendants(parent).plan(adapter.keys());
        String self = KeyText.stringAttribute(subtree.self().orElseThrow(), Objects.requireNonNull(
                subtree.sortName(), "the sort key of a node and its descendants"));
        SubtreeItemReader reader = SubtreeItemReader.range(adapter, parent, null, self, filter);
        reader.open(new ExecutionContext());
        try {
            return reader.read();
        } finally {
            reader.close();
        }
    }
}
