package io.dynamodbtoolkit.filter;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import io.dynamodbtoolkit.expression.AttributePath;
import io.dynamodbtoolkit.expression.AttributeValues;
import io.dynamodbtoolkit.expression.Condition;
import io.dynamodbtoolkit.expression.IndexKeySchema;
import io.dynamodbtoolkit.expression.InvalidKeyConditionException;
import io.dynamodbtoolkit.expression.KeyAttribute;
import io.dynamodbtoolkit.expression.KeyCondition;
import io.dynamodbtoolkit.expression.SortOperator;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Compiles a {@link Filter} for a Query against the key schema of the table or index queried.
 *
 * <ol>
 *   <li>Each {@link KeyPromotion} (in the order added) may fold clauses into the key condition.</li>
 *   <li>A clause on a sort attribute with eq, lt, le, gt, ge, btw or beg is promoted into the key condition; the
 *       sort attributes then conditioned must be the leading ones of the sort key with no gap, with equalities
 *       on all but the last. At most one clause per sort attribute, and none on a sort attribute the query
 *       already conditions.</li>
 *   <li>An eq clause on a partition attribute must repeat the query's own value and is then redundant.</li>
 *   <li>Any other clause on a key attribute (ne, in, ct, ex, nx, or a range on a partition attribute) is an
 *       error: a Query's FilterExpression never holds key attributes.</li>
 *   <li>Every other clause goes into the FilterExpression.</li>
 * </ol>
 * A search term ({@link Filter#search()}) becomes {@code (contains(#m1, :q) OR contains(#m2, :q) ...)} over the
 * search attributes this compiler is given ({@link #withSearchAttributes}), ANDed with the other filter clauses; the
 * key condition is unchanged. Problems are {@link InvalidFilterException}s naming the clause. For a Scan, where
 * every clause is a filter, use {@link #compileScan}. Immutable.
 */
public final class FilterCompiler {

    private static final FilterCompiler STANDARD = new FilterCompiler(List.of(), List.of());

    private final List<KeyPromotion> promotions;
    private final List<String> searchAttributes;

    private FilterCompiler(List<KeyPromotion> promotions, List<String> searchAttributes) {
        this.promotions = promotions;
        this.searchAttributes = searchAttributes;
    }

    /**
     * The compiler with only the standard rules.
     *
     * @return the compiler
     */
    public static FilterCompiler standard() {
        return STANDARD;
    }

    /**
     * This compiler with one more promotion, tried after the ones already added and before the standard rules.
     *
     * @param promotion the promotion
     * @return the new compiler
     */
    public FilterCompiler withPromotion(KeyPromotion promotion) {
        if (promotion == null) {
            throw new IllegalArgumentException("A KeyPromotion cannot be null");
        }
        List<KeyPromotion> more = new ArrayList<>(promotions);
        more.add(promotion);
        return new FilterCompiler(Collections.unmodifiableList(more), searchAttributes);
    }

    /**
     * This compiler matching search terms against these attributes (the lower-cased mirrors of searchable fields).
     *
     * @param attributes the top-level attribute names, taken literally; empty to refuse search terms
     * @return the new compiler
     */
    public FilterCompiler withSearchAttributes(List<String> attributes) {
        return new FilterCompiler(promotions, List.copyOf(attributes));
    }

    /**
     * Compiles the filter for a Scan, where every clause and the search are filters.
     *
     * @param filter the parsed filter
     * @return the AND of the clauses and the search, or empty when there is none
     * @throws InvalidFilterException when the filter searches and this compiler has no search attributes
     */
    public Optional<Condition> compileScan(Filter filter) {
        Optional<Condition> search = searchCondition(filter);
        if (search.isEmpty()) {
            return filter.toCondition();
        }
        List<Condition> all = new ArrayList<>();
        filter.clauses().forEach(clause -> all.add(clause.toCondition()));
        all.add(search.get());
        return Optional.of(Condition.allOf(all));
    }

    /**
     * Compiles the filter for a Query.
     *
     * @param filter the parsed filter
     * @param base   the query's own key condition (at least the partition equalities)
     * @param schema the key schema of the table or index queried
     * @return the key condition and the filter to send
     * @throws InvalidKeyConditionException if the base key condition does not fit the schema
     * @throws InvalidFilterException       if a clause cannot be placed
     */
    public CompiledQuery compileQuery(Filter filter, KeyCondition base, IndexKeySchema schema) {
        base.validateAgainst(schema);
        KeyCondition keyCondition = base;
        List<FilterClause> remaining = filter.clauses();
        for (KeyPromotion promotion : promotions) {
            KeyPromotion.Result result = promotion.promote(keyCondition, remaining, schema);
            keyCondition = result.keyCondition();
            remaining = result.remaining();
        }
        Set<FilterClause> unhandled = Collections.newSetFromMap(new IdentityHashMap<>());
        unhandled.addAll(remaining);
        List<FilterClause> keyClauses = new ArrayList<>();
        filter.clauses().stream().filter(clause -> !unhandled.contains(clause)).forEach(keyClauses::add);

        Map<String, FilterClause> sortClauses = new LinkedHashMap<>();
        List<FilterClause> filterClauses = new ArrayList<>();
        for (FilterClause clause : remaining) {
            AttributePath path = clause.attribute();
            String name = path.topLevelName();
            if (path.isTopLevel() && schema.isPartitionAttribute(name)) {
                requireRedundantPartitionEquality(clause, keyCondition, schema);
                keyClauses.add(clause);
            } else if (path.isTopLevel() && schema.isSortAttribute(name)) {
                requirePromotableSortClause(clause, keyCondition, sortClauses, schema);
                sortClauses.put(name, clause);
                keyClauses.add(clause);
            } else {
                filterClauses.add(clause);
            }
        }
        if (!sortClauses.isEmpty()) {
            keyCondition = withSortClauses(keyCondition, sortClauses, schema);
        }
        keyCondition.validateAgainst(schema);
        List<Condition> filters = new ArrayList<>();
        filterClauses.forEach(clause -> filters.add(clause.toCondition()));
        searchCondition(filter).ifPresent(filters::add);
        Condition filterCondition = filters.isEmpty() ? null : Condition.allOf(filters);
        return new CompiledQuery(keyCondition, filterCondition, keyClauses, filterClauses);
    }

    /** @return the OR of {@code contains} on every search attribute, when the filter searches */
    private Optional<Condition> searchCondition(Filter filter) {
        return filter.search().map(term -> {
            if (searchAttributes.isEmpty()) {
                throw new InvalidFilterException("Search is not declared here: declare the searchable fields of the"
                        + " adapter (searchable(...), or dynamodb.toolkit.adapters.<name>.searchable)", null, "search",
                        term);
            }
            return Condition.anyOf(searchAttributes.stream()
                    .map(name -> Condition.attribute(AttributePath.of(name)).contains(term)).toList());
        });
    }

    private static void requireRedundantPartitionEquality(FilterClause clause, KeyCondition keyCondition,
                                                          IndexKeySchema schema) {
        String name = clause.attribute().topLevelName();
        if (clause.operator() != FilterOperator.EQ) {
            throw reject(clause, "'" + name + "' is a partition attribute of " + schema.description()
                    + ": a Query selects one partition by equality, so " + clause.operator().token()
                    + " cannot apply to it (and key attributes never go into a FilterExpression)");
        }
        AttributeValue required = keyCondition.partitionValue(name).orElseThrow(() -> reject(clause,
                "the key condition has no value for the partition attribute '" + name + "'"));
        if (!AttributeValues.sameValue(required, clause.value())) {
            throw reject(clause, "'" + name + "' is the partition attribute of " + schema.description()
                    + " and this query reads the partition " + AttributeValues.show(required)
                    + "; a clause asking for another partition cannot be satisfied. Query that partition instead");
        }
    }

    private static void requirePromotableSortClause(FilterClause clause, KeyCondition keyCondition,
                                                    Map<String, FilterClause> sortClauses, IndexKeySchema schema) {
        String name = clause.attribute().topLevelName();
        FilterOperator operator = clause.operator();
        if (sortOperator(operator) == null && operator != FilterOperator.EQ) {
            throw reject(clause, "'" + name + "' is a sort attribute of " + schema.description() + "; "
                    + operator.token()
                    + " cannot go into a key condition, and key attributes never go into a Query's FilterExpression."
                    + " Use eq, lt, le, gt, ge, btw or beg on it");
        }
        FilterClause earlier = sortClauses.get(name);
        if (earlier != null) {
            throw reject(clause, "'" + name + "' is a sort attribute of " + schema.description()
                    + " and already has the"
                    + " clause " + earlier + "; a key condition takes one condition per sort attribute (use btw for"
                    + " a range with two bounds)");
        }
        if (keyCondition.attributes().contains(name)) {
            throw reject(clause, "'" + name + "' is a sort attribute of " + schema.description() + " that this query"
                    + " already conditions (" + keyCondition + "); a key condition takes one condition per sort"
                    + " attribute");
        }
        AttributeValue sample = clause.value();
        KeyAttribute attribute = schema.keyAttribute(name).orElseThrow();
        if (!attribute.type().toString().equals(sample.type().toString())) {
            throw reject(clause, "'" + name + "' is a sort attribute of type " + attribute.type() + " in "
                    + schema.description() + ", but the field '" + clause.field() + "' is declared "
                    + clause.rule().type() + "; declare the FieldRule with the key attribute's type");
        }
    }

    /** Rebuilds the sort part of the key condition in key order, with the promoted clauses added. */
    private static KeyCondition withSortClauses(KeyCondition keyCondition, Map<String, FilterClause> sortClauses,
                                                IndexKeySchema schema) {
        Map<String, KeyCondition.SortRange> ranges = new LinkedHashMap<>();
        Map<String, AttributeValue> equalities = new LinkedHashMap<>();
        keyCondition.sortEqualities().forEach(e -> equalities.put(e.attribute(), e.value()));
        keyCondition.sortRange().ifPresent(r -> ranges.put(r.attribute(), r));
        sortClauses.forEach((name, clause) -> {
            SortOperator operator = sortOperator(clause.operator());
            if (operator == null) {
                equalities.put(name, clause.value());
            } else {
                ranges.put(name, new KeyCondition.SortRange(name, operator, clause.values()));
            }
        });
        List<KeyAttribute> sortKey = schema.sortAttributes();
        int conditioned = equalities.size() + ranges.size();
        KeyCondition rebuilt = keyCondition.withoutSortConditions();
        for (int i = 0; i < conditioned; i++) {
            String name = sortKey.get(i).name();
            FilterClause source = sortClauses.get(name);
            try {
                if (equalities.containsKey(name)) {
                    rebuilt = rebuilt.eq(name, equalities.get(name));
                } else if (ranges.containsKey(name)) {
                    if (i != conditioned - 1) {
                        String later = sortKey.get(i + 1).name();
                        throw reject(source != null ? source : Objects.requireNonNull(sortClauses.get(later),
                                "a range before a later condition came from a clause"), "The sort key of "
                                + schema.description() + " is (" + KeyAttribute.names(sortKey)
                                + "): only the last conditioned"
                                + " attribute may have a range, but '" + name + "' has " + ranges.get(name).operator()
                                + " while '" + later + "' after it is conditioned too. Use eq on '" + name + "'");
                    }
                    KeyCondition.SortRange range = ranges.get(name);
                    rebuilt = rebuilt.range(name, range.operator(), range.values().toArray());
                } else {
                    String gap = "The sort key of " + schema.description() + " is (" + KeyAttribute.names(sortKey)
                            + "): its attributes are conditioned left to right with no gap, so ";
                    FilterClause later = sortClauses.values().stream()
                            .filter(c -> KeyAttribute.indexOf(sortKey, c.attribute().topLevelName())
                                    > KeyAttribute.indexOf(sortKey, name))
                            .findFirst().orElse(null);
                    if (later == null) {
                        throw new InvalidKeyConditionException(gap + "'" + name + "' needs a condition");
                    }
                    throw reject(later, gap + later + " needs a clause on '" + name + "' too (eq-" + name + "=...)");
                }
            } catch (InvalidKeyConditionException e) {
                FilterClause culprit = source != null ? source : sortClauses.values().iterator().next();
                throw reject(culprit, e.getMessage());
            }
        }
        return rebuilt;
    }

    private static @Nullable SortOperator sortOperator(FilterOperator operator) {
        return switch (operator) {
            case LT -> SortOperator.LT;
            case LE -> SortOperator.LE;
            case GT -> SortOperator.GT;
            case GE -> SortOperator.GE;
            case BTW -> SortOperator.BETWEEN;
            case BEG -> SortOperator.BEGINS_WITH;
            default -> null;
        };
    }

    private static InvalidFilterException reject(FilterClause clause, @Nullable String reason) {
        return new InvalidFilterException("Filter clause " + clause + " cannot be used: " + reason, clause.field(),
                clause.operator().token(), clause.rawValue());
    }


}
