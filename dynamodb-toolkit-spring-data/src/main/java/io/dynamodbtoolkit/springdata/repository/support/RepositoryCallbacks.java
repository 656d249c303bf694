package io.dynamodbtoolkit.springdata.repository.support;

import java.util.Map;

import io.dynamodbtoolkit.springdata.mapping.AfterConvertCallback;
import io.dynamodbtoolkit.springdata.mapping.AfterSaveCallback;
import io.dynamodbtoolkit.springdata.mapping.BeforeConvertCallback;
import io.dynamodbtoolkit.springdata.mapping.BeforeSaveCallback;
import org.springframework.data.mapping.callback.EntityCallbacks;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Invokes the application's entity callbacks around a repository's reads and writes (nothing without any). */
final class RepositoryCallbacks {

    private final EntityCallbacks callbacks;
    private final String table;

    RepositoryCallbacks(EntityCallbacks callbacks, String table) {
        this.callbacks = callbacks;
        this.table = table;
    }

    <T> T beforeConvert(T entity) {
        return callbacks == null ? entity : callbacks.callback(BeforeConvertCallback.class, entity, table);
    }

    <T> T beforeSave(T entity, Map<String, AttributeValue> item) {
        return callbacks == null ? entity : callbacks.callback(BeforeSaveCallback.class, entity, item, table);
    }

    <T> T afterSave(T entity, Map<String, AttributeValue> item) {
        return callbacks == null ? entity : callbacks.callback(AfterSaveCallback.class, entity, item, table);
    }

    <T> T afterConvert(T entity, Map<String, AttributeValue> item) {
        return callbacks == null ? entity : callbacks.callback(AfterConvertCallback.class, entity, item, table);
    }
}
