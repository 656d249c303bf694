package io.dynamodbtoolkit.springdata.core;

import java.util.Map;
import java.util.Objects;
import java.util.Set;

import io.dynamodbtoolkit.springdata.mapping.AfterConvertCallback;
import io.dynamodbtoolkit.springdata.mapping.AfterSaveCallback;
import io.dynamodbtoolkit.springdata.mapping.BeforeConvertCallback;
import io.dynamodbtoolkit.springdata.mapping.BeforeSaveCallback;
import org.jspecify.annotations.Nullable;
import org.springframework.data.mapping.callback.EntityCallbacks;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Invokes the application's entity callbacks around a template's reads and writes. Callback kinds the application
 * has no bean of are skipped without a lookup, so a read without after-convert callbacks costs nothing per item.
 */
final class TemplateCallbacks {

    private final @Nullable EntityCallbacks callbacks;
    private final Set<Class<?>> registered;
    private final String table;

    TemplateCallbacks(@Nullable EntityCallbacks callbacks, Set<Class<?>> registered, String table) {
        this.callbacks = callbacks;
        this.registered = callbacks == null ? Set.of() : Set.copyOf(registered);
        this.table = table;
    }

    /** @return whether the application has callbacks of a kind */
    boolean has(Class<?> kind) {
        return registered.contains(kind);
    }

    <T> T beforeConvert(T entity) {
        return has(BeforeConvertCallback.class) ? registered().callback(BeforeConvertCallback.class, entity, table)
                : entity;
    }

    <T> T beforeSave(T entity, Map<String, AttributeValue> item) {
        return has(BeforeSaveCallback.class) ? registered().callback(BeforeSaveCallback.class, entity, item, table)
                : entity;
    }

    <T> T afterSave(T entity, Map<String, AttributeValue> item) {
        return has(AfterSaveCallback.class) ? registered().callback(AfterSaveCallback.class, entity, item, table)
                : entity;
    }

    <T> T afterConvert(T entity, Map<String, AttributeValue> item) {
        return has(AfterConvertCallback.class) ? registered().callback(AfterConvertCallback.class, entity, item, table)
                : entity;
    }

    /** @return the entity callbacks, which a callback kind is registered only with */
    private EntityCallbacks registered() {
        return Objects.requireNonNull(callbacks, "a callback kind is registered only with the entity callbacks");
    }
}
