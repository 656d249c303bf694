package io.dynamodbtoolkit.adapter;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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
final class SegmentReads implements PositionedItems {

    private final List<String> positionKeys;
    private final List<Position> positions;
    private final List<Integer> called = new ArrayList<>();
    private final List<Integer> shares = new ArrayList<>();
    private final List<PageCall> calls = new ArrayList<>();
    private final List<Map<String, AttributeValue>> items = new ArrayList<>();
    private ReadStats stats = ReadStats.NONE;
    private boolean read;

    /**
     * @param segments     one source per segment
     * @param positionKeys the attributes a position is made of (the table's primary key)
     * @param positions    where each segment resumes
     * @param limit        the most items to return (0: one DynamoDB page of each segment)
     * @param pageLimit    the {@code Limit} of a call for a share of the page (null for none)
     */
    SegmentReads(List<PageSource> segments, List<String> positionKeys, List<Position> positions, int limit,
            IntFunction<Integer> pageLimit) {
        this.positionKeys = positionKeys;
        this.positions = new ArrayList<>(positions);
        List<Integer> open = new ArrayList<>();
        for (int segment = 0; segment < segments.size(); segment++) {
            if (positions.get(segment).kind() != Position.Kind.DONE) {
                open.add(segment);
            }
        }
        for (int i = 0; i < open.size(); i++) {
            int share = limit == 0 ? 0 : limit / open.size() + (i < limit % open.size() ? 1 : 0);
            if (limit != 0 && share == 0) {
                continue;
            }
            int segment = open.get(i);
            called.add(segment);
            shares.add(share);
            calls.add(segments.get(segment).call(positions.get(segment).exclusiveStartKey(), pageLimit.apply(share),
                    false));
        }
    }

    @Override
    public List<PageCall> pending() {
        return read ? List.of() : calls;
    }

    @Override
    public void accept(List<PageSource.Page> pages) {
        read = true;
        for (int i = 0; i < pages.size(); i++) {
            PageSource.Page page = pages.get(i);
            stats = stats.plus(page.stats());
            int share = shares.get(i);
            int segment = called.get(i);
            if (share == 0 || page.items().size() <= share) {
                items.addAll(page.items());
                positions.set(segment, page.lastEvaluatedKey() == null ? Position.done()
                        : Position.after(page.lastEvaluatedKey()));
            } else {
                List<Map<String, AttributeValue>> given = page.items().subList(0, share);
                items.addAll(given);
                positions.set(segment, Position.after(PageItems.positionOf(given.get(share - 1), positionKeys)));
            }
        }
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
        return positions;
    }
}
