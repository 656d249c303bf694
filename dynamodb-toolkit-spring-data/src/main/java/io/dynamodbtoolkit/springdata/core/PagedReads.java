package io.dynamodbtoolkit.springdata.core;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

import io.dynamodbtoolkit.adapter.ItemPage;
import io.dynamodbtoolkit.adapter.ListOptions;
import org.jspecify.annotations.Nullable;
import org.springframework.dao.IncorrectResultSizeDataAccessException;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.domain.Limit;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.PageImpl;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.ScrollPosition;
import org.springframework.data.domain.Slice;
import org.springframework.data.domain.SliceImpl;
import org.springframework.data.domain.Window;

/**
 * Turns a paged list read into the result types of Spring Data: lists, lazy streams, slices, pages (with a
 * counted total), keyset windows, single results, counts and existence checks; or into the adapter's own
 * {@link ItemPage}, paged by the caller's {@link ListOptions}. The options passed in carry the read's direction and
 * filter; these methods add limits, cursors and offsets.
 */
public final class PagedReads {

    /** Items fetched per call while a stream is consumed. */
    static final int STREAM_PAGE_SIZE = 100;

    private PagedReads() {
    }

    /**
     * @return every item, or the first {@code limit} (0 for all); no item is read that is not returned (no lookahead:
     *         see {@link ListOptions#withoutLookahead()})
     */
    public static <T> List<T> list(ItemSource<T> source, ListOptions options, int limit) {
        return source.fetch(options.withLimit(limit).withoutLookahead()).items();
    }

    /**
     * @return the items as a stream that reads a page at a time as it is consumed, each page asking for no more items
     *         than it returns (see {@link ListOptions#withoutLookahead()}: a stream shows no cursor, so an item beyond
     *         a page would be read for nothing)
     */
    public static <T> Stream<T> stream(ItemSource<T> source, ListOptions options, int limit) {
        Iterator<T> items = new PagingIterator<>(source, options.withoutLookahead(), limit);
        return StreamSupport.stream(Spliterators.spliteratorUnknownSize(items, Spliterator.ORDERED), false);
    }

    /**
     * @return the slice a pageable asks for; later pages skip the earlier items with counting reads, and one item
     *         more than the page is read to tell whether there is a next slice
     */
    public static <T> Slice<T> slice(ItemSource<T> source, ListOptions options, Pageable pageable) {
        return PagedReads.<T>slice(options, pageable).from(source);
    }

    /** @return the page a pageable asks for, with the total counted by reading every match (costly) */
    public static <T> Page<T> page(ItemSource<T> source, ListOptions options, Pageable pageable) {
        return PagedReads.<T>page(options, pageable).from(source);
    }

    /** @return the window after a keyset position; see {@link KeysetPositions} */
    public static <T> Window<T> window(ItemSource<T> source, ListOptions options, @Nullable ScrollPosition position,
            Limit limit) {
        return PagedReads.<T>window(options, position, limit).from(source);
    }

    /**
     * Reads one page as the adapter returns it: the items, the cursor of the next page, what the read cost and the
     * request sent. The caller's options give the page size (0 for every match), the cursor, the direction, offset,
     * total and consistency; the method's options add its filter ({@code @AllowScan} methods).
     *
     * @param source the read
     * @param method the method's own options (its filter)
     * @param caller the caller's options
     * @throws InvalidDataAccessApiUsageException when the caller's options ask for a filter or for some fields only
     */
    public static <T> ItemPage<T> itemPage(ItemSource<T> source, ListOptions method, ListOptions caller) {
        return PagedReads.<T>itemPage(method, caller).from(source);
    }

    /**
     * @return the only item, or null
     * @throws IncorrectResultSizeDataAccessException when there are several
     */
    public static <T> T single(ItemSource<T> source, ListOptions options) {
        return PagedReads.<T>single(options).from(source);
    }

    /** @return how many items match (every match is counted with COUNT reads) */
    public static <T> long count(ItemSource<T> source, ListOptions options) {
        return PagedReads.<T>count(options).from(source);
    }

    /** @return whether any item matches (reads at most one) */
    public static <T> boolean exists(ItemSource<T> source, ListOptions options) {
        return PagedReads.<T>exists(options).from(source);
    }

    // ---------------------------------------------------------------- the results read with one fetch
    // (without lookahead where the result shows no cursor: a slice reads its one item more itself, a page counts its
    // total, one item or an existence needs no more; a window and an ItemPage read one item beyond to tell whether
    // more follow)

    /** @return the slice of a pageable as one fetch; see {@link #slice(ItemSource, ListOptions, Pageable)} */
    static <T> OneFetch<T, Slice<T>> slice(ListOptions options, Pageable pageable) {
        if (pageable.isUnpaged()) {
            return new OneFetch<>(options.withLimit(0), page -> new SliceImpl<>(page.items(), pageable, false));
        }
        int size = pageable.getPageSize();
        return new OneFetch<>(offset(options, pageable).withLimit(size + 1).withoutLookahead(), page -> {
            List<T> items = page.items();
            boolean hasNext = items.size() > size;
            return new SliceImpl<>(hasNext ? items.subList(0, size) : items, pageable, hasNext);
        });
    }

