package io.dynamodbtoolkit.springdata.core;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

import io.dynamodbtoolkit.adapter.ItemPage;
import io.dynamodbtoolkit.adapter.ListOptions;
import org.jspecify.annotations.Nullable;
import org.springframework.dao.IncorrectResultSizeDataAccessException;
import org.springframework.data.domain.Limit;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.ScrollPosition;
import org.springframework.data.domain.Slice;
import org.springframework.data.domain.Window;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The reactive counterpart of {@link PagedReads}: turns a paged list read on the asynchronous client into a
 * {@code Flux} of its items that reads the next page only as the items are asked for, or into a {@code Mono} of a
 * slice, page, window, the adapter's {@link ItemPage}, one item, a count or an existence check, each shaped exactly as
 * the blocking read shapes it (the same fetch options, the same result). Nothing is read before subscription; a
 * failure, a bad argument included, is an error signal.
 */
public final class ReactivePagedReads {

    /**
     * The most items asked for per call while a {@code Flux} of rows is consumed (fewer when fewer are asked for;
     * DynamoDB still ends a page at 1 MB). Larger
     * than a blocking stream's pages: a reactive consumer usually drains what it subscribes to (a method's own
     * {@code Limit} or {@code findFirstN} caps the page), and with 100 a page the 120 rows of a subtree took two calls
     * instead of one, which cost {@code ConcurrentSubtreeReads} about half the blocking side's CPU time again.
     */
    static final int PAGE_SIZE = 1000;

    private ReactivePagedReads() {
    }

    /**
     * @return the items (the first {@code limit}, 0 for all), a page at a time: the first page when the first item is
     *         asked for, the next one only when the one before it is used up and more items are asked for; each page
     *         asks for as many items as the subscriber has asked for and not received, at most {@value #PAGE_SIZE},
     *         and none beyond the limit or the page (no lookahead: {@link ListOptions#withoutLookahead()}), so every
     *         item read is delivered; cancelling stops the reading
     */
    public static <T> Flux<T> items(ReactiveItemSource<T> source, ListOptions options, int limit) {
        return items(source, options, limit, PAGE_SIZE);
    }

    /** @return the items as {@link #items(ReactiveItemSource, ListOptions, int)}, at most {@code pageSize} a call */
    static <T> Flux<T> items(ReactiveItemSource<T> source, ListOptions options, int limit, int pageSize) {
        ListOptions exact = options.withoutLookahead();
        return Flux.defer(() -> {
            AtomicInteger itemsRead = new AtomicInteger();
            // the pages after the first are asked for from the client's threads: with the subscriber's values
            CallerContext caller = CallerContext.capture();
            OnDemandPages.NextPage<T> next = (cursor, demand) -> {
                int size = (int) Math.min(demand, limit == 0 ? pageSize : Math.min(pageSize,
                        limit - itemsRead.get()));
                ListOptions page = (cursor == null ? exact : exact.withCursor(cursor)).withLimit(size);
                return subscribedWithin(caller, () -> source.fetch(page))
                        .doOnNext(read -> itemsRead.addAndGet(read.items().size()));
            };
            return OnDemandPages.walk(next, ItemPage::items,
                    last -> last.nextCursor() == null || limit != 0 && itemsRead.get() >= limit);
        });
    }

    /** @return the slice a pageable asks for; see {@link PagedReads#slice(ItemSource, ListOptions, Pageable)} */
    public static <T> Mono<Slice<T>> slice(ReactiveItemSource<T> source, ListOptions options, Pageable pageable) {
        return fetched(source, () -> PagedReads.<T>slice(options, pageable));
    }

    /** @return the page a pageable asks for, with its counted total; see {@link PagedReads#page} */
    public static <T> Mono<Page<T>> page(ReactiveItemSource<T> source, ListOptions options, Pageable pageable) {
        return fetched(source, () -> PagedReads.<T>page(options, pageable));
    }

    /** @return the window after a keyset position; see {@link KeysetPositions} */
    public static <T> Mono<Window<T>> window(ReactiveItemSource<T> source, ListOptions options,
            @Nullable ScrollPosition position, Limit limit) {
        return fetched(source, () -> PagedReads.<T>window(options, position, limit));
    }

    /** @return one page as the adapter returns it; see {@link PagedReads#itemPage} */
    public static <T> Mono<ItemPage<T>> itemPage(ReactiveItemSource<T> source, ListOptions method,
            ListOptions caller) {
        return fetched(source, () -> PagedReads.<T>itemPage(method, caller));
    }

    /**
     * @return the only item, or empty
     * @see PagedReads#single(ItemSource, ListOptions) an {@link IncorrectResultSizeDataAccessException} signalled
     *      when there are several
     */
    public static <T> Mono<T> single(ReactiveItemSource<T> source, ListOptions options) {
        return fetched(source, () -> PagedReads.<T>single(options));
    }

    /** @return how many items match (every match is counted with COUNT reads) */
    public static <T> Mono<Long> count(ReactiveItemSource<T> source, ListOptions options) {
        return fetched(source, () -> PagedReads.<T>count(options));
    }

    /** @return whether any item matches (reads at most one) */
    public static <T> Mono<Boolean> exists(ReactiveItemSource<T> source, ListOptions options) {
        return fetched(source, () -> PagedReads.<T>exists(options));
    }

    /**
     * @return the result of one fetch, made when subscribed (empty for a null result); a bad argument, found while
     *         the fetch is described, is an error signal rather than a throw
     */
    private static <T, R> Mono<R> fetched(ReactiveItemSource<T> source, Supplier<OneFetch<T, R>> fetch) {
        return Mono.defer(() -> {
            OneFetch<T, R> described = fetch.get();
            return source.fetch(described.request()).mapNotNull(described.result());
        });
    }

    /**
     * @return the Mono the supplier gives, subscribed to with the caller's thread-bound values: what it does when
     *         subscribed (a reactive read captures its caller's values then, for its callbacks) sees them, in whichever
     *         thread it is subscribed (a page after the first: the client's thread that answered the page before)
     */
    static <R> Mono<R> subscribedWithin(CallerContext caller, Supplier<Mono<R>> mono) {
        return Mono.fromDirect(subscriber -> caller.within(() -> {
            mono.get().subscribe(subscriber);
            return null;
        }));
    }
}
