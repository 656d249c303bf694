package io.dynamodbtoolkit.mass;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.StoredItemCalls;
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
 * The runs of index evolution ({@link IndexBackfill}, {@link AsyncIndexBackfill}): for each item of a scope, the
 * difference between what it carries and what a fresh write computes, written as one conditional UpdateItem, on
 * whichever calls the adapter's executor makes (blocking or asynchronous).
 */
final class IndexRewrites {

    private final Adapter<?> adapter;
    private final StoredItemCalls<?> calls;
    private final IndexSet indexes;
    private final MassProgressListener listener;

    /**
     * @param adapter  the adapter whose declaration says what each index computes
     * @param calls    the calls the runs make (the adapter's blocking ones, or an asynchronous adapter's)
     * @param listener hears the progress of every run
     */
    IndexRewrites(Adapter<?> adapter, StoredItemCalls<?> calls, MassProgressListener listener) {
        this.adapter = adapter;
        this.calls = calls;
        this.indexes = adapter.declaration().indexes();
        this.listener = listener;
    }

    /** @return a copy reporting to a listener as well */
    IndexRewrites withListener(MassProgressListener progress) {
        return new IndexRewrites(adapter, calls, listener.andThen(Objects.requireNonNull(progress, "progress")));
    }

    /**
     * @param loop where the run's page loop goes on
     * @return the run of {@link IndexBackfill#backfill(String, MassScope, MassOptions)}
     * @throws IllegalArgumentException naming the declared indexes, when the index is not one of them
     */
    CompletableFuture<MassResult> backfill(String index, MassScope scope, MassOptions options, Executor loop) {
        return runner(loop).run(MassRunner.Work.of("backfill:" + index, scope, backfillProcessor(index, options)),
                options);
    }

    /**
     * @return the backfill of an index on each item of a page: the difference between what the item carries and
     *         what a fresh write computes, written as one conditional UpdateItem
     * @throws IllegalArgumentException naming the declared indexes, when the index is not one of them
     */
    PageProcessor backfillProcessor(String index, MassOptions options) {
        List<String> names = List.of(indexes.get(index).name());
        Set<String> watched = indexes.computationAttributes(names);
        AttributeRewrite rewrite = new AttributeRewrite(calls, item -> {
            IndexDrift drift = driftOf(item, index);
            return drift.isEmpty() ? AttributeRewrite.Change.NONE
                    : new AttributeRewrite.Change(drift.toWrite(), drift.toRemove(), watched);
        });
        return processors(options).perItem(rewrite);
    }

    /**
     * @return the options of {@link IndexBackfill#backfillTiers}: these, filtered to the tiers the index's
     *         membership names
     * @throws IllegalArgumentException as {@link IndexBackfill#backfillTiers}
     */
    MassOptions onlyTiers(String index, MassOptions options) {
        return options.withFilter(options.filter().and(tierClauses(indexes.get(index))));
    }

    /**
     * @param loop where the run's page loop goes on
     * @return the run of {@link IndexBackfill#removeStale(Collection, MassScope, MassOptions)}
     * @throws IllegalArgumentException as {@link IndexBackfill#removeStale(Collection, MassOptions)}
     */
    CompletableFuture<MassResult> removeStale(Collection<String> attributes, MassScope scope, MassOptions options,
            Executor loop) {
        List<String> stale = List.copyOf(new LinkedHashSet<>(attributes));
        requireRemovable(stale);
        AttributeRewrite rewrite = new AttributeRewrite(calls, item -> {
            List<String> present = stale.stream().filter(item::containsKey).toList();
            return present.isEmpty() ? AttributeRewrite.Change.NONE
                    : new AttributeRewrite.Change(Map.of(), present, present);
        });
        MassOptions carrying = stale.size() == 1 ? options.withFilter(options.filter().and(
                List.of(new FilterClause(FieldRule.string(stale.get(0)), FilterOperator.EX, List.of(), "")))) : options;
        return runner(loop).run(MassRunner.Work.of("remove-stale", scope, processors(options).perItem(rewrite))
                .towards(new TreeSet<>(stale).toString()), carrying);
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

    /** @return the runner of one run, its page loop going on where {@code loop} says */
    private MassRunner runner(Executor loop) {
        return new MassRunner(calls, adapter.declaration().name(), adapter.table(), listener, MassPacing.UNPACED,
                loop);
    }

    private Processors processors(MassOptions options) {
        return new Processors(calls, new WorkWindow(options.concurrency(), calls));
    }
}
