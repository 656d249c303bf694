package io.dynamodbtoolkit.adapter;

import java.util.List;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/**
 * The whole reading of one list page: its items, then, when the options ask for it, the count of every match. Built
 * by {@link ListReads}, run by an executor, then read as a {@link ListReads.RawPage}.
 */
final class ListRead implements PageReading {

    private final PageItems items;
    private final @Nullable CountAll total;
    private final List<PageSource> sources;

    /**
     * @param items   the reading of the page's items
     * @param sources the page sources (to count every match and to describe the requests)
     * @param count   whether to count every match
     */
    ListRead(PageItems items, List<PageSource> sources, boolean count) {
        this.items = items;
        this.sources = sources;
        this.total = count ? new CountAll(sources) : null;
    }

    @Override
    public List<PageCall> pending() {
        List<PageCall> calls = items.pending();
        return calls.isEmpty() && total != null ? total.pending() : calls;
    }

    @Override
    public void accept(List<PageSource.Page> pages) {
        if (!items.pending().isEmpty()) {
            items.accept(pages);
        } else {
            Objects.requireNonNull(total, "a count is pending only when asked for").accept(pages);
        }
    }

    /** @return the page, once the reading is complete */
    ListReads.RawPage page() {
        ReadStats stats = items.stats();
        OptionalLong count = OptionalLong.empty();
        if (total != null) {
            stats = stats.plus(total.stats());
            count = OptionalLong.of(total.count());
        }
        Supplier<String> description = () -> sources.stream().map(PageSource::description)
                .collect(Collectors.joining(" ; "));
        return new ListReads.RawPage(items.items(), items.nextCursor(), count, stats, description);
    }
}
