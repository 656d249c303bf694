package io.dynamodbtoolkit.springdata.repository.query;

import io.dynamodbtoolkit.DeclarationException;
import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.springdata.core.ItemSource;
import io.dynamodbtoolkit.springdata.core.PagedReads;
import org.jspecify.annotations.Nullable;
import org.springframework.data.domain.Limit;

/** What a query method returns, and how the read is shaped to produce it. */
enum ResultShape {
    /** A collection of every item (or the first {@code Limit}). */
    LIST,
    /** A stream reading a page at a time. */
    STREAM,
    /** A slice of a {@code Pageable}. */
    SLICE,
    /** A page of a {@code Pageable}, with a counted total. */
    PAGE,
    /** A keyset window after a {@code ScrollPosition}. */
    WINDOW,
    /** One item, an {@code Optional} or null. */
    SINGLE,
    /** The number of matches. */
    COUNT,
    /** Whether anything matches. */
    EXISTS,
    /** The adapter's page (items, next cursor, read stats, the request sent), paged by a {@code ListOptions}. */
    ITEM_PAGE;

    /**
     * @return the shape of a method's result
     * @throws io.dynamodbtoolkit.DeclarationException for a slice without a {@code Pageable} parameter
     */
    static ResultShape of(DynamoDbQueryMethod method) {
        ResultShape shape;
        if (method.returnsItemPage()) {
            shape = ITEM_PAGE;
        } else if (method.isStreamQuery()) {
            shape = STREAM;
        } else if (method.isPageQuery()) {
            shape = PAGE;
        } else if (method.isSliceQuery()) {
            shape = SLICE;
        } else if (method.isScrollQuery()) {
            shape = WINDOW;
        } else if (method.isCollectionQuery()) {
            shape = LIST;
        } else {
            shape = SINGLE;
        }
        if ((shape == SLICE || shape == PAGE) && !method.getParameters().hasPageableParameter()) {
            throw method.declarationError("it returns a " + (shape == SLICE ? "Slice" : "Page")
                    + " but has no Pageable parameter", "add a Pageable parameter, or return a List or a Window");
        }
        return shape;
    }

    /** @return whether the shape reaches later pages by skipping the earlier items (an offset) */
    boolean pagesByOffset() {
        return this == SLICE || this == PAGE;
    }

    /**
     * @param method    the method
     * @param indexName the sharded index it reads
     * @return the start-up failure of a method paging a sharded index by offset, which the merged read of its shards
     *         cannot skip into
     */
    DeclarationException offsetOnShardedIndex(DynamoDbQueryMethod method, @Nullable String indexName) {
        return method.declarationError("it returns a " + (this == SLICE ? "Slice" : "Page") + ", whose later pages "
                + "skip the earlier items by offset, but it reads the sharded index '" + indexName + "', whose shards "
                + "are merged in order under a cursor and cannot be skipped into", "return a Window with a "
                + "ScrollPosition parameter (keyset scrolling across the shards), or an ItemPage with a ListOptions "
                + "parameter");
    }

    /**
     * @param method    the method
     * @param indexName the sparse index it scans
     * @param segments  the parallel segments of the Scan
     * @return the start-up failure of a method paging a parallel Scan by offset, whose merged segments cannot be
     *         skipped into
     */
    DeclarationException offsetOnParallelScan(DynamoDbQueryMethod method, String indexName, int segments) {
        return method.declarationError("it returns a " + (this == SLICE ? "Slice" : "Page") + ", whose later pages "
                + "skip the earlier items by offset, but it lists the members of index '" + indexName + "' with a Scan "
                + "in " + segments + " parallel segments, which are merged under a cursor and cannot be skipped into",
                "return a Window with a ScrollPosition parameter, or an ItemPage with a ListOptions parameter");
    }

    /**
     * Runs a read into this shape.
     *
     * @param source       the read
     * @param options      its direction and filter
     * @param accessor     the call's arguments (pageable, scroll position, limit, list options)
     * @param defaultLimit the method's own limit ({@code findFirst10By...}), or 0
     */
    <T> Object execute(ItemSource<T> source, ListOptions options, DynamoDbParameterAccessor accessor,
            int defaultLimit) {
        int limit = limit(accessor, defaultLimit);
        return switch (this) {
            case LIST -> PagedReads.list(source, options, limit);
            case STREAM -> PagedReads.stream(source, options, limit);
            case SLICE -> PagedReads.slice(source, options, accessor.getPageable());
            case PAGE -> PagedReads.page(source, options, accessor.getPageable());
            case WINDOW -> PagedReads.window(source, options, accessor.getScrollPosition(),
                    limit == 0 ? Limit.unlimited() : Limit.of(limit));
            case SINGLE -> PagedReads.single(source, options);
            case COUNT -> PagedReads.count(source, options);
            case EXISTS -> PagedReads.exists(source, options);
            case ITEM_PAGE -> PagedReads.itemPage(source, options, accessor.getListOptions());
        };
    }

    /** @return whether the shape is the rows themselves (a {@code Flux} of them on a reactive repository) */
    boolean isRows() {
        return this == LIST || this == STREAM;
    }

    /** @return the call's {@code Limit}, else the method's own limit (0 for none) */
    static int limit(DynamoDbParameterAccessor accessor, int defaultLimit) {
        Limit given = accessor.getLimit();
        return given.isLimited() ? given.max() : defaultLimit;
    }
}
