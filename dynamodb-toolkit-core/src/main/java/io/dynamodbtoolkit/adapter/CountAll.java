package io.dynamodbtoolkit.adapter;

import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Counts every match of some page sources with COUNT reads, source after source: a page's total. */
final class CountAll implements PageReading {

    private final List<PageSource> sources;
    private int source;
    private @Nullable Map<String, AttributeValue> start;
    private long count;
    private ReadStats stats = ReadStats.NONE;

    CountAll(List<PageSource> sources) {
        this.sources = sources;
    }

    @Override
    public List<PageCall> pending() {
        return source < sources.size() ? List.of(sources.get(source).call(start, null, true)) : List.of();
    }

    @Override
    public void accept(List<PageSource.Page> pages) {
        PageSource.Page page = pages.get(0);
        stats = stats.plus(page.stats());
        count += page.count();
        start = page.lastEvaluatedKey();
        if (start == null) {
            source++;
        }
    }

    /** @return the count of every match */
    long count() {
        return count;
    }

    /** @return what counting cost */
    ReadStats stats() {
        return stats;
    }
}
