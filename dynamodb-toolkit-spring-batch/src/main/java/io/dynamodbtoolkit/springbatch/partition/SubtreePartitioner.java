package io.dynamodbtoolkit.springbatch.partition;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.key.KeyCodec;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.key.SubtreePlan;
import io.dynamodbtoolkit.key.SubtreeQuery;
import io.dynamodbtoolkit.springbatch.item.KeyText;
import org.springframework.batch.core.partition.Partitioner;
import org.springframework.batch.infrastructure.item.ExecutionContext;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Splits a subtree by the keys of its next tier: the node's own row is a partition, and each child subtree (the rows
 * under one value of the next key field, whether or not that child has a row of its own) is one; a child holding more
 * than {@link #setSplitRows splitRows} rows is split again into sort-key ranges of that many rows each, cut at keys
 * sampled from the child itself, so the ranges cover it exactly, with no gap and no overlap. Each partition's
 * execution context holds a {@link SubtreePartition}; build its reader with
 * {@code SubtreePartition.readFrom(context).reader(adapter)}.
 *
 * <p>How it finds the children and their sizes: it reads the keys (only the keys, strongly consistently) of every row
 * under the node once, in key order, counting the rows of each child and keeping every {@code splitRows}-th key of a
 * child as a cut. That costs about the read units of one read of the subtree, made by the manager before the workers
 * start; it is exact (rows under a child whose own row is missing are found too). A row added later under a child
 * already found falls in one of its partitions (its last range and a whole child have no upper bound); a child that
 * appears after the partitions were made is in none.
 *
 * <p>Grid size: the partitions follow the key design, not Spring Batch's {@code gridSize} hint, which is ignored:
 * there are 1 + (the next tier's actual fan-out) + (one more per {@code splitRows} rows of each large child)
 * partitions. The parallelism is the workers' (a TaskExecutor's concurrency, or the remote workers); choose
 * {@code splitRows} so that the largest partition is a small share of the work, e.g. the subtree's rows divided by
 * four times the workers.
 */
public class SubtreePartitioner implements Partitioner {

    /** Rows of a child above which it is split by sort-key range, unless {@link #setSplitRows} says otherwise. */
    public static final long DEFAULT_SPLIT_ROWS = 50_000;

    private final Adapter<?> adapter;
    private final KeyValues node;
    private long splitRows = DEFAULT_SPLIT_ROWS;

    /**
     * @param node the node whose subtree is split
     * @throws io.dynamodbtoolkit.key.InvalidKeyException when the node does not fit the key design, or the design has
     *                                                    no structural key (no subtrees)
     */
    public SubtreePartitioner(Adapter<?> adapter, KeyValues node) {
        this.adapter = Objects.requireNonNull(adapter, "adapter");
        this.node = Objects.requireNonNull(node, "node");
        SubtreeQuery.selfAndDescendants(node).plan(adapter.keys());
    }

    /** @param rows the rows of a child above which it is split by sort-key range, at least 1 */
    public void setSplitRows(long rows) {
        if (rows < 1) {
            throw new IllegalArgumentException("splitRows must be >= 1, was " + rows);
        }
        this.splitRows = rows;
    }

    /** @param gridSize ignored: the partitions follow the key design (see the class's description) */
    @Override
    public Map<String, ExecutionContext> partition(int gridSize) {
        List<SubtreePartition> partitions = partitions();
        Map<String, ExecutionContext> contexts = new LinkedHashMap<>();
        for (int i = 0; i < partitions.size(); i++) {
            ExecutionContext context = new ExecutionContext();
            partitions.get(i).writeTo(context);
            contexts.put(String.format("subtree%05d", i), context);
        }
        return contexts;
    }

    /** @return the partitions: the node's row first, then each child (or its ranges) in the order first read */
    public List<SubtreePartition> partitions() {
        KeyCodec codec = adapter.keys().codec();
        SubtreePlan subtree = SubtreeQuery.selfAndDescendants(node).plan(adapter.keys());
        Map<String, AttributeValue> nodeFields = codec.keyAttributesFromKeyValues(node);
        String sortName = Objects.requireNonNull(subtree.sortName(), "the sort key of a node and its descendants");
        String self = KeyText.stringAttribute(subtree.self().orElseThrow(), sortName);
        List<SubtreePartition> partitions = new ArrayList<>();
        partitions.add(new SubtreePartition(nodeFields, null, self, 1));
        Map<String, Child> children = readChildren(codec, sortName);
        for (Child child : children.values()) {
            child.addPartitions(partitions, splitRows);
        }
        return partitions;
    }

    /** Reads the keys under the node once ({@link SubtreeKeys}), counting each child's rows and sampling its cuts. */
    private Map<String, Child> readChildren(KeyCodec codec, String sortName) {
        Map<String, Child> children = new LinkedHashMap<>();
        int childDepth = node.size() + 1;
        SubtreeKeys.forEachUnder(adapter, node, key -> {
            Map<String, Object> values = codec.keyValuesFromPrimaryKey(key).asMap();
            Map<String, AttributeValue> childFields = new LinkedHashMap<>();
            values.entrySet().stream().limit(childDepth)
                    .forEach(field -> childFields.put(field.getKey(), (AttributeValue) field.getValue()));
            Child child = children.computeIfAbsent(childFields.toString(), name -> new Child(childFields));
            child.count(KeyText.stringAttribute(key, sortName), values.size() > childDepth, splitRows);
        });
        return children;
    }

    /** One child as read: its rows, and every {@code splitRows}-th key of the rows under it. */
    private static final class Child {

        private final Map<String, AttributeValue> fields;
        private final List<String> cuts = new ArrayList<>();
        private long rows;
        private long under;

        Child(Map<String, AttributeValue> fields) {
            this.fields = fields;
        }

        void count(String sortKey, boolean belowChild, long splitRows) {
            rows++;
            if (belowChild && ++under % splitRows == 0) {
                cuts.add(sortKey);
            }
        }

        void addPartitions(List<SubtreePartition> partitions, long splitRows) {
            List<String> bounds = new ArrayList<>(cuts);
            if (!bounds.isEmpty() && under % splitRows == 0) {
                bounds.remove(bounds.size() - 1); // the range after the last row would be empty
            }
            if (bounds.isEmpty()) {
                partitions.add(new SubtreePartition(fields, null, null, rows));
                return;
            }
            String after = null;
            for (String through : bounds) {
                partitions.add(new SubtreePartition(fields, after, through, after == null ? rows - under + splitRows
                        : splitRows));
                after = through;
            }
            partitions.add(new SubtreePartition(fields, after, null, under - (long) bounds.size() * splitRows));
        }
    }
}
