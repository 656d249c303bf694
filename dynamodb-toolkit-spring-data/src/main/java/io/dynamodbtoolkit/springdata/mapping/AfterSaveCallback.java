package io.dynamodbtoolkit.springdata.mapping;

import java.util.Map;

import org.springframework.data.mapping.callback.EntityCallback;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Called after a write succeeded, with the entity as written (its new version included).
 *
 * @param <T> the entity type
 */
@FunctionalInterface
public interface AfterSaveCallback<T> extends EntityCallback<T> {

    /**
     * @param entity the entity as written
     * @param item   the attributes written
     * @param table  the table
     * @return the entity returned to the caller
     */
    T onAfterSave(T entity, Map<String, AttributeValue> item, String table);
}
