package io.dynamodbtoolkit.embedded.engine;

import org.jspecify.annotations.Nullable;

/**
 * Told of every change, in order, while the catalog's write lock is held: items by every write path (single-item
 * writes, batches, transactions) and by time-to-live deletions; tables by the table operations; and the end of each
 * write section ({@link #committed()}).
 */
interface ChangeListener {

    /**
     * An item changed.
     *
     * @param table     its table
     * @param before    the item before, or {@code null} when it was created
     * @param after     the item after, or {@code null} when it was deleted
     * @param byService whether DynamoDB itself made the change (a time-to-live deletion) rather than a client
     */
    void itemChanged(Table table, @Nullable StoredItem before, @Nullable StoredItem after, boolean byService);

    /** A table was created or changed (definition, time to live, tags, stream setting). */
    default void tableChanged(Table table) {
    }

    /** A table was deleted. */
    default void tableDropped(String tableName) {
    }

    /** A write section ended: the changes told since the previous call form one atomic change. */
    default void committed() {
    }
}
