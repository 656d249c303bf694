package io.dynamodbtoolkit.springdata.core;

import io.dynamodbtoolkit.adapter.Adapter;

/**
 * Work done with a template's adapter itself, for what the entity-level operations do not offer (the core's
 * whole-item calls, its own list options); run by {@link DynamoDbToolkitOperations#execute}, which translates its
 * failures into Spring's {@code DataAccessException}s, as {@code KeyValueTemplate.execute} does. The adapter is not
 * confined to the application's scope: the callback names the scope fields itself.
 *
 * @param <R> the result
 */
@FunctionalInterface
public interface AdapterCallback<R> {

    /**
     * @param adapter the template's adapter (of whole items, as the table stores them, or of the adapter's own type)
     * @return the result handed back by {@code execute}
     */
    R doWithAdapter(Adapter<?> adapter);
}
