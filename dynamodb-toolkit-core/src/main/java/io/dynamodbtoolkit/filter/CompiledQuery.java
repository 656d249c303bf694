package io.dynamodbtoolkit.filter;

import java.util.List;
import java.util.Optional;

import io.dynamodbtoolkit.expression.Condition;
import io.dynamodbtoolkit.expression.ExpressionRequest;
import io.dynamodbtoolkit.expression.KeyCondition;
import org.jspecify.annotations.Nullable;

/**
 * A filter compiled for a Query: the key condition with the promoted clauses folded in, and the
 * FilterExpression built from the rest.
 */
public final class CompiledQuery {

    private final KeyCondition keyCondition;
    private final @Nullable Condition filter;
    private final List<FilterClause> keyClauses;
    private final List<FilterClause> filterClauses;

    CompiledQuery(KeyCondition keyCondition, @Nullable Condition filter, List<FilterClause> keyClauses,
                  List<FilterClause> filterClauses) {
        this.keyCondition = keyCondition;
        this.filter = filter;
        this.keyClauses = List.copyOf(keyClauses);
        this.filterClauses = List.copyOf(filterClauses);
    }

    /**
     * The key condition to send.
     *
     * @return the key condition
     */
    public KeyCondition keyCondition() {
        return keyCondition;
    }

    /**
     * The filter to send, if any clause remained a filter.
     *
     * @return the FilterExpression condition
     */
    public Optional<Condition> filter() {
        return Optional.ofNullable(filter);
    }

    /**
     * The clauses the key condition takes care of: promoted into it, or redundant with it (an {@code eq} on the
     * partition attribute with the query's own value).
     *
     * @return an unmodifiable list
     */
    public List<FilterClause> keyClauses() {
        return keyClauses;
    }

    /**
     * The clauses in the FilterExpression.
     *
     * @return an unmodifiable list
     */
    public List<FilterClause> filterClauses() {
        return filterClauses;
    }

    /**
     * An {@link ExpressionRequest} with this key condition and filter, to add a projection to and apply.
     *
     * @return the request expressions
     */
    public ExpressionRequest toRequest() {
        return ExpressionRequest.create().keyCondition(keyCondition).filter(filter);
    }

    @Override
    public String toString() {
        return "CompiledQuery[" + keyCondition + ", filter " + filterClauses + "]";
    }
}
