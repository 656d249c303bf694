package io.dynamodbtoolkit.embedded.engine;

/**
 * Told of every committed change of an item, in commit order, while the catalog's write lock is held: by every
 * write path (single-item writes, batches, transactions) and by time-to-live deletions.
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
    void itemChanged(Table table, StoredItem before, StoredItem after, boolean byService);
}
