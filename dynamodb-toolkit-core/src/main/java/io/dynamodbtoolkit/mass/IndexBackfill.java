package io.dynamodbtoolkit.mass;

import java.util.Collection;
import java.util.Objects;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.index.Membership;

/**
 * Index evolution: brings the attributes the toolkit computes for an index (markers, their shards, composite keys,
 * membership) onto the items written before the index was declared or its declaration changed, and removes those
 * of an index no longer declared. DynamoDB builds a new global index from the attributes items carry, so without a
 * backfill an index keyed on a computed attribute stays empty for every older item.
 *
 * <p>A backfill is a mass run: by default over the whole table as parallel Scan segments (each resuming from its
 * own position in the cursor), or over any {@link MassScope}, or over the tiers the index's membership names. For
 * each item it compares what the item carries with what a fresh write computes from its attributes
 * ({@link io.dynamodbtoolkit.index.IndexSet#driftOf}) and writes only the difference (one UpdateItem), on the condition
 * that the attributes the computation reads and writes are still as read; an item changed meanwhile is read again and
 * recomputed, an item that needs nothing is skipped. So application writes may go on during a backfill, provided every
 * instance already runs the new declaration (an instance on the old one writes items without the new attributes). The
 * version is not bumped: the item does not change as the application reads it (computed attributes live under the
 * technical prefix). Runs resume by cursor and report progress like every mass operation ({@link MassResult},
 * {@link MassProgress} as operation {@code backfill:<index>} or {@code remove-stale}).
 *
 * <pre>{@code
 * IndexBackfill backfill = IndexBackfill.of(rentals);
 * MassResult run = backfill.backfill("all-facilities", MassOptions.defaults().withMaxItems(10_000));
 * while (!run.isComplete()) {
 *     run = backfill.backfill("all-facilities", MassOptions.defaults().withMaxItems(10_000).withCursor(run.cursor()));
 * }
 * }</pre>
 *
 * <p>Cost: one read of every item in the scope, and one write (plus the index's own writes) for each item that
 * needs a change: all members of a new index, every member whose shard moves when a shard count changes (about
 * all of them), every item entering or leaving an index when its membership changes. The same runs on the
 * asynchronous client, without blocking a thread: {@link AsyncIndexBackfill}.
 */
public final class IndexBackfill {

    /** The parallel Scan segments of a whole-table backfill unless a scope says otherwise. */
    public static final int DEFAULT_SCAN_SEGMENTS = 4;

    private final IndexRewrites rewrites;

    private IndexBackfill(IndexRewrites rewrites) {
        this.rewrites = rewrites;
    }

    /** @return the index backfill of an adapter */
    public static IndexBackfill of(Adapter<?> adapter) {
        Objects.requireNonNull(adapter, "adapter");
        return new IndexBackfill(new IndexRewrites(adapter, adapter.stored().calls(), MassProgressListener.NONE));
    }

    /**
     * @param progress hears the progress of every run of the copy (e.g. gauges), besides each run's own listener
     * @return a copy reporting to a listener as well
     */
    public IndexBackfill withListener(MassProgressListener progress) {
        return new IndexBackfill(rewrites.withListener(progress));
    }

    /**
     * Backfills an index over the whole table, read in {@value #DEFAULT_SCAN_SEGMENTS} parallel Scan segments.
     *
     * @throws IllegalArgumentException naming the declared indexes, when the index is not one of them
     */
    public MassResult backfill(String index, MassOptions options) {
        return backfill(index, MassScope.wholeTable(DEFAULT_SCAN_SEGMENTS), options);
    }

    /**
     * Backfills an index over a scope: the whole table in some number of Scan segments, a subtree, or a query plan
     * (e.g. the items of one tier listed by another index).
     *
     * @throws IllegalArgumentException naming the declared indexes, when the index is not one of them
     */
    public MassResult backfill(String index, MassScope scope, MassOptions options) {
        return CallerLoop.run(loop -> rewrites.backfill(index, scope, options, loop));
    }

    /**
     * Backfills an index over the tiers its membership names only ({@link Membership#types}): the whole table is
     * scanned in {@value #DEFAULT_SCAN_SEGMENTS} segments with a filter on the type field (or, for one tier without
     * a type field, on the key fields its depth has), so only those tiers' items are returned and processed. Use it
     * for a new index or a new tier; after a membership that shrank, backfill the whole table, since the items to
     * leave the index are in other tiers.
     *
     * @throws IllegalArgumentException when the index's membership is not by tier, or its tiers cannot be told by a
     *                                  filter (several tiers and no type field)
     */
    public MassResult backfillTiers(String index, MassOptions options) {
        return backfill(index, MassScope.wholeTable(DEFAULT_SCAN_SEGMENTS), rewrites.onlyTiers(index, options));
    }

    /**
     * Removes attributes the toolkit computed for an index no longer declared (or a membership rule removed with
     * it) from every item of the table that carries them, read in {@value #DEFAULT_SCAN_SEGMENTS} parallel Scan
     * segments. Never runs by itself: provisioning only reports such attributes.
     *
     * @param attributes the attributes to remove, e.g. the key attributes of the retired index
     * @throws IllegalArgumentException when an attribute is one the declaration still uses (keys, type, version,
     *                                  an index's attributes), or lies outside the technical prefix (the
     *                                  application's own data)
     */
    public MassResult removeStale(Collection<String> attributes, MassOptions options) {
        return removeStale(attributes, MassScope.wholeTable(DEFAULT_SCAN_SEGMENTS), options);
    }

    /**
     * Like {@link #removeStale(Collection, MassOptions)} over a scope.
     *
     * @throws IllegalArgumentException as {@link #removeStale(Collection, MassOptions)}
     */
    public MassResult removeStale(Collection<String> attributes, MassScope scope, MassOptions options) {
        return CallerLoop.run(loop -> rewrites.removeStale(attributes, scope, options, loop));
    }
}
