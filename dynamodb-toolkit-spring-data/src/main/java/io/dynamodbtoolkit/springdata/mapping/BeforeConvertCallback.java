package io.dynamodbtoolkit.springdata.mapping;

import org.springframework.data.mapping.callback.EntityCallback;

/**
 * Called before an entity is converted to attributes for a write (insert, save, replace, patch); auditing runs here.
 * Declare implementations as beans; they apply to the entity types of their type argument.
 *
 * @param <T> the entity type
 */
@FunctionalInterface
public interface BeforeConvertCallback<T> extends EntityCallback<T> {

    /**
     * @param entity the entity about to be written
     * @param table  the table it is written to
     * @return the entity to write (the same one, a modified one or, for immutable types, a new one)
     */
    T onBeforeConvert(T entity, String table);
}
