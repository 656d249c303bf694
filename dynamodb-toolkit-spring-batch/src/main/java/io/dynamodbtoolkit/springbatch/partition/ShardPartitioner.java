package io.dynamodbtoolkit.springbatch.partition;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.index.IndexQuery;
import io.dynamodbtoolkit.springbatch.item.IndexItemReader;
import org.springframework.batch.core.partition.Partitioner;
import org.springframework.batch.infrastructure.item.ExecutionContext;

/**
 * Splits the read of a sharded marker (an index whose partition key is spread over shards) by shard: one partition
 * per shard, its execution context holding {@value #SHARD} (from 0) and {@value #SHARDS} (the declared count). Build
 * each partition's reader with {@link #reader}. The grid size is the declared shard count; Spring Batch's
 * {@code gridSize} hint is ignored.
 */
public class ShardPartitioner implements Partitioner {

    /** Context key of the partition's shard, from 0. */
    public static final String SHARD = "dynamodb.toolkit.partition.shard";
    /** Context key of the shard count. */
    public static final String SHARDS = "dynamodb.toolkit.partition.shards";

    private final int shards;

    /** @param query the index query of the sharded marker (e.g. {@code IndexQuery.on("overdue")}) */
    public ShardPartitioner(Adapter<?> adapter, IndexQuery query) {
        this.shards = IndexItemReader.shardsOf(Objects.requireNonNull(adapter, "adapter"),
                Objects.requireNonNull(query, "query"));
        if (shards < 2) {
            throw new IllegalArgumentException(query + " is not sharded: read it with one IndexItemReader, or split "
                    + "it another way");
        }
    }

    /** @param gridSize ignored: one partition per shard */
    @Override
    public Map<String, ExecutionContext> partition(int gridSize) {
        Map<String, ExecutionContext> contexts = new LinkedHashMap<>();
        for (int shard = 0; shard < shards; shard++) {
            ExecutionContext context = new ExecutionContext();
            context.putInt(SHARD, shard);
            context.putInt(SHARDS, shards);
            contexts.put(String.format("shard%04d", shard), context);
        }
        return contexts;
    }

    /**
     * @return the reader of the shard a partition's execution context names
     * @throws IllegalArgumentException naming the context key, when it is missing, or the index's shard count
     *                                  changed since the partitions were made
     */
    public static IndexItemReader reader(Adapter<?> adapter, IndexQuery query, ExecutionContext context) {
        int shard = PartitionContexts.requireInt(context, SHARD);
        int shards = PartitionContexts.requireInt(context, SHARDS);
        int declared = IndexItemReader.shardsOf(adapter, query);
        if (shards != declared) {
            throw new IllegalArgumentException("Execution context key '" + SHARDS + "' holds " + shards + " but "
                    + query + " now has " + declared + " shards: the declaration changed since the job started; "
                    + "run it as a new job instance");
        }
        return IndexItemReader.shard(adapter, query, shard);
    }
}
