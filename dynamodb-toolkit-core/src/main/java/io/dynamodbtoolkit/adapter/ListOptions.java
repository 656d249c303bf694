package io.dynamodbtoolkit.adapter;

import java.util.List;

import io.dynamodbtoolkit.filter.Filter;
import org.jspecify.annotations.Nullable;

/**
 * Options of list reads. Immutable; start from {@link #defaults()}.
 *
 * @param limit      the most items to return in this page (items returned, not items read); 0 for no limit
 * @param cursor     the opaque cursor of the previous page, or null for the first page
 * @param descending whether to walk the sort key backwards (newest first for time-ordered keys)
 * @param fields     top-level attributes or document paths to fetch, or empty for whole items (keys are
 *                   always fetched)
 * @param filter     the parsed filter: clauses on sort-key attributes become key conditions, the rest a
 *                   FilterExpression
 * @param consistent whether to read strongly consistently (refused on global secondary indexes)
 * @param offset     items to skip before the page (offset paging; skipped items still cost reads); 0 for none
 * @param countTotal whether to count every match as well (costs a read of the whole result)
 * @param lookahead  whether a page of one unfiltered Query or Scan reads one item beyond itself, not returned, to know
 *                   whether more follow, so that the page that ends the read has no cursor (the default); without,
 *                   no call asks for more items than the page still needs, and a page that ends exactly at the end
 *                   has a cursor to an empty page (for reads that show no cursor: streams of every item)
 */
public record ListOptions(int limit, @Nullable String cursor, boolean descending, List<String> fields, Filter filter,
        boolean consistent, long offset, boolean countTotal, boolean lookahead) {

    private static final ListOptions DEFAULTS = new ListOptions(0, null, false, List.of(), Filter.empty(), false, 0,
            false, true);

    public ListOptions {
        if (limit < 0) {
            throw new IllegalArgumentException("limit must be 0 (none) or positive but was " + limit);
        }
        if (offset < 0) {
            throw new IllegalArgumentException("offset must be 0 or positive but was " + offset);
        }
        if (offset > 0 && cursor != null) {
            throw new IllegalArgumentException("Give either an offset or a cursor, not both");
        }
        fields = fields == null ? List.of() : List.copyOf(fields);
        filter = filter == null ? Filter.empty() : filter;
    }

    /** @return everything, ascending, whole items, no filter */
    public static ListOptions defaults() {
        return DEFAULTS;
    }

    /** @return a copy returning at most {@code items} items per page */
    public ListOptions withLimit(int items) {
        return new ListOptions(items, cursor, descending, fields, filter, consistent, offset, countTotal, lookahead);
    }

    /** @return a copy resuming after the page that returned this cursor */
    public ListOptions withCursor(@Nullable String next) {
        return new ListOptions(limit, next, descending, fields, filter, consistent, offset, countTotal, lookahead);
    }

    /** @return a copy walking the sort key backwards */
    public ListOptions inDescendingOrder() {
        return new ListOptions(limit, cursor, true, fields, filter, consistent, offset, countTotal, lookahead);
    }

    /** @return a copy fetching only these fields (and the keys) */
    public ListOptions withFields(String... names) {
        return new ListOptions(limit, cursor, descending, List.of(names), filter, consistent, offset, countTotal,
                lookahead);
    }

    /** @return a copy applying this filter */
    public ListOptions withFilter(Filter clauses) {
        return new ListOptions(limit, cursor, descending, fields, clauses, consistent, offset, countTotal, lookahead);
    }

    /**
     * @param term matched case-insensitively as a substring of any searchable field of the adapter (see
     *             {@link AdapterDeclaration.Builder#searchable(String...)}); null or empty for no search
     * @return a copy whose filter also searches for the term (an adapter without searchable fields refuses it)
     */
    public ListOptions withSearch(String term) {
        return withFilter(filter.withSearch(term));
    }

    /** @return a copy reading strongly consistently */
    public ListOptions consistently() {
        return new ListOptions(limit, cursor, descending, fields, filter, true, offset, countTotal, lookahead);
    }

    /** @return a copy skipping {@code items} items first (offset paging) */
    public ListOptions withOffset(long items) {
        return new ListOptions(limit, cursor, descending, fields, filter, consistent, items, countTotal, lookahead);
    }

    /** @return a copy that also counts every match */
    public ListOptions countingTotal() {
        return new ListOptions(limit, cursor, descending, fields, filter, consistent, offset, true, lookahead);
    }

    /**
     * @return a copy whose calls ask for no more items than the page still needs: nothing is read that is not
     *         returned, and a page that ends exactly at the end of the read still has a cursor (to an empty page)
     */
    public ListOptions withoutLookahead() {
        return new ListOptions(limit, cursor, descending, fields, filter, consistent, offset, countTotal, false);
    }
}
