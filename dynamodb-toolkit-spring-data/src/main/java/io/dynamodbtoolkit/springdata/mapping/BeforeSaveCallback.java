package io.dynamodbtoolkit.springdata.mapping;

import java.util.Map;

import org.springframework.data.mapping.callback.EntityCallback;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Called after an entity was converted and before its attributes are written (insert, save, replace). Changes to the
 * attribute map are written; changes to the entity are not (convert-time changes belong in a
 * {@link BeforeConvertCallback}).
 *
 * @param <T> the entity type
 */
@FunctionalInterface
public interface BeforeSaveCallback<T> extends EntityCallback<T> {

    /**
     * @param entity the entity being written
     * @param item   the attributes about to be written, modifiable
     * @param table  the table
     * @return the entity (handed to the after-save callbacks)
     */
    T onBeforeSave(T entity, Map<String, AttributeValue> item, String table);
}
