package io.dynamodbtoolkit.index;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * How an item as stored differs from what a fresh write computes for some of its indexes (see
 * {@link IndexSet#driftOf}): the derived attributes to write (missing, or stale after a change of shards, composite
 * fields or membership) and the index attributes to remove (the item is no longer a member).
 *
 * @param toWrite  attributes to set, with the values a fresh write gives them
 * @param toRemove attributes to remove
 */
public record IndexDrift(Map<String, AttributeValue> toWrite, Set<String> toRemove) {

    public IndexDrift {
        toWrite = Collections.unmodifiableMap(new LinkedHashMap<>(toWrite));
        toRemove = Collections.unmodifiableSet(new LinkedHashSet<>(toRemove));
    }

    /** @return whether the item already carries what a fresh write computes */
    public boolean isEmpty() {
        return toWrite.isEmpty() && toRemove.isEmpty();
    }
}
