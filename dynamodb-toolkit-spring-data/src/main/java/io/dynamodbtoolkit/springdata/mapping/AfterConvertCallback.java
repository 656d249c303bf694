package io.dynamodbtoolkit.springdata.mapping;

import java.util.Map;

import org.springframework.data.mapping.callback.EntityCallback;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Called after an entity was read and converted from its stored attributes (every read: by key, subtree, query).
 *
 * @param <T> the entity type
 */
@FunctionalInterface
public interface AfterConvertCallback<T> extends EntityCallback<T> {

    /**
     * @param entity the entity read
     * @param item   the attributes it was read from
     * @param table  the table
     * @return the entity handed to the caller
     */
    T onAfterConvert(T entity, Map<String, AttributeValue> item, String table);
}
