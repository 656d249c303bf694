package io.dynamodbtoolkit.batch;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Splitting and merging per-table request maps, as BatchWriteItem and BatchGetItem take them. */
final class BatchChunks {

    private BatchChunks() {
    }

    /** Splits requests into maps of at most {@code size} requests in all, keeping order within each table. */
    static <T> List<Map<String, List<T>>> split(Map<String, List<T>> byTable, int size) {
        List<Map<String, List<T>>> chunks = new ArrayList<>();
        Map<String, List<T>> chunk = new LinkedHashMap<>();
        int inChunk = 0;
        for (Map.Entry<String, List<T>> entry : byTable.entrySet()) {
            for (T request : entry.getValue()) {
                if (inChunk == size) {
                    chunks.add(chunk);
                    chunk = new LinkedHashMap<>();
                    inChunk = 0;
                }
                chunk.computeIfAbsent(entry.getKey(), table -> new ArrayList<>()).add(request);
                inChunk++;
            }
        }
        if (inChunk > 0) {
            chunks.add(chunk);
        }
        return chunks;
    }

    /** Merges maps, in order, into one. */
    static <T> Map<String, List<T>> merge(Map<String, List<T>> first, List<Map<String, List<T>>> rest) {
        Map<String, List<T>> merged = new LinkedHashMap<>();
        first.forEach((table, requests) -> merged.computeIfAbsent(table, t -> new ArrayList<>()).addAll(requests));
        for (Map<String, List<T>> more : rest) {
            more.forEach((table, requests) -> merged.computeIfAbsent(table, t -> new ArrayList<>()).addAll(requests));
        }
        return merged;
    }

    /** @return the number of requests in all tables */
    static int count(Map<String, ? extends List<?>> byTable) {
        return byTable.values().stream().mapToInt(List::size).sum();
    }
}
