package io.dynamodbtoolkit.adapter;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

import io.dynamodbtoolkit.cursor.CursorState.Position;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Reads several partitions (the shards of a sharded marker) in parallel and merges them into one stream ordered
 * by the index's sort key, taking items from whichever shard has the next one. Each shard keeps its own exact
 * position, so a cursor resumes every shard where its last returned item was: nothing is lost or repeated.
 * Each shard is read in small pages (about its share of the page), refilled when it runs dry, so items read but
 * not returned stay few. The first pages of all shards are in flight at once; later a shard that runs dry is
 * refilled before the next item is chosen.
 */
final class MergedReads implements PositionedItems {

    private final List<PageSource> shards;
    private final List<String> positionKeys;
    private final Comparator<Map<String, AttributeValue>> order;
    private final int limit;
    private final @Nullable Integer pageLimit;
    private final List<Buffer> buffers = new ArrayList<>();
    private final List<Map<String, AttributeValue>> items = new ArrayList<>();
    private List<Buffer> refilling = List.of();
    private ReadStats stats = ReadStats.NONE;

    /**
     * @param shards       one source per shard
     * @param positionKeys the attributes a position is made of
     * @param order        the order of the merged items
     * @param positions    where each shard resumes
     * @param limit        the most items to return (0: all)
     * @param pageLimit    the {@code Limit} of a shard's call, or null
     */
    MergedReads(List<PageSource> shards, List<String> positionKeys, Comparator<Map<String, AttributeValue>> order,
            List<Position> positions, int limit, @Nullable Integer pageLimit) {
        this.shards = shards;
        this.positionKeys = positionKeys;
        this.order = order;
        this.limit = limit;
        this.pageLimit = pageLimit;
        for (int shard = 0; shard < shards.size(); shard++) {
            buffers.add(new Buffer(shard, positions.get(shard)));
        }
    }

    @Override
    public List<PageCall> pending() {
        if (refilling.isEmpty()) {
            refilling = takeUntilDry();
        }
        List<PageCall> calls = new ArrayList<>(refilling.size());
        refilling.forEach(buffer -> calls.add(buffer.call()));
        return calls;
    }

    @Override
    public void accept(List<PageSource.Page> pages) {
        for (int i = 0; i < pages.size(); i++) {
            stats = stats.plus(refilling.get(i).accept(pages.get(i)));
        }
        refilling = List.of();
    }

    /** Takes items in order until the page is full, or some shard that has more ran dry: those shards are returned. */
    private List<Buffer> takeUntilDry() {
        while (limit == 0 || items.size() < limit) {
            List<Buffer> dry = buffers.stream().filter(buffer -> buffer.isEmpty() && buffer.hasMore()).toList();
            if (!dry.isEmpty()) {
                return dry;
            }
            Buffer next = null;
            for (Buffer buffer : buffers) {
                if (!buffer.isEmpty() && (next == null || order.compare(buffer.head(), next.head()) < 0)) {
                    next = buffer;
                }
            }
            if (next == null) {
                break;
            }
            items.add(next.take());
        }
        return List.of();
    }

    @Override
    public List<Map<String, AttributeValue>> items() {
        return items;
    }

    @Override
    public ReadStats stats() {
        return stats;
    }

    @Override
    public List<Position> positions() {
        List<Position> positions = new ArrayList<>(buffers.size());
        buffers.forEach(buffer -> positions.add(buffer.position()));
        return positions;
    }

    /** One shard's fetched-but-unreturned items and where it stands. */
    private final class Buffer {
        private final int shard;
        private final List<Map<String, AttributeValue>> items = new ArrayList<>();
        private final Position start;
        private Position resumeAfterBuffer;
        private @Nullable Map<String, AttributeValue> lastTaken;
        private int next;

        Buffer(int shard, Position start) {
            this.shard = shard;
            this.start = start;
            this.resumeAfterBuffer = start;
        }

        PageCall call() {
            return shards.get(shard).call(resumeAfterBuffer.exclusiveStartKey(), pageLimit, false);
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
            return Position.after(PageItems.positionOf(lastTaken, positionKeys));
        }
    }
}
