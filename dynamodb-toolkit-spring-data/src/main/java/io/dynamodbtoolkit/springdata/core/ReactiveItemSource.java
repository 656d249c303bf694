package io.dynamodbtoolkit.springdata.core;

import io.dynamodbtoolkit.adapter.ItemPage;
import io.dynamodbtoolkit.adapter.ListOptions;
import reactor.core.publisher.Mono;

/**
 * One list read of the adapter (a subtree, a query plan, a scan) on the asynchronous client, fetched a page at a time:
 * the reactive counterpart of {@link ItemSource}.
 *
 * @param <T> the item type
 */
@FunctionalInterface
public interface ReactiveItemSource<T> {

    /** @return the page the options describe (limit, cursor, order, offset, total), read when subscribed */
    Mono<ItemPage<T>> fetch(ListOptions options);
}
