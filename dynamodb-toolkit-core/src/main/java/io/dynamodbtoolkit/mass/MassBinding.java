package io.dynamodbtoolkit.mass;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.dynamodbtoolkit.adapter.QueryPlan;
import io.dynamodbtoolkit.expression.KeyCondition;
import io.dynamodbtoolkit.filter.Filter;
import io.dynamodbtoolkit.filter.FilterClause;
import io.dynamodbtoolkit.key.KeyModel;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What the cursor of a mass operation's run is bound to, as one canonical text: a cursor minted under one binding is
 * refused under any other (see {@link MassCursor}), before the run reads or writes anything. The binding holds
 * <ul>
 * <li>the operation ({@code delete}, {@code clone}, {@code move}, {@code edit}, {@code backfill:<index>},
 * {@code remove-stale}), its order (leaves first or not) and its per-item conditions;</li>
 * <li>the adapter: its name, its table and its key design;</li>
 * <li>the scope: the whole table and its Scan segments, or the index and every key condition of the query plan,
 * values included, so the subtree (or partial, or index key) and the tenant a scope puts in the keys;</li>
 * <li>the filter, an {@code asOf} freeze included;</li>
 * <li>the target of a copy or move made by a {@link PrefixSwap}, or the attributes a rewrite removes, and the
 * description of a caller's own transform the caller gives ({@link MassOptions#withTarget}; a transform itself
 * cannot be described, so without one the caller keeps it the same between runs).</li>
 * </ul>
 * Every part is written with its length first, so no two bindings read the same.
 */
final class MassBinding {

    private final StringBuilder text = new StringBuilder(256);

    private MassBinding() {
    }

    /**
     * @param adapter the adapter's name
     * @param table   its table
     * @param keys    its key design
     * @param work    what the run does (operation, scope, order, target)
     * @param options the run's options, the {@code asOf} freeze already in the filter
     * @return the binding of the run's cursors
     */
    static String of(String adapter, String table, KeyModel keys, MassRunner.Work work, MassOptions options) {
        MassBinding binding = new MassBinding();
        binding.part("operation", work.operation()).part("descending", String.valueOf(work.descending()))
                .part("conditional", options.conditional().name())
                .part("adapter", adapter).part("table", table).part("keys", keys.toString());
        binding.scope(work.scope());
        binding.filter(options.filter());
        return binding.part("target", work.target()).part("described-target", options.target()).text.toString();
    }

    /** @return what a transform targets, as a binding names it: a prefix swap's prefixes, else nothing */
    static String targetOf(Object transform) {
        if (!(transform instanceof PrefixSwap swap)) {
            return "";
        }
        MassBinding target = new MassBinding();
        target.keyValues("from", swap.from()).keyValues("to", swap.to());
        return target.text.toString();
    }

    private MassBinding keyValues(String name, Map<String, AttributeValue> values) {
        part(name, "");
        new TreeMap<>(values).forEach((attribute, value) -> part("equals", attribute).part("value", value.toString()));
        return this;
    }

    private void scope(MassScope scope) {
        if (scope.isWholeTable()) {
            part("scan-segments", String.valueOf(scope.scanSegments()));
            return;
        }
        QueryPlan plan = scope.requirePlan();
        part("index", String.valueOf(plan.indexName())).part("merged", String.valueOf(plan.merged()));
        for (KeyCondition segment : plan.segments()) {
            part("segment", "");
            equalities(segment.partitionEqualities());
            equalities(segment.sortEqualities());
            segment.sortRange().ifPresent(range -> {
                part("range", range.attribute()).part("operator", range.operator().name());
                values(range.values());
            });
        }
    }

    private void equalities(List<KeyCondition.KeyEquality> equalities) {
        for (KeyCondition.KeyEquality equality : equalities) {
            part("equals", equality.attribute()).part("value", equality.value().toString());
        }
    }

    private void filter(Filter filter) {
        for (FilterClause clause : filter.clauses()) {
            part("clause", clause.field()).part("attribute", clause.attribute().toString())
                    .part("operator", clause.operator().name());
            values(clause.values());
        }
        filter.search().ifPresent(term -> part("search", term));
    }

    private void values(List<AttributeValue> values) {
        values.forEach(value -> part("value", value.toString()));
    }

    private MassBinding part(String name, String value) {
        text.append(name).append(':').append(value.length()).append(':').append(value).append(';');
        return this;
    }
}
