package io.dynamodbtoolkit.filter;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

import io.dynamodbtoolkit.expression.Condition;
import org.jspecify.annotations.Nullable;

/**
 * A parsed filter: the clauses of a request, all to hold together (AND), and optionally a search term (a
 * case-insensitive substring of any searchable field, see {@link #withSearch}). Immutable; produced by
 * {@link FilterSpec#parse}. Compile it with a {@link FilterCompiler}: for a Query it moves key-attribute clauses into
 * the key condition; a search term needs a compiler that knows the searchable attributes. Without a search term,
 * {@link #toCondition()} gives the condition of a Scan too.
 */
public final class Filter {

    private static final Filter EMPTY = new Filter(List.of(), null);

    private final List<FilterClause> clauses;
    private final @Nullable String search;

    private Filter(List<FilterClause> clauses, @Nullable String search) {
        this.clauses = clauses;
        this.search = search;
    }

    /**
     * The filter with no clause.
     *
     * @return the empty filter
     */
    public static Filter empty() {
        return EMPTY;
    }

    /**
     * A filter of these clauses.
     *
     * @param clauses the clauses
     * @return the filter
     */
    public static Filter of(List<FilterClause> clauses) {
        return clauses.isEmpty() ? EMPTY : new Filter(List.copyOf(clauses), null);
    }

    /**
     * This filter with more clauses, all to hold together with its own; the search term is kept.
     *
     * @param more the clauses to add
     * @return the new filter
     */
    public Filter and(List<FilterClause> more) {
        if (more.isEmpty()) {
            return this;
        }
        List<FilterClause> all = new ArrayList<>(clauses);
        all.addAll(more);
        return new Filter(List.copyOf(all), search);
    }

    /**
     * This filter with a search term: an item matches when the term, lower-cased, is a substring of the lower-cased
     * value of any of the adapter's searchable fields (an OR of {@code contains} on their search mirrors, ANDed with
     * the clauses). A null or empty term means no search.
     *
     * @param term the term, matched case-insensitively
     * @return the new filter
     */
    public Filter withSearch(@Nullable String term) {
        String normalized = term == null || term.isEmpty() ? null : term.toLowerCase(Locale.ROOT);
        if (Objects.equals(normalized, search)) {
            return this;
        }
        return clauses.isEmpty() && normalized == null ? EMPTY : new Filter(clauses, normalized);
    }

    /**
     * The search term, lower-cased.
     *
     * @return the term, or empty when the filter does not search
     */
    public Optional<String> search() {
        return Optional.ofNullable(search);
    }

    /**
     * The clauses, in the order parsed.
     *
     * @return an unmodifiable list
     */
    public List<FilterClause> clauses() {
        return clauses;
    }

    /**
     * Whether there is neither a clause nor a search term.
     *
     * @return {@code true} when empty
     */
    public boolean isEmpty() {
        return clauses.isEmpty() && search == null;
    }

    /**
     * All clauses as one condition, for a Scan (where every clause is a filter).
     *
     * @return the AND of the clauses, or empty when there is none
     * @throws IllegalStateException when the filter searches: compile it with {@link FilterCompiler#compileScan}
     */
    public Optional<Condition> toCondition() {
        if (search != null) {
            throw new IllegalStateException("A filter with a search term needs the searchable attributes: compile it"
                    + " with a FilterCompiler that knows them (FilterCompiler.withSearchAttributes)");
        }
        if (clauses.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(Condition.allOf(clauses.stream().map(FilterClause::toCondition).toList()));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Filter other && clauses.equals(other.clauses) && Objects.equals(search, other.search);
    }

    @Override
    public int hashCode() {
        return Objects.hash(clauses, search);
    }

    @Override
    public String toString() {
        return "Filter" + clauses + (search == null ? "" : " search '" + search + "'");
    }
}
