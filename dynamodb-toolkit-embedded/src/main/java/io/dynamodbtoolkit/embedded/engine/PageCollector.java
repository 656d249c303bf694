package io.dynamodbtoolkit.embedded.engine;

import io.dynamodbtoolkit.embedded.expression.ParsedCondition;
import io.dynamodbtoolkit.embedded.model.AttributeValue;
import org.jspecify.annotations.Nullable;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Reads entries into one page as DynamoDB does: every entry read counts (ScannedCount, capacity), the filter then
 * decides what is answered; the page stops at Limit entries read or once 1 MB has been read.
 */
final class PageCollector {

    static final int MAX_PAGE_BYTES = 1024 * 1024;

    private final ReadSource source;
    private final @Nullable ParsedCondition filter;
    private final @Nullable Integer limit;
    private final boolean consistentRead;
    private final List<Map<String, AttributeValue>> items = new ArrayList<>();
    private int count;
    private int scanned;
    private long bytes;
    private double fetchUnits;
    private @Nullable StoredItem last;
    private boolean full;

    PageCollector(ReadSource source, @Nullable ParsedCondition filter, @Nullable Integer limit,
                  boolean consistentRead) {
        this.source = source;
        this.filter = filter;
        this.limit = limit;
        this.consistentRead = consistentRead;
    }

    /** Reads one entry; returns false once the page is full. */
    boolean accept(StoredItem entry) {
        scanned++;
        bytes += entry.size();
        last = entry;
        StoredItem visible = source.visible(entry);
        if (source.fetchesFromTable()) {
            fetchUnits += Capacity.readUnits(visible.size(), consistentRead);
        }
        if (filter == null || filter.test(visible.attributes())) {
            count++;
            if (!source.countOnly()) {
                items.add(source.answer(visible));
            }
        }
        full = (limit != null && scanned >= limit) || bytes >= MAX_PAGE_BYTES;
        return !full;
    }

    /**
     * The page. {@code moreRemain} tells whether entries are left after the last one read; the LastEvaluatedKey is
     * given when the page stopped at Limit (even if nothing is left, as DynamoDB does) or at 1 MB with more left.
     */
    ReadRequests.Page page(boolean moreRemain) {
        boolean limitReached = limit != null && scanned >= limit;
        Map<String, AttributeValue> lastKey = full && last != null && (limitReached || moreRemain)
                ? source.keyOf(last) : null;
        return new ReadRequests.Page(items, count, scanned, lastKey,
                source.capacity(bytes, fetchUnits, consistentRead));
    }
}
