package io.dynamodbtoolkit.springdata.core;

import java.util.function.Function;

import io.dynamodbtoolkit.adapter.ItemPage;
import io.dynamodbtoolkit.adapter.ListOptions;

/**
 * A result read with one fetch of a list read (a slice, a page, a window, one item, a count): the options it fetches
 * with, and what it makes of the page. The blocking and the reactive reads share it, so both shape results alike.
 *
 * @param request the options of the fetch
 * @param result  what the page fetched becomes (null for no result)
 * @param <T>     the item type
 * @param <R>     the result type
 */
record OneFetch<T, R>(ListOptions request, Function<ItemPage<T>, R> result) {

    /** @return the result, fetched now */
    R from(ItemSource<T> source) {
        return result.apply(source.fetch(request));
    }
}
