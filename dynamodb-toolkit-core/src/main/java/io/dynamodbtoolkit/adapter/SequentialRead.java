package io.dynamodbtoolkit.adapter;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.dynamodbtoolkit.cursor.CursorCodec;
import io.dynamodbtoolkit.cursor.CursorState;
import io.dynamodbtoolkit.cursor.CursorState.Position;
import io.dynamodbtoolkit.cursor.InvalidCursorException;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * One page of page sources read one after the other (the segments of a plan, or one Query or Scan) under one cursor:
 * first the offset skipped with COUNT reads (never overshooting), then pages until the page holds {@code limit} items
 * (more than asked of a filtered Query: see {@link ListReads#pageLimit}; one more of an unfiltered one, to know
 * whether the page ends the read, unless {@link ListOptions#lookahead()} is off), resuming exactly after the last item
 * returned.
 */
final class SequentialRead implements PageItems {

    private final List<PageSource> sources;
    private final List<String> positionKeys;
    private final int limit;
    private final boolean filtered;
    private final boolean lookahead;
    private final String fingerprint;
    private final CursorCodec cursors;
    private final List<Map<String, AttributeValue>> items = new ArrayList<>();
    private int segment;
    private Position position;
    private long toSkip;
    private ReadStats stats = ReadStats.NONE;

    SequentialRead(List<PageSource> sources, List<String> positionKeys, ListOptions options, String fingerprint,
            CursorCodec cursors) {
        this.sources = sources;
        this.positionKeys = positionKeys;
        this.limit = options.limit();
        this.filtered = !options.filter().isEmpty();
        this.lookahead = options.lookahead();
        this.fingerprint = fingerprint;
        this.cursors = cursors;
        CursorState state = options.cursor() == null ? CursorState.of(0, Position.start())
                : cursors.decode(options.cursor(), fingerprint);
        this.segment = state.phase();
        this.position = state.position();
        if (segment < 0 || segment > sources.size()) {
            throw new InvalidCursorException("The cursor is malformed");
        }
        this.toSkip = options.offset();
    }

    @Override
    public List<PageCall> pending() {
        skipFinishedSegments();
        if (segment >= sources.size()) {
            return List.of();
        }
        if (toSkip > 0) {
            int count = (int) Math.min(toSkip, Integer.MAX_VALUE);
            return List.of(sources.get(segment).call(position.exclusiveStartKey(), count, true));
        }
        if (limit != 0 && items.size() >= limit) {
            return List.of();
        }
        int remaining = limit == 0 ? 0 : limit - items.size();
        return List.of(sources.get(segment).call(position.exclusiveStartKey(), callLimit(remaining), false));
    }

    /**
     * @return the {@code Limit} of a call for {@code remaining} items ({@link ListReads#pageLimit}), unfiltered one
     *         more: the item beyond the page is read and not returned (the page resumes after its own last item), and
     *         tells whether anything follows, so the page that ends the read says so at once and no cursor leads to
     *         an empty page (DynamoDB gives a {@code LastEvaluatedKey} whenever a call reaches its {@code Limit},
     *         even on the last item); without {@link ListOptions#lookahead()}, exactly as many
     */
    private @Nullable Integer callLimit(int remaining) {
        Integer pageLimit = ListReads.pageLimit(remaining, filtered);
        if (filtered || !lookahead || pageLimit == null || pageLimit == Integer.MAX_VALUE) {
            return pageLimit;
        }
        return pageLimit + 1;
    }

    @Override
    public void accept(List<PageSource.Page> pages) {
        PageSource.Page page = pages.get(0);
        stats = stats.plus(page.stats());
        if (toSkip > 0) {
            toSkip -= page.count();
            position = resumeAfter(page);
            return;
        }
        int remaining = limit == 0 ? 0 : limit - items.size();
        if (remaining > 0 && page.items().size() > remaining) {
            items.addAll(page.items().subList(0, remaining));
            position = Position.after(positionOf(items.get(items.size() - 1)));
        } else {
            items.addAll(page.items());
            position = resumeAfter(page);
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
    public @Nullable String nextCursor() {
        skipFinishedSegments();
        return segment >= sources.size() ? null : cursors.encode(CursorState.of(segment, position), fingerprint);
    }

    private void skipFinishedSegments() {
        while (segment < sources.size() && position.kind() == Position.Kind.DONE) {
            segment++;
            position = Position.start();
        }
    }

    private static Position resumeAfter(PageSource.Page page) {
        return page.lastEvaluatedKey() == null ? Position.done() : Position.after(page.lastEvaluatedKey());
    }

    private Map<String, AttributeValue> positionOf(Map<String, AttributeValue> item) {
        return PageItems.positionOf(item, positionKeys);
    }
}
