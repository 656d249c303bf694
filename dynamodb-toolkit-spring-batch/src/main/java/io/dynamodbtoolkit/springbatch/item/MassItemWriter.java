package io.dynamodbtoolkit.springbatch.item;

import java.util.List;
import java.util.Map;
import java.util.Objects;

import io.dynamodbtoolkit.expression.AttributeValues;
import io.dynamodbtoolkit.mass.MassConflict;
import io.dynamodbtoolkit.mass.MassOptions;
import io.dynamodbtoolkit.mass.MassPageResult;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.batch.core.scope.context.StepContext;
import org.springframework.batch.core.scope.context.StepSynchronizationManager;
import org.springframework.batch.infrastructure.item.Chunk;
import org.springframework.batch.infrastructure.item.ExecutionContext;
import org.springframework.batch.infrastructure.item.ItemWriter;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The common part of the toolkit's writers: applies one mass operation of the core ({@link io.dynamodbtoolkit.mass
 * .MassWrites}) to each chunk, then makes its outcome visible.
 *
 * <ul>
 * <li>Items written, skipped and in conflict are added to counters in the step's execution context, under
 * {@code <name>.}{@value #PROCESSED}, {@code <name>.}{@value #SKIPPED} and {@code <name>.}{@value #CONFLICTS} (the
 * writer's name, {@link #setName}, is by default the class's short name), so an operator reads them in the job
 * repository beside Spring Batch's own counts; each conflict is also logged at WARN with its key and reason.</li>
 * <li>An item that failed makes the whole chunk fail with a {@link MassWriteFailedException} naming the items, and
 * nothing is counted for it: Spring Batch rolls the chunk back and retries it (given a retry policy) or leaves it to a
 * restart, which reads it again from the reader's last committed position. A failure is never lost that way, and the
 * redo is safe because every operation here is idempotent (a delete deletes nothing twice, a copy writes the same
 * targets, a move finds the copies a crashed attempt wrote and completes them, an edit or a backfill finds nothing
 * left to change).</li>
 * </ul>
 */
public abstract class MassItemWriter implements ItemWriter<Map<String, AttributeValue>> {

    /** Counter suffix of the items written (created, edited, moved or deleted). */
    public static final String PROCESSED = "processed";
    /** Counter suffix of the items left alone (already gone, unchanged, a taken target under if-not-exists...). */
    public static final String SKIPPED = "skipped";
    /** Counter suffix of the items in conflict (changed since read, target held by another item). */
    public static final String CONFLICTS = "conflicts";

    private static final Logger LOG = LoggerFactory.getLogger(MassItemWriter.class);

    private final String operation;
    private MassOptions options = MassOptions.defaults();
    private String name = getClass().getSimpleName();

    /** @param operation what the writer does, for messages and logs */
    protected MassItemWriter(String operation) {
        this.operation = Objects.requireNonNull(operation, "operation");
    }

    /** @param writer the prefix of the writer's counters in the step's execution context */
    public void setName(String writer) {
        this.name = Objects.requireNonNull(writer, "name");
    }

    /** @return the prefix of the writer's counters */
    public String getName() {
        return name;
    }

    /**
     * @param writes the options of the writes: their concurrency (calls in flight) and their per-item conditions
     *               ({@link MassOptions.Conditional}); read settings are the reader's and are not used here
     */
    public void setOptions(MassOptions writes) {
        this.options = Objects.requireNonNull(writes, "options");
    }

    /** @return the options of the writes */
    protected MassOptions options() {
        return options;
    }

    /** @return the context key of one of the writer's counters */
    public String counterKey(String counter) {
        return name + "." + counter;
    }

    @Override
    public void write(Chunk<? extends Map<String, AttributeValue>> chunk) {
        List<Map<String, AttributeValue>> items = List.copyOf(chunk.getItems());
        MassPageResult result = apply(items);
        if (!result.failed().isEmpty()) {
            throw new MassWriteFailedException(operation, result);
        }
        for (MassConflict conflict : result.conflicts()) {
            LOG.warn("{}: item {} left alone, in conflict: {}", operation, AttributeValues.showKey(conflict.key()),
                    conflict.reason());
        }
        count(result);
    }

    /**
     * Applies the writer's operation to one chunk.
     *
     * @param items the chunk's items, as stored
     * @return the outcome
     */
    protected abstract MassPageResult apply(List<Map<String, AttributeValue>> items);

    private void count(MassPageResult result) {
        StepContext step = StepSynchronizationManager.getContext();
        if (step == null) {
            return;
        }
        ExecutionContext context = step.getStepExecution().getExecutionContext();
        synchronized (context) { // a multi-threaded step writes chunks at once
            add(context, PROCESSED, result.processed());
            add(context, SKIPPED, result.skipped());
            add(context, CONFLICTS, result.conflicts().size());
        }
    }

    private void add(ExecutionContext context, String counter, long items) {
        String key = counterKey(counter);
        context.putLong(key, context.getLong(key, 0) + items);
    }
}
