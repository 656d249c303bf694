package io.dynamodbtoolkit.embedded.engine;

import org.jspecify.annotations.Nullable;

import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * Items grouped by partition and sorted within each partition: a Query reads one partition range in
 * O(log n + k). Used for a table and for each of its indexes. Not thread-safe: guarded by the catalog lock.
 */
final class SortedStore {

    private final TreeMap<PartitionKey, TreeMap<KeyTuple, StoredItem>> partitions = new TreeMap<>();
    private long itemCount;
    private long sizeBytes;

    @Nullable StoredItem get(PartitionKey partition, KeyTuple sort) {
        TreeMap<KeyTuple, StoredItem> items = partitions.get(partition);
        return items == null ? null : items.get(sort);
    }

    @Nullable StoredItem put(PartitionKey partition, KeyTuple sort, StoredItem item) {
        StoredItem previous = partitions.computeIfAbsent(partition, p -> new TreeMap<>()).put(sort, item);
        if (previous == null) {
            itemCount++;
        } else {
            sizeBytes -= previous.size();
        }
        sizeBytes += item.size();
        return previous;
    }

    @Nullable StoredItem remove(PartitionKey partition, KeyTuple sort) {
        TreeMap<KeyTuple, StoredItem> items = partitions.get(partition);
        if (items == null) {
            return null;
        }
        StoredItem previous = items.remove(sort);
        if (previous != null) {
            itemCount--;
            sizeBytes -= previous.size();
            if (items.isEmpty()) {
                partitions.remove(partition);
            }
        }
        return previous;
    }

    /** The items of one partition, sorted, or {@code null} when it holds none. */
    @Nullable NavigableMap<KeyTuple, StoredItem> partition(PartitionKey partition) {
        return partitions.get(partition);
    }

    /** All partitions in scan order. */
    NavigableMap<PartitionKey, TreeMap<KeyTuple, StoredItem>> partitions() {
        return partitions;
    }

    long itemCount() {
        return itemCount;
    }

    long sizeBytes() {
        return sizeBytes;
    }
}
