package io.dynamodbtoolkit.springbatch.job;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.KeySeek;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.key.SubtreePlan;
import io.dynamodbtoolkit.key.SubtreeQuery;
import org.springframework.batch.core.partition.Partitioner;
import org.springframework.batch.infrastructure.item.ExecutionContext;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Splits a subtree into sort-key ranges of about equal numbers of rows: reads the subtree's keys once, strongly
 * consistent, and cuts them into {@code gridSize} ranges {@code (after, through]} that together cover the subtree
 * exactly (the first starts with the node's row, the last runs to the subtree's end, so rows written meanwhile fall in
 * one of them). The partition context holds the bounds ({@value #AFTER}, {@value #THROUGH}; absent for an open end).
 */
final class SubtreeRanges implements Partitioner {

    /** The partition context key of the range's exclusive lower bound. */
    static final String AFTER = "range.after";
    /** The partition context key of the range's inclusive upper bound. */
    static final String THROUGH = "range.through";
    private static final int PAGE = 1_000;

    private final Adapter<?> adapter;
    private final KeyValues node;

    SubtreeRanges(Adapter<?> adapter, KeyValues node) {
        this.adapter = adapter;
        this.node = node;
    }

    @Override
    public Map<String, ExecutionContext> partition(int gridSize) {
        List<String> keys = descendantSortKeys();
        int ranges = Math.max(1, Math.min(gridSize, keys.size()));
        Map<String, ExecutionContext> partitions = new LinkedHashMap<>();
        String after = null;
        for (int r = 0; r < ranges; r++) {
            ExecutionContext context = new ExecutionContext();
            if (after != null) {
                context.putString(AFTER, after);
            }
            String through = r == ranges - 1 ? null : keys.get((int) ((long) keys.size() * (r + 1) / ranges) - 1);
            if (through != null) {
                context.putString(THROUGH, through);
            }
            partitions.put(String.format("range%04d", r), context);
            after = through;
        }
        return partitions;
    }

    /** @return the sort keys of the rows under the node (not the node's own: it opens the first range) */
    private List<String> descendantSortKeys() {
        SubtreePlan subtree = SubtreeQuery.selfAndDescendants(node).plan(adapter.keys());
        String own = subtree.self().map(key -> key.get(subtree.sortName()).s()).orElse(null);
        KeySeek seek = adapter.stored().seek(adapter.plan(SubtreeQuery.selfAndDescendants(node)), true);
        List<String> keys = new ArrayList<>();
        KeySeek.Position position = KeySeek.Position.START;
        while (position != null) {
            KeySeek.Page page = seek.read(position, PAGE);
            for (Map<String, AttributeValue> item : page.items()) {
                String key = item.get(subtree.sortName()).s();
                if (!key.equals(own)) {
                    keys.add(key);
                }
            }
            position = page.next();
        }
        return keys;
    }
}
