package io.dynamodbtoolkit.adapter;

import java.util.Map;
import java.util.Objects;

import software.amazon.awssdk.enhanced.dynamodb.TableSchema;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** An {@link ItemMapper} over an SDK {@link TableSchema}. */
final class TableSchemaItemMapper<T> implements ItemMapper<T> {

    private final TableSchema<T> schema;

    TableSchemaItemMapper(TableSchema<T> schema) {
        this.schema = Objects.requireNonNull(schema, "schema");
    }

    @Override
    public Map<String, AttributeValue> toAttributes(T item, boolean ignoreNulls) {
        return schema.itemToMap(item, ignoreNulls);
    }

    @Override
    public T fromAttributes(Map<String, AttributeValue> attributes) {
        return schema.mapToItem(attributes);
    }

    @Override
    public String toString() {
        return "TableSchema of " + schema.itemType().rawClass().getName();
    }
}
