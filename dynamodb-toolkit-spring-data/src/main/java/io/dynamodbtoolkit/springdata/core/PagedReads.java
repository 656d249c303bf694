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

    /** @return every item, or the first {@code limit} (0 for all) */
    public static <T> List<T> list(ItemSource<T> source, ListOptions options, int limit) {
        return source.fetch(options.withLimit(limit)).items();
    }

    /** @return the items as a stream that reads a page at a time as it is consumed */
    public static <T> Stream<T> stream(ItemSource<T> source, ListOptions options, int limit) {
        Iterator<T> items = new PagingIterator<>(source, options, limit);
        return StreamSupport.stream(Spliterators.spliteratorUnknownSize(items, Spliterator.ORDERED), false);
    }

    /**
     * @return the slice a pageable asks for; later pages skip the earlier items with counting reads, and one item
     *         more than the page is read to tell whether there is a next slice
     */
    public static <T> Slice<T> slice(ItemSource<T> source, ListOptions options, Pageable pageable) {
        if (pageable.isUnpaged()) {
            return new SliceImpl<>(list(source, options, 0), pageable, false);
        }
        List<T> items = source.fetch(offset(options, pageable).withLimit(pageable.getPageSize() + 1)).items();
        boolean hasNext = items.size() > pageable.getPageSize();
        return new SliceImpl<>(hasNext ? items.subList(0, pageable.getPageSize()) : items, pageable, hasNext);
    }

    /** @return the page a pageable asks for, with the total counted by reading every match (costly) */
    public static <T> Page<T> page(ItemSource<T> source, ListOptions options, Pageable pageable) {
        if (pageable.isUnpaged()) {
            return new PageImpl<>(list(source, options, 0));
        }
        ItemPage<T> page = source.fetch(offset(options, pageable).withLimit(pageable.getPageSize()).countingTotal());
        return new PageImpl<>(page.items(), pageable, page.total().orElseThrow());
    }

    /** @return the window after a keyset position; see {@link KeysetPositions} */
    public static <T> Window<T> window(ItemSource<T> source, ListOptions options, ScrollPosition position,
            Limit limit) {
        KeysetPositions.Resume start = KeysetPositions.decode(position);
        int size = limit == null || limit.isUnlimited() ? 0 : limit.max();
        ListOptions resumed = start.cursor() == null ? options : options.withCursor(start.cursor());
        ItemPage<T> page = source.fetch(resumed.withLimit(size == 0 ? 0 : size + start.skip()));
        List<T> items = page.items().subList(Math.min(start.skip(), page.items().size()), page.items().size());
        String next = page.nextCursor();
        int last = items.size() - 1;
        return Window.from(items, index -> index == last && next != null ? KeysetPositions.after(next, 0)
                : KeysetPositions.after(start.cursor(), start.skip() + index + 1), next != null);
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
        return source.fetch(caller.withFilter(method.filter()));
    }

    /**
     * @return the only item, or null
     * @throws IncorrectResultSizeDataAccessException when there are several
     */
    public static <T> T single(ItemSource<T> source, ListOptions options) {
        List<T> items = source.fetch(options.withLimit(2)).items();
        if (items.size() > 1) {
            throw new IncorrectResultSizeDataAccessException("The query returned more than one item", 1);
        }
        return items.isEmpty() ? null : items.get(0);
    }

    /** @return how many items match (every match is counted with COUNT reads) */
    public static long count(ItemSource<?> source, ListOptions options) {
        return source.fetch(options.withLimit(1).countingTotal()).total().orElseThrow();
    }

    /** @return whether any item matches (reads at most one) */
    public static boolean exists(ItemSource<?> source, ListOptions options) {
        return !source.fetch(options.withLimit(1)).items().isEmpty();
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
        private String cursor;
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
