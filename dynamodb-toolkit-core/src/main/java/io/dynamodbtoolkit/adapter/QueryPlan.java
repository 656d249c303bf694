package io.dynamodbtoolkit.adapter;

import java.util.List;

import io.dynamodbtoolkit.expression.IndexKeySchema;
import io.dynamodbtoolkit.expression.KeyCondition;
import org.jspecify.annotations.Nullable;

/**
 * A list read as key seeks: one or more Query segments on the table or one index, read one after the other in
 * ascending key order (reversed, segment order included, for descending reads). A self-and-descendants read is
 * two segments: the node row, then its children.
 *
 * @param indexName    the index queried, or null for the table
 * @param schema       the key schema of the table or index
 * @param segments     the key conditions, in ascending key order
 * @param positionKeys the attributes that position a page (the table's key, plus the index's), always fetched
 * @param globalIndex  whether the index is global (strongly consistent reads are refused there)
 * @param merged       whether the segments are parallel partitions (shards) to merge in sort-key order rather
 *                     than read one after the other
 */
public record QueryPlan(@Nullable String indexName, IndexKeySchema schema, List<KeyCondition> segments,
        List<String> positionKeys, boolean globalIndex, boolean merged) {

    public QueryPlan {
        segments = List.copyOf(segments);
        positionKeys = List.copyOf(positionKeys);
        if (segments.isEmpty()) {
            throw new IllegalArgumentException("A query plan needs at least one key condition");
        }
    }

    /** @return the same plan with one segment instead */
    public QueryPlan withSegments(List<KeyCondition> others) {
        return new QueryPlan(indexName, schema, others, positionKeys, globalIndex, merged);
    }
}
