package io.dynamodbtoolkit.springbatch.item;

import java.util.List;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.KeySeek;
import io.dynamodbtoolkit.adapter.QueryPlan;
import io.dynamodbtoolkit.index.IndexQuery;
import io.dynamodbtoolkit.index.IndexType;

/**
 * Reads the items of an index: a key seek on it (a sparse index or a marker: only the items it holds), one shard of
 * a sharded marker, or one segment of a parallel Scan of a sparse index. Index entries may carry only keys, so the
 * whole items are read from the table (BatchGetItem); an item deleted since its entry was read is passed over. Reads
 * are strongly consistent on a local index, eventually consistent on a global one (the only reads it allows).
 * Restartable: see {@link StoredItemReader}; the position holds the index's keys besides the table's.
 *
 * <pre>{@code
 * IndexItemReader open = new IndexItemReader(rentals, IndexQuery.on("open-rentals"));
 * IndexItemReader shard3 = IndexItemReader.shard(rentals, IndexQuery.on("overdue"), 3);
 * }</pre>
 */
public class IndexItemReader extends StoredItemReader {

    /**
     * Reads what an index query selects, in the index's key order.
     *
     * @throws IllegalArgumentException when the index is a sharded marker (read it one shard at a time:
     *                                  {@link #shard}), or the query does not fit the index
     */
    public IndexItemReader(Adapter<?> adapter, IndexQuery query) {
        this(adapter, unsharded(adapter.plan(query), query));
    }

    private IndexItemReader(Adapter<?> adapter, QueryPlan plan) {
        this(adapter, adapter.stored().seek(plan, !plan.globalIndex()), plan.indexName() != null, "");
    }

    private IndexItemReader(Adapter<?> adapter, KeySeek seek, boolean indexEntries, String part) {
        super(adapter.stored(), seek, seek.description() + part, KeySeek.Position.START, item -> false,
                indexEntries);
    }

    /**
     * Reads one shard of a sharded marker (or of any index query whose partitions are merged), in sort-key order.
     *
     * @param shard the shard, from 0 to {@link #shardsOf} less one
     * @throws IllegalArgumentException when the query is not sharded, or has no such shard
     */
    public static IndexItemReader shard(Adapter<?> adapter, IndexQuery query, int shard) {
        QueryPlan plan = adapter.plan(query);
        int shards = shardsOf(adapter, query);
        if (shard < 0 || shard >= shards) {
            throw new IllegalArgumentException("shard " + shard + " does not exist: " + query + " has " + shards
                    + " shard(s), numbered from 0");
        }
        QueryPlan one = new QueryPlan(plan.indexName(), plan.schema(), List.of(plan.segments().get(shard)),
                plan.positionKeys(), plan.globalIndex(), false);
        return new IndexItemReader(adapter, adapter.stored().seek(one, !one.globalIndex()), true,
                " (shard " + shard + " of " + shards + ")");
    }

    /**
     * @return how many shards an index query reads (1 for an unsharded one)
     */
    public static int shardsOf(Adapter<?> adapter, IndexQuery query) {
        QueryPlan plan = adapter.plan(query);
        return plan.merged() ? plan.segments().size() : 1;
    }

    /**
     * Reads one segment of a parallel Scan of a sparse index (its members only, in no particular order).
     *
     * @param index    the index, as declared
     * @param segment  the segment, from 0 to {@code segments - 1}
     * @param segments how many segments the whole Scan is cut into
     * @throws IllegalArgumentException when the index is not declared, or the segment does not exist
     */
    public static IndexItemReader scanSegment(Adapter<?> adapter, String index, int segment, int segments) {
        boolean global = adapter.declaration().indexes().get(index).type() == IndexType.GLOBAL;
        return new IndexItemReader(adapter, adapter.stored().seekScan(index, segment, segments, !global), true, "");
    }

    private static QueryPlan unsharded(QueryPlan plan, IndexQuery query) {
        if (plan.merged()) {
            throw new IllegalArgumentException(query + " reads a sharded index (" + plan.segments().size()
                    + " shards): read it one shard at a time with IndexItemReader.shard, one partition per shard "
                    + "(ShardPartitioner)");
        }
        return plan;
    }
}
