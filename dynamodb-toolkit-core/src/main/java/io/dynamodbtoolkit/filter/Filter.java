package io.dynamodbtoolkit.filter;

import java.util.List;
import java.util.Optional;

import io.dynamodbtoolkit.expression.Condition;

/**
 * A parsed filter: the clauses of a request, all to hold together (AND). Immutable; produced by
 * {@link FilterSpec#parse}. For a Scan use {@link #toCondition()}; for a Query compile it with a
 * {@link FilterCompiler}, which moves key-attribute clauses into the key condition.
 */
public final class Filter {

    private static final Filter EMPTY = new Filter(List.of());

    private final List<FilterClause> clauses;

    private Filter(List<FilterClause> clauses) {
        this.clauses = clauses;
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
        return clauses.isEmpty() ? EMPTY : new Filter(List.copyOf(clauses));
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
     * Whether there is no clause.
     *
     * @return {@code true} when empty
     */
    public boolean isEmpty() {
        return clauses.isEmpty();
    }

    /**
     * All clauses as one condition, for a Scan (where every clause is a filter).
     *
     * @return the AND of the clauses, or empty when there is none
     */
    public Optional<Condition> toCondition() {
        if (clauses.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(Condition.allOf(clauses.stream().map(FilterClause::toCondition).toList()));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Filter other && clauses.equals(other.clauses);
    }

    @Override
    public int hashCode() {
        return clauses.hashCode();
    }

    @Override
    public String toString() {
        return "Filter" + clauses;
    }
}
