package io.dynamodbtoolkit.springbatch.job;

import java.util.Map;
import java.util.function.Function;
import java.util.function.UnaryOperator;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.mass.MassOptions;
import io.dynamodbtoolkit.springbatch.item.BackfillItemWriter;
import io.dynamodbtoolkit.springbatch.item.CopyItemWriter;
import io.dynamodbtoolkit.springbatch.item.DeleteItemWriter;
import io.dynamodbtoolkit.springbatch.item.EditItemWriter;
import io.dynamodbtoolkit.springbatch.item.GuardedDeleteItemWriter;
import io.dynamodbtoolkit.springbatch.item.MassItemWriter;
import io.dynamodbtoolkit.springbatch.item.MoveItemWriter;
import io.dynamodbtoolkit.springbatch.item.ScanSegmentItemReader;
import io.dynamodbtoolkit.springbatch.item.StoredItemReader;
import io.dynamodbtoolkit.springbatch.item.SubtreeItemReader;
import io.dynamodbtoolkit.springbatch.partition.ScanSegmentPartitioner;
import io.dynamodbtoolkit.springbatch.partition.SubtreePartition;
import io.dynamodbtoolkit.springbatch.partition.SubtreePartitioner;
import io.dynamodbtoolkit.springdata.core.DynamoDbToolkitTemplate;
import org.springframework.batch.core.partition.Partitioner;
import org.springframework.batch.infrastructure.item.ExecutionContext;
import org.springframework.batch.infrastructure.item.ItemStreamReader;
import org.springframework.batch.infrastructure.item.ItemWriter;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The work of each ready job, from the readers, writers and partitioners of {@code springbatch.item} and
 * {@code springbatch.partition}: a job with a key partitions the key's subtree by its next tier (a large child split
 * again by sort-key range), a job without one (a matching job, a backfill) the whole table by Scan segments.
 */
final class MassJobWorks {

    /** The readers' name: their position is kept in each partition's context under {@code reader.<key>}. */
    static final String READER = "reader";

    private final Function<String, EntityChange<?>> changes;
    private final long splitRows;

    /**
     * @param changes   the application's edit or change bean by name
     * @param splitRows the rows of a child above which a subtree's partitioner splits it by sort-key range
     */
    MassJobWorks(Function<String, EntityChange<?>> changes, long splitRows) {
        this.changes = changes;
        this.splitRows = splitRows;
    }

    /**
     * @return whether the job is a delete on an adapter with the parent guard: it marks the node first, leaves the
     *         node's row to its partitions, and deletes it last ({@link GuardedDeleteSteps})
     */
    static boolean guardedDelete(MassJobKind kind, DynamoDbToolkitTemplate template) {
        return kind == MassJobKind.DELETE_ALL_UNDER && template.getDeclaration().parentGuard();
    }

    /**
     * @return whether the job copies or moves a subtree on an adapter with the parent guard: it writes the subtree's
     *         parent rows at the target first, so that its partitions may run in any order ({@link ParentsFirstStep})
     */
    static boolean parentsFirst(MassJobKind kind, DynamoDbToolkitTemplate template) {
        return (kind == MassJobKind.CLONE_ALL_UNDER || kind == MassJobKind.MOVE_ALL_UNDER)
                && template.getDeclaration().parentGuard();
    }

    /** @return the work of a job on a template */
    MassJobWork of(MassJobKind kind, DynamoDbToolkitTemplate template) {
        return new Work(kind, template);
    }

    private final class Work implements MassJobWork {

        private final MassJobKind kind;
        private final DynamoDbToolkitTemplate template;

        Work(MassJobKind kind, DynamoDbToolkitTemplate template) {
            this.kind = kind;
            this.template = template;
        }

        @Override
        public Partitioner partitioner(MassJobRequest request) {
            if (request.key() == null) {
                return new ScanSegmentPartitioner();
            }
            SubtreePartitioner subtree = new SubtreePartitioner(template.getAdapter(), request.key());
            subtree.setSplitRows(splitRows);
            return subtree;
        }

        @Override
        public ItemStreamReader<Map<String, AttributeValue>> reader(MassJobRequest request,
                ExecutionContext partition) {
            Adapter<?> adapter = template.getAdapter();
            StoredItemReader reader;
            if (request.key() == null) {
                reader = new ScanSegmentItemReader(adapter, partition.getInt(ScanSegmentPartitioner.SEGMENT),
                        partition.getInt(ScanSegmentPartitioner.SEGMENTS), request.filter());
            } else {
                SubtreePartition range = SubtreePartition.readFrom(partition);
                reader = SubtreeItemReader.range(adapter, range.nodeValues(), range.afterSortKey(),
                        range.throughSortKey(), request.filter());
            }
            reader.setName(READER);
            return request.maxItems() > 0 ? new PartitionItemLimit(reader, request.maxItems()) : reader;
        }

        @Override
        public ItemWriter<Map<String, AttributeValue>> writer(MassJobRequest request) {
            Adapter<?> adapter = template.getAdapter();
            MassItemWriter writer = switch (kind) {
                case DELETE_ALL_UNDER -> guardedDelete(kind, template)
                        ? new GuardedDeleteItemWriter(adapter, request.requiredKey()) : new DeleteItemWriter(adapter);
                case CLONE_ALL_UNDER -> CopyItemWriter.prefixSwap(adapter, request.requiredKey(),
                        request.requiredTarget());
                case MOVE_ALL_UNDER -> MoveItemWriter.prefixSwap(adapter, request.requiredKey(),
                        request.requiredTarget());
                case EDIT_ALL_UNDER -> edit(request);
                case CLONE_MATCHING -> new CopyItemWriter(adapter, through(request));
                case MOVE_MATCHING -> new MoveItemWriter(adapter, through(request));
                case BACKFILL_INDEX -> new BackfillItemWriter(adapter, request.requiredIndex());
            };
            writer.setName(PartitionCounters.WRITER);
            if (kind == MassJobKind.CLONE_ALL_UNDER || kind == MassJobKind.CLONE_MATCHING) {
                // a copy never overwrites a row it did not write: a taken target is left alone and counted
                writer.setOptions(MassOptions.defaults().withConditional(MassOptions.Conditional.IF_NOT_EXISTS));
            }
            return writer;
        }

        private MassItemWriter edit(MassJobRequest request) {
            return edit(changes.apply(request.beanName()));
        }

        private <T> MassItemWriter edit(EntityChange<T> change) {
            return new EditItemWriter<>(template.entityAdapter(change.entityClass()),
                    template.massChange(change.entityClass(), change));
        }

        /** @return the change of stored items through the entity change, refusing a copy outside the job's scope */
        private UnaryOperator<Map<String, AttributeValue>> through(MassJobRequest request) {
            UnaryOperator<Map<String, AttributeValue>> through = through(changes.apply(request.beanName()));
            JobScope scope = new JobScope(template);
            return item -> scope.requireWithin(request, through.apply(item));
        }

        private <T> UnaryOperator<Map<String, AttributeValue>> through(EntityChange<T> change) {
            return template.entityAdapter(change.entityClass()).stored()
                    .through(template.massChange(change.entityClass(), change));
        }
    }
}
