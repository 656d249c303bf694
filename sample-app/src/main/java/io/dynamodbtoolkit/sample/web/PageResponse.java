package io.dynamodbtoolkit.sample.web;

import java.util.List;
import java.util.Map;

import org.springframework.data.domain.KeysetScrollPosition;
import org.springframework.data.domain.ScrollPosition;
import org.springframework.data.domain.Window;

/**
 * One page of a list, as the REST API returns it: the items and the cursor of the next page (absent on the last).
 * The cursor is the adapter's own: opaque, URL-safe and signed, bound to the query that made it.
 *
 * @param items      the items of this page
 * @param nextCursor pass it as {@code cursor} to read the next page; null when there is none
 * @param <T>        the item type
 */
public record PageResponse<T>(List<T> items, String nextCursor) {

    /** The key of the adapter's cursor in the repositories' keyset scroll positions. */
    private static final String CURSOR = "cursor";

    /**
     * @param cursor a cursor from an earlier page, or null or blank for the first page
     * @return the scroll position a repository resumes from
     */
    public static ScrollPosition positionAfter(String cursor) {
        return cursor == null || cursor.isBlank() ? ScrollPosition.keyset()
                : ScrollPosition.forward(Map.of(CURSOR, cursor));
    }

    /** @return the page of a repository window, with the cursor of the position after its last item */
    public static <T> PageResponse<T> of(Window<? extends T> window) {
        List<T> items = List.copyOf(window.getContent());
        if (!window.hasNext() || items.isEmpty()) {
            return new PageResponse<>(items, null);
        }
        KeysetScrollPosition last = (KeysetScrollPosition) window.positionAt(items.size() - 1);
        return new PageResponse<>(items, (String) last.getKeys().get(CURSOR));
    }
}
