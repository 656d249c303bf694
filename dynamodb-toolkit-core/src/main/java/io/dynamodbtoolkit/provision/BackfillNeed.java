package io.dynamodbtoolkit.provision;

/**
 * An index whose computed attributes (markers, shards, composite keys, membership) some items lack or carry stale,
 * found by sampling the table at provisioning: the items were written before the index was declared or its
 * declaration changed, so the index misses them until they are backfilled ({@code IndexBackfill}).
 *
 * @param index   the index
 * @param items   how many items need a backfill: counted when the sample read the whole table, else estimated
 * @param stale   how many sampled items need it
 * @param sampled how many items were sampled
 * @param counted whether the sample was the whole table, so that {@code items} is a count
 */
public record BackfillNeed(String index, long items, long stale, long sampled, boolean counted) {

    /** @return e.g. {@code index 'all-facilities' needs a backfill of 1250 items (estimate: 250 of 1000 sampled)} */
    public String describe() {
        return "index '" + index + "' needs a backfill of " + items + " items (" + (counted
                ? "counted: every item of the table read" : "estimate: " + stale + " of " + sampled + " sampled items")
                + ")";
    }

    @Override
    public String toString() {
        return describe();
    }
}
