package io.dynamodbtoolkit.embedded.engine;

import org.jspecify.annotations.Nullable;

/** Tells a {@link StateListener} of the catalog's changes, in its public terms. */
final class StateBridge implements ChangeListener {

    private final StateListener listener;

    StateBridge(StateListener listener) {
        this.listener = listener;
    }

    static TableMetadata metadata(Table table) {
        TableStream stream = table.latestStream();
        StreamSpecification setting = stream != null && stream.enabled()
                ? new StreamSpecification(true, stream.viewType()) : new StreamSpecification(false, null);
        return new TableMetadata(table.definition(), table.timeToLive(), table.tags(), setting);
    }

    @Override
    public void itemChanged(Table table, @Nullable StoredItem before, @Nullable StoredItem after, boolean byService) {
        if (after != null) {
            listener.itemSaved(table.name(), after.attributes());
        } else if (before != null) {
            listener.itemDropped(table.name(), table.keyOf(before.attributes()));
        }
    }

    @Override
    public void tableChanged(Table table) {
        listener.tableSaved(metadata(table));
    }

    @Override
    public void tableDropped(String tableName) {
        listener.tableDropped(tableName);
    }

    @Override
    public void committed() {
        listener.committed();
    }
}
