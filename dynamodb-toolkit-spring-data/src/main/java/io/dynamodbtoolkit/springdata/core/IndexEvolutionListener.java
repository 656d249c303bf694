package io.dynamodbtoolkit.springdata.core;

import java.util.Collection;

/**
 * Hears the index-evolution runs of templates and repositories ({@code backfillIndex},
 * {@code removeStaleIndexAttributes}) that complete over the whole table: run in no scope (or {@code @Unscoped}),
 * with no filter and no {@code asOf}, and ending with no cursor to resume (a chain of runs resumed by cursor
 * completes with its last run). A run over part of the table (one tenant's subtree, a filter) is not heard, since
 * the rest of the table may still need it. It hears the templates' {@code backfillUnique} too (which always runs
 * over the whole table) when it leaves no row failed or in conflict. Every such bean of the application is told, in
 * order; e.g. the Boot starter's clears the health warning that the index needs a backfill.
 */
public interface IndexEvolutionListener {

    /** A listener that hears nothing. */
    IndexEvolutionListener NONE = new IndexEvolutionListener() {
    };

    /**
     * A backfill of an index completed over the whole table: every item carries what the index computes.
     *
     * @param adapter the adapter's name
     * @param index   the index
     */
    default void backfillCompleted(String adapter, String index) {
    }

    /**
     * A removal of stale computed attributes completed over the whole table: no item carries them any more.
     *
     * @param adapter    the adapter's name
     * @param attributes the attributes removed
     */
    default void staleAttributesRemoved(String adapter, Collection<String> attributes) {
    }

    /**
     * A backfill of a unique field's guards completed over the whole table ({@code backfillUnique}, which always
     * runs over it): no two rows share a value, and every row holding one has its guard, none left failed or in
     * conflict.
     *
     * @param adapter the adapter's name
     * @param field   the unique field
     */
    default void uniqueBackfillCompleted(String adapter, String field) {
    }

    /**
     * @param next the listener to tell after this one
     * @return a listener telling this one, then the next
     */
    default IndexEvolutionListener andThen(IndexEvolutionListener next) {
        if (this == NONE) {
            return next;
        }
        IndexEvolutionListener first = this;
        return next == NONE ? this : new IndexEvolutionListener() {
            @Override
            public void backfillCompleted(String adapter, String index) {
                first.backfillCompleted(adapter, index);
                next.backfillCompleted(adapter, index);
            }

            @Override
            public void staleAttributesRemoved(String adapter, Collection<String> attributes) {
                first.staleAttributesRemoved(adapter, attributes);
                next.staleAttributesRemoved(adapter, attributes);
            }

            @Override
            public void uniqueBackfillCompleted(String adapter, String field) {
                first.uniqueBackfillCompleted(adapter, field);
                next.uniqueBackfillCompleted(adapter, field);
            }
        };
    }
}
