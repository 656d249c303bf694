package io.dynamodbtoolkit.adapter;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.IntFunction;

import io.dynamodbtoolkit.cursor.CursorState.Position;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Reads a Scan in parallel segments (DynamoDB's {@code TotalSegments}): a page is one call per open segment, all in
 * flight at once, and every item a call returns is taken, since a Scan keeps no order across segments; each segment
 * then resumes after its own {@code LastEvaluatedKey}. So a page costs one round trip whatever the number of
 * segments, and nothing is read twice. A page's limit is shared among the open segments (a segment whose share is
 * 0 waits for a later page); a segment whose filtered call returned more than its share gives the first ones and
 * resumes after the last one given.
 */
final class SegmentReads {

    private final List<PageSource> segments;
    private final List<String> positionKeys;
    private final Executor executor;

    /**
     * @param segments     one source per segment
     * @param positionKeys the attributes a position is made of (the table's primary key)
     * @param executor     runs the calls
     */
    SegmentReads(List<PageSource> segments, List<String> positionKeys, Executor executor) {
        this.segments = segments;
        this.positionKeys = positionKeys;
        this.executor = executor;
    }

    /**
     * Reads up to {@code limit} items (0: one DynamoDB page of each segment) from the segments' positions, updating
     * them in place.
     *
     * @param pageLimit the {@code Limit} of a call for a share of the page (null for none)
     * @return the items, segment by segment, and what they cost
     */
    MergedReads.Result read(List<Position> positions, int limit, IntFunction<Integer> pageLimit) {
        List<Integer> open = new ArrayList<>();
        for (int segment = 0; segment < segments.size(); segment++) {
            if (positions.get(segment).kind() != Position.Kind.DONE) {
                open.add(segment);
            }
        }
        List<Integer> shares = new ArrayList<>();
        List<CompletableFuture<PageSource.Page>> calls = new ArrayList<>();
        for (int i = 0; i < open.size(); i++) {
            int share = limit == 0 ? 0 : limit / open.size() + (i < limit % open.size() ? 1 : 0);
            shares.add(share);
            Position start = positions.get(open.get(i));
            PageSource source = segments.get(open.get(i));
            calls.add(limit != 0 && share == 0 ? null : CompletableFuture.supplyAsync(
                    () -> source.fetch(start.exclusiveStartKey(), pageLimit.apply(share), false), executor));
        }
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        ReadStats stats = ReadStats.NONE;
        for (int i = 0; i < open.size(); i++) {
            if (calls.get(i) == null) {
                continue;
            }
            PageSource.Page page = MergedReads.join(calls.get(i));
            stats = stats.plus(page.stats());
            int share = shares.get(i);
            if (share == 0 || page.items().size() <= share) {
                items.addAll(page.items());
                positions.set(open.get(i), page.lastEvaluatedKey() == null ? Position.done()
                        : Position.after(page.lastEvaluatedKey()));
            } else {
                List<Map<String, AttributeValue>> given = page.items().subList(0, share);
                items.addAll(given);
                positions.set(open.get(i), Position.after(keyOf(given.get(share - 1))));
            }
        }
        return new MergedReads.Result(items, stats);
    }

    private Map<String, AttributeValue> keyOf(Map<String, AttributeValue> item) {
        Map<String, AttributeValue> key = new LinkedHashMap<>();
        positionKeys.forEach(name -> key.put(name, item.get(name)));
        return key;
    }
}