    /** @return the page of a pageable as one fetch; see {@link #page(ItemSource, ListOptions, Pageable)} */
    static <T> OneFetch<T, Page<T>> page(ListOptions options, Pageable pageable) {
        if (pageable.isUnpaged()) {
            return new OneFetch<>(options.withLimit(0), page -> new PageImpl<>(page.items()));
        }
        return new OneFetch<>(offset(options, pageable).withLimit(pageable.getPageSize()).countingTotal()
                .withoutLookahead(), page -> new PageImpl<>(page.items(), pageable, page.total().orElseThrow()));
    }

    /** @return the window after a keyset position as one fetch; see {@link KeysetPositions} */
    static <T> OneFetch<T, Window<T>> window(ListOptions options, @Nullable ScrollPosition position, Limit limit) {
        KeysetPositions.Resume start = KeysetPositions.decode(position);
        int size = limit == null || limit.isUnlimited() ? 0 : limit.max();
        ListOptions resumed = start.cursor() == null ? options : options.withCursor(start.cursor());
        return new OneFetch<>(resumed.withLimit(size == 0 ? 0 : size + start.skip()), page -> {
            List<T> items = page.items().subList(Math.min(start.skip(), page.items().size()), page.items().size());
            String next = page.nextCursor();
            int last = items.size() - 1;
            return Window.from(items, index -> index == last && next != null ? KeysetPositions.after(next, 0)
                    : KeysetPositions.after(start.cursor(), start.skip() + index + 1), next != null);
        });
    }

    /** @return the adapter's page as one fetch; see {@link #itemPage(ItemSource, ListOptions, ListOptions)} */
    static <T> OneFetch<T, ItemPage<T>> itemPage(ListOptions method, ListOptions caller) {
        if (!caller.filter().isEmpty()) {
            throw new InvalidDataAccessApiUsageException("A repository method's conditions come from its "
                    + "declaration, but the ListOptions carry a filter " + caller.filter() + ": declare the conditions "
                    + "in the method (a derived findBy... method, with @AllowScan for conditions no key serves)");
        }
        if (!caller.fields().isEmpty()) {
            throw new InvalidDataAccessApiUsageException("A repository returns whole entities (saving a partial one "
                    + "would drop the attributes not read), but the ListOptions ask for the fields " + caller.fields()
                    + ": drop withFields(...), or read the adapter directly");
        }
        return new OneFetch<>(caller.withFilter(method.filter()), page -> page);
    }

    /** @return the only item (null when none) as one fetch; see {@link #single(ItemSource, ListOptions)} */
    static <T> OneFetch<T, T> single(ListOptions options) {
        return new OneFetch<>(options.withLimit(2).withoutLookahead(), page -> {
            if (page.items().size() > 1) {
                throw new IncorrectResultSizeDataAccessException("The query returned more than one item", 1);
            }
            return page.items().isEmpty() ? null : page.items().get(0);
        });
    }

    /** @return the number of matches as one fetch */
    static <T> OneFetch<T, Long> count(ListOptions options) {
        return new OneFetch<>(options.withLimit(1).countingTotal().withoutLookahead(),
                page -> page.total().orElseThrow());
    }

    /** @return whether anything matches as one fetch */
    static <T> OneFetch<T, Boolean> exists(ListOptions options) {
        return new OneFetch<>(options.withLimit(1).withoutLookahead(), page -> !page.items().isEmpty());
    }

    private static ListOptions offset(ListOptions options, Pageable pageable) {
        return pageable.getOffset() == 0 ? options : options.withOffset(pageable.getOffset());
    }

    /** Iterates the items of a read, fetching the next page when the current one is used up. */
    private static final class PagingIterator<T> implements Iterator<T> {

        private final ItemSource<T> source;
        private final ListOptions options;
        private final int limit;
        private Iterator<T> page = List.<T>of().iterator();
        private @Nullable String cursor;
        private boolean exhausted;
        private int returned;

        PagingIterator(ItemSource<T> source, ListOptions options, int limit) {
            this.source = source;
            this.options = options;
            this.limit = limit;
        }

        @Override
        public boolean hasNext() {
            while (!page.hasNext() && !exhausted && (limit == 0 || returned < limit)) {
                int size = limit == 0 ? STREAM_PAGE_SIZE : Math.min(STREAM_PAGE_SIZE, limit - returned);
                ItemPage<T> fetched = source.fetch((cursor == null ? options : options.withCursor(cursor))
                        .withLimit(size));
                page = new ArrayList<>(fetched.items()).iterator();
                cursor = fetched.nextCursor();
                exhausted = cursor == null;
            }
            return page.hasNext() && (limit == 0 || returned < limit);
        }

        @Override
        public T next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            returned++;
            return page.next();
        }
    }
}
