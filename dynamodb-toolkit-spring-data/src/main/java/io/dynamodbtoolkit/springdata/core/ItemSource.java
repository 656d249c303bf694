package io.dynamodbtoolkit.springdata.core;

import java.util.function.Function;

import io.dynamodbtoolkit.adapter.ItemPage;
import io.dynamodbtoolkit.adapter.ListOptions;

/**
 * One list read of the adapter (a subtree, a query plan, a scan), fetched a page at a time.
 *
 * @param <T> the item type
 */
@FunctionalInterface
public interface ItemSource<T> {

    /** @return the page the options describe (limit, cursor, order, offset, total) */
    ItemPage<T> fetch(ListOptions options);

    /**
     * @param conversion what each item read becomes (e.g. a projection of it)
     * @return the same read, its items converted page by page (cursors, totals and stats unchanged)
     */
    default <R> ItemSource<R> map(Function<? super T, ? extends R> conversion) {
        return options -> fetch(options).map(conversion);
    }
}
