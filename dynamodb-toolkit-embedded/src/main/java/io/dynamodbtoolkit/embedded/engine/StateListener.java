package io.dynamodbtoolkit.embedded.engine;

import io.dynamodbtoolkit.embedded.model.AttributeValue;

import java.util.Map;

/**
 * Told of every change of the engine's durable state, in order, while the change is made (before it is answered):
 * tables created, changed or deleted, items written or deleted. {@link #committed()} ends each atomic group (one
 * request's writes, a whole transaction), so that a group can be kept or lost as a whole. Used to persist the
 * engine; also the shape in which a state is exported and restored.
 */
public interface StateListener {

    /** A table was created or changed (definition, time to live, tags, stream setting). */
    void tableSaved(TableMetadata table);

    /** A table was deleted. */
    void tableDropped(String tableName);

    /** An item was written (created or replaced): its whole new value. */
    void itemSaved(String tableName, Map<String, AttributeValue> item);

    /** An item was deleted: its key. */
    void itemDropped(String tableName, Map<String, AttributeValue> key);

    /** Everything told since the previous call belongs to one atomic change. */
    void committed();
}
