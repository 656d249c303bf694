package io.dynamodbtoolkit.adapter;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * One page of a list read.
 *
 * @param items       the items, in key order (reversed when descending)
 * @param nextCursor  the cursor of the next page, or null when this is the last page (a cursor may also lead
 *                    to an empty last page when the previous one ended exactly at the end)
 * @param total       every match counted, when asked for
 * @param stats       what the page cost
 * @param description the key condition and filter sent, as DynamoDB saw them with values substituted (for
 *                    diagnostics and demos)
 * @param <T>         the item type
 */
public record ItemPage<T>(List<T> items, String nextCursor, OptionalLong total, ReadStats stats,
        String description) {

    public ItemPage {
        items = Collections.unmodifiableList(new ArrayList<>(items));
    }

    /** @return the next page's cursor, if there may be one */
    public Optional<String> next() {
        return Optional.ofNullable(nextCursor);
    }
}
