package io.dynamodbtoolkit.springdata.core;

import java.util.Map;
import java.util.Set;

import org.jspecify.annotations.Nullable;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.domain.KeysetScrollPosition;
import org.springframework.data.domain.ScrollPosition;

/**
 * Maps the adapter's signed keyset cursors onto Spring Data's {@link KeysetScrollPosition}s. The position after a
 * window's last item holds the adapter's cursor ({@code {"cursor": "..."}}) and resumes with no extra read; the
 * position after an earlier item holds the cursor the window started from and how many items to pass over
 * ({@code {"cursor": "...", "skip": 3}}), which re-reads those items once. The cursor stays signed and bound to its
 * query: a position of another query, or an altered one, is refused.
 */
public final class KeysetPositions {

    static final String CURSOR = "cursor";
    static final String SKIP = "skip";

    private KeysetPositions() {
    }

    /**
     * Where a read resumes.
     *
     * @param cursor the adapter cursor to resume from, or null for the start
     * @param skip   items to pass over after it
     */
    public record Resume(@Nullable String cursor, int skip) {
    }

    /**
     * @return where to resume the read a position describes
     * @throws InvalidDataAccessApiUsageException for an offset position, a backward position, or keys that are not
     *                                            this module's
     */
    public static Resume decode(@Nullable ScrollPosition position) {
        if (position == null || position.isInitial()) {
            return new Resume(null, 0);
        }
        if (!(position instanceof KeysetScrollPosition keyset)) {
            throw new InvalidDataAccessApiUsageException("Only keyset scroll positions are supported (the adapter "
                    + "reads "
                    + "with keyset cursors): start with ScrollPosition.keyset() and pass on window.positionAt(...)");
        }
        if (keyset.scrollsBackward()) {
            throw new InvalidDataAccessApiUsageException("Scrolling backward is not supported: the adapter's cursors "
                    + "resume forward; to read the other way, sort in the other direction");
        }
        Map<String, Object> keys = keyset.getKeys();
        if (!Set.of(CURSOR, SKIP).containsAll(keys.keySet())) {
            throw new InvalidDataAccessApiUsageException("Scroll position " + keys + " is not one of this repository's:"
                    + " pass on a position a window returned");
        }
        Object cursor = keys.get(CURSOR);
        Object skip = keys.getOrDefault(SKIP, 0);
        if ((cursor != null && !(cursor instanceof String)) || !(skip instanceof Number number)
                || number.intValue() < 0) {
            throw new InvalidDataAccessApiUsageException("Scroll position " + keys + " is malformed");
        }
        return new Resume((String) cursor, number.intValue());
    }

    /** @return the position right after an item: resume from {@code cursor} passing over {@code skip} items */
    public static KeysetScrollPosition after(@Nullable String cursor, int skip) {
        if (skip == 0 && cursor != null) {
            return ScrollPosition.forward(Map.of(CURSOR, cursor));
        }
        return ScrollPosition.forward(cursor == null ? Map.of(SKIP, skip) : Map.of(CURSOR, cursor, SKIP, skip));
    }
}
