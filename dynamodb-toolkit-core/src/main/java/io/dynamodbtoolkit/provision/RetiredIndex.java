package io.dynamodbtoolkit.provision;

import java.util.List;

/**
 * An index the live table has and the declaration no longer names. Provisioning never drops it; the attributes the
 * toolkit computed for it stay on items until removed ({@code IndexBackfill.removeStale}).
 *
 * @param index      the index
 * @param attributes its key attributes that are the toolkit's (under the technical prefix, when one is declared)
 *                   and that the declaration no longer uses: the stale computed attributes
 */
public record RetiredIndex(String index, List<String> attributes) {

    public RetiredIndex {
        attributes = List.copyOf(attributes);
    }
}
