package io.dynamodbtoolkit.adapter;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;

import io.dynamodbtoolkit.cursor.CursorState.Position;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Reads several partitions (the shards of a sharded marker) in parallel and merges them into one stream ordered
 * by the index's sort key, taking items from whichever shard has the next one. Each shard keeps its own exact
 * position, so a cursor resumes every shard where its last returned item was: nothing is lost or repeated.
 * Each shard is read in small pages (about its share of the page), refilled when it runs dry, so items read but
 * not returned stay few.
 */
final class MergedReads {

    private final List<PageSource> shards;
    private final List<String> positionKeys;
    private final Comparator<Map<String, AttributeValue>> order;
    private final Executor executor;

    MergedReads(List<PageSource> shards, List<String> positionKeys, Comparator<Map<String, AttributeValue>> order,
            Executor executor) {
        this.shards = shards;
        this.positionKeys = positionKeys;
        this.order = order;
        this.executor = executor;
    }

    /**
     * Reads up to {@code limit} items (0: all) from the shards' positions, updating them in place.
     *
     * @return the items, in order, and what they cost
     */
    Result read(List<Position> positions, int limit, Integer pageLimit) {
        List<Buffer> buffers = new ArrayList<>(shards.size());
        List<CompletableFuture<PageSource.Page>> first = new ArrayList<>();
        for (int shard = 0; shard < shards.size(); shard++) {
            Buffer buffer = new Buffer(shard, positions.get(shard));
            buffers.add(buffer);
            first.add(buffer.exhausted() ? null : CompletableFuture.supplyAsync(() -> buffer.fetch(pageLimit),
                    executor));
        }
        ReadStats stats = ReadStats.NONE;
        for (int shard = 0; shard < buffers.size(); shard++) {
            if (first.get(shard) != null) {
                stats = stats.plus(buffers.get(shard).accept(join(first.get(shard))));
            }
        }
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        while (limit == 0 || items.size() < limit) {
            Buffer next = null;
            for (Buffer buffer : buffers) {
                while (buffer.isEmpty() && buffer.hasMore()) {
                    stats = stats.plus(buffer.accept(buffer.fetch(pageLimit)));
                }
                if (!buffer.isEmpty() && (next == null || order.compare(buffer.head(), next.head()) < 0)) {
                    next = buffer;
                }
            }
            if (next == null) {
                break;
            }
            items.add(next.take());
        }
        for (Buffer buffer : buffers) {
            positions.set(buffer.shard, buffer.position());
        }
        return new Result(items, stats);
    }

    /** @return the page a call fetched, its failure rethrown as it was thrown */
    static PageSource.Page join(CompletableFuture<PageSource.Page> future) {
        try {
            return future.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException runtime) {
                throw runtime;
            }
            throw e;
        }
    }

    /**
     * The items of a merged page.
     *
     * @param items the items in order
     * @param stats what they cost
     */
    record Result(List<Map<String, AttributeValue>> items, ReadStats stats) {
    }

    /** One shard's fetched-but-unreturned items and where it stands. */
    private final class Buffer {
        private final int shard;
        private final List<Map<String, AttributeValue>> items = new ArrayList<>();
        private Position resumeAfterBuffer;
        private Map<String, AttributeValue> lastTaken;
        private Position start;
        private int next;

        Buffer(int shard, Position start) {
            this.shard = shard;
            this.start = start;
            this.resumeAfterBuffer = start;
        }

        boolean exhausted() {
            return start.kind() == Position.Kind.DONE;
        }

        PageSource.Page fetch(Integer pageLimit) {
            return shards.get(shard).fetch(resumeAfterBuffer.exclusiveStartKey(), pageLimit, false);
        }

        ReadStats accept(PageSource.Page page) {
            items.addAll(page.items());
            resumeAfterBuffer = page.lastEvaluatedKey() == null ? Position.done()
                    : Position.after(page.lastEvaluatedKey());
            return page.stats();
        }

        boolean isEmpty() {
            return next >= items.size();
        }

        boolean hasMore() {
            return resumeAfterBuffer.kind() != Position.Kind.DONE;
        }

        Map<String, AttributeValue> head() {
            return items.get(next);
        }

        Map<String, AttributeValue> take() {
            lastTaken = items.get(next++);
            return lastTaken;
        }

        /** Where this shard resumes: after its last returned item, or after everything fetched if all returned. */
        Position position() {
            if (isEmpty()) {
                return resumeAfterBuffer;
            }
            if (lastTaken == null) {
                return start;
            }
            Map<String, AttributeValue> key = new LinkedHashMap<>();
            positionKeys.forEach(name -> key.put(name, lastTaken.get(name)));
            return Position.after(key);
        }
    }
}
