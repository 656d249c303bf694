package io.dynamodbtoolkit.springdata.core;

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
}
