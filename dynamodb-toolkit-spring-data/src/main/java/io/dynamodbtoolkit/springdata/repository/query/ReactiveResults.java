package io.dynamodbtoolkit.springdata.repository.query;

import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.springdata.core.ReactiveItemSource;
import io.dynamodbtoolkit.springdata.core.ReactivePagedReads;
import org.reactivestreams.Publisher;
import org.springframework.data.domain.Limit;

/**
 * Runs a read on the asynchronous client into a method's {@link ResultShape}, as {@link ResultShape#execute} does on
 * the blocking one: the rows as a {@code Flux} reading a page at a time as they are consumed, anything else as a
 * {@code Mono}. Apart from {@code ResultShape} so that blocking applications never load Reactor.
 */
final class ReactiveResults {

    private ReactiveResults() {
    }

    /**
     * @param shape        the method's shape
     * @param source       the read
     * @param options      its direction and filter
     * @param accessor     the call's arguments (pageable, scroll position, limit, list options)
     * @param defaultLimit the method's own limit ({@code findFirst10By...}), or 0
     */
    static <T> Publisher<?> execute(ResultShape shape, ReactiveItemSource<T> source, ListOptions options,
            DynamoDbParameterAccessor accessor, int defaultLimit) {
        int limit = ResultShape.limit(accessor, defaultLimit);
        return switch (shape) {
            case LIST, STREAM -> ReactivePagedReads.items(source, options, limit);
            case SLICE -> ReactivePagedReads.slice(source, options, accessor.getPageable());
            case PAGE -> ReactivePagedReads.page(source, options, accessor.getPageable());
            case WINDOW -> ReactivePagedReads.window(source, options, accessor.getScrollPosition(),
                    limit == 0 ? Limit.unlimited() : Limit.of(limit));
            case SINGLE -> ReactivePagedReads.single(source, options);
            case COUNT -> ReactivePagedReads.count(source, options);
            case EXISTS -> ReactivePagedReads.exists(source, options);
            case ITEM_PAGE -> ReactivePagedReads.itemPage(source, options, accessor.getListOptions());
        };
    }
}
