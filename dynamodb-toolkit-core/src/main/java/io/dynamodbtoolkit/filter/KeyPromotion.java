package io.dynamodbtoolkit.filter;

import java.util.List;

import io.dynamodbtoolkit.expression.IndexKeySchema;
import io.dynamodbtoolkit.expression.KeyCondition;

/**
 * A pluggable step of {@link FilterCompiler}: folds filter clauses it understands into the key condition of a
 * Query, before the standard rules run. The key model uses it to map clauses on the components of a structural
 * sort key (e.g. {@code eq-facility=Dallas} where the sort attribute {@code _sk} holds {@code TX|Dallas|...})
 * into a key condition such as {@code begins_with(_sk, "TX|Dallas|")}.
 *
 * <p>A promotion sees every clause still unhandled, and returns the key condition with its clauses folded in
 * together with the clauses it left alone; those go on to later promotions and then to the standard rules.
 */
@FunctionalInterface
public interface KeyPromotion {

    /**
     * The outcome of a promotion.
     *
     * @param keyCondition the key condition, with the promoted clauses folded in
     * @param remaining    the clauses not handled, in their original order (same instances)
     */
    record Result(KeyCondition keyCondition, List<FilterClause> remaining) {
        /**
         * Copies the remaining clauses.
         *
         * @param keyCondition the key condition, with the promoted clauses folded in
         * @param remaining    the clauses not handled
         */
        public Result {
            if (keyCondition == null) {
                throw new IllegalArgumentException("A KeyPromotion must return a key condition");
            }
            remaining = List.copyOf(remaining);
        }

        /**
         * The outcome of a promotion that handled nothing.
         *
         * @param keyCondition the unchanged key condition
         * @param clauses      all clauses
         * @return the result
         */
        public static Result unchanged(KeyCondition keyCondition, List<FilterClause> clauses) {
            return new Result(keyCondition, clauses);
        }
    }

    /**
     * Folds the clauses this promotion handles into the key condition.
     *
     * @param keyCondition the key condition so far
     * @param clauses      the clauses not yet handled
     * @param schema       the key schema of the table or index queried
     * @return the new key condition and the clauses left
     * @throws InvalidFilterException if a clause it owns cannot be promoted
     */
    Result promote(KeyCondition keyCondition, List<FilterClause> clauses, IndexKeySchema schema);
}
