package io.dynamodbtoolkit.mass;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.Executor;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.StoredItemCalls;
import io.dynamodbtoolkit.adapter.StoredItems;
import io.dynamodbtoolkit.filter.FieldRule;
import io.dynamodbtoolkit.filter.FilterClause;
import io.dynamodbtoolkit.filter.FilterOperator;
import io.dynamodbtoolkit.index.IndexDeclaration;
import io.dynamodbtoolkit.index.IndexDrift;
import io.dynamodbtoolkit.index.IndexSet;
import io.dynamodbtoolkit.index.Membership;
import io.dynamodbtoolkit.key.KeyModel;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Index evolution: brings the attributes the toolkit computes for an index (markers, their shards, composite keys,
 * membership) onto the items written before the index was declared or its declaration changed, and removes those
 * of an index no longer declared. DynamoDB builds a new global index from the attributes items carry, so without a
 * backfill an index keyed on a computed attribute stays empty for every older item.
 *
 * <p>A backfill is a mass run: by default over the whole table as parallel Scan segments (each resuming from its
 * own position in the cursor), or over any {@link MassScope}, or over the tiers the index's membership names. For
 * each item it compares what the item carries with what a fresh write computes from its attributes
 * ({@link IndexSet#driftOf}) and writes only the difference (one UpdateItem), on the condition that the attributes
 * the computation reads and writes are still as read; an item changed meanwhile is read again and recomputed, an
 * item that needs nothing is skipped. So application writes may go on during a backfill, provided every instance
 * already runs the new declaration (an instance on the old one writes items without the new attributes). The
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
 * all of them), every item entering or leaving an index when its membership changes.
 */
public final class IndexBackfill {

    /** The parallel Scan segments of a whole-table backfill unless a scope says otherwise. */
    public static final int DEFAULT_SCAN_SEGMENTS = 4;

    private final Adapter<?> adapter;
    private final StoredItems<?> stored;
    private final IndexSet indexes;
    private final MassProgressListener listener;
    private final StoredItemCalls<?> calls;

    private IndexBackfill(Adapter<?> adapter, MassProgressListener listener) {
        this.adapter = adapter;
        this.calls = adapter.stored().calls();
        this.stored = calls.stored();
        this.indexes = adapter.declaration().indexes();
        this.listener = listener;
    }

    /** @return the index backfill of an adapter */
    public static IndexBackfill of(Adapter<?> adapter) {
        return new IndexBackfill(Objects.requireNonNull(adapter, "adapter"), MassProgressListener.NONE);
    }

    /**
     * @param progress hears the progress of every run of the copy (e.g. gauges), besides each run's own listener
     * @return a copy reporting to a listener as well
     */
    public IndexBackfill withListener(MassProgressListener progress) {
        return new IndexBackfill(adapter, listener.andThen(Objects.requireNonNull(progress, "progress")));
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
        List<String> names = List.of(indexes.get(index).name());
        Set<String> watched = indexes.computationAttributes(names);
        AttributeRewrite rewrite = new AttributeRewrite(calls, item -> {
            IndexDrift drift = driftOf(item, index);
            return drift.isEmpty() ? AttributeRewrite.Change.NONE
                    : new AttributeRewrite.Change(drift.toWrite(), drift.toRemove(), watched);
        });
        return CallerLoop.run(loop -> runner(loop).run(MassRunner.Work.of("backfill:" + index, scope,
                processors(options).perItem(rewrite)), options));
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
        return backfill(index, MassScope.wholeTable(DEFAULT_SCAN_SEGMENTS),
                options.withFilter(options.filter().and(tierClauses(indexes.get(index)))));
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
        List<String> stale = List.copyOf(new LinkedHashSet<>(attributes));
        requireRemovable(stale);
        AttributeRewrite rewrite = new AttributeRewrite(calls, item -> {
            List<String> present = stale.stream().filter(item::containsKey).toList();
            return present.isEmpty() ? AttributeRewrite.Change.NONE
                    : new AttributeRewrite.Change(Map.of(), present, present);
        });
        MassOptions carrying = stale.size() == 1 ? options.withFilter(options.filter().and(
                List.of(new FilterClause(FieldRule.string(stale.get(0)), FilterOperator.EX, List.of(), "")))) : options;
        return CallerLoop.run(loop -> runner(loop).run(MassRunner.Work.of("remove-stale", scope,
                processors(options).perItem(rewrite)), carrying));
    }

    private IndexDrift driftOf(Map<String, AttributeValue> item, String index) {
        try {
            return indexes.driftOf(item, List.of(index));
        } catch (RuntimeException e) {
            throw new IllegalStateException("Index '" + index + "' cannot be computed for this item, and a write of "
                    + "it would fail the same way: " + e.getMessage() + "; correct the item, then resume with the "
                    + "cursor", e);
        }
    }

    private void requireRemovable(List<String> attributes) {
        if (attributes.isEmpty()) {
            throw new IllegalArgumentException("Name the attributes to remove");
        }
        Set<String> declared = adapter.declaration().declaredAttributes();
        KeyModel keys = adapter.keys();
        for (String attribute : attributes) {
            if (declared.contains(attribute)) {
                throw new IllegalArgumentException("Attribute '" + attribute + "' is still used by the declaration "
                        + "of adapter '" + adapter.declaration().name() + "', so it is not stale; name only the "
                        + "attributes of indexes no longer declared");
            }
            if (keys.technicalPrefix().isPresent() && !keys.isTechnical(attribute)) {
                throw new IllegalArgumentException("Attribute '" + attribute + "' is outside the technical prefix \""
                        + keys.technicalPrefix().get() + "\": it is the application's data, not an attribute the "
                        + "toolkit computed, so it is not removed here");
            }
        }
    }

    /** @return filter clauses that hold for the items of the tiers an index's membership names, and no other */
    private List<FilterClause> tierClauses(IndexDeclaration index) {
        if (!(index.membership() instanceof Membership.Types types)) {
            throw new IllegalArgumentException(index + " does not restrict its membership to tiers "
                    + "(Membership.types), so every item may belong: backfill the whole table");
        }
        KeyModel keys = adapter.keys();
        if (keys.typeField().isPresent()) {
            List<AttributeValue> labels = types.labels().stream().sorted().map(AttributeValue::fromS).toList();
            return List.of(new FilterClause(FieldRule.string(keys.typeField().get()), FilterOperator.IN, labels,
                    String.join(",", types.labels())));
        }
        if (types.labels().size() == 1 && keys.typeDiscriminator().isEmpty()) {
            int depth = keys.typeLabels().indexOf(types.labels().iterator().next()) + 1;
            List<FilterClause> clauses = new ArrayList<>();
            clauses.add(new FilterClause(FieldRule.string(keys.keyField(depth - 1).name()), FilterOperator.EX,
                    List.of(), ""));
            if (depth < keys.keyFields().size()) {
                clauses.add(new FilterClause(FieldRule.string(keys.keyField(depth).name()), FilterOperator.NX,
                        List.of(), ""));
            }
            return clauses;
        }
        throw new IllegalArgumentException(index + " has members in tiers " + types.labels() + " that a filter "
                + "cannot tell without a type field: declare a type-field, or backfill the whole table");
    }


    /** @return the runner of one run, its page loop going on in the caller's thread */
    private MassRunner runner(Executor loop) {
        return new MassRunner(calls, adapter.declaration().name(), adapter.table(), listener, MassPacing.UNPACED,
                loop);
    }

    private Processors processors(MassOptions options) {
        return new Processors(calls, new WorkWindow(options.concurrency(), calls));
    }
}
