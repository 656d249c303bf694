package io.dynamodbtoolkit.adapter;

import java.util.Map;

import software.amazon.awssdk.enhanced.dynamodb.TableSchema;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Converts between an adapter's item type and DynamoDB attribute maps. Usually made from an SDK
 * {@link TableSchema} ({@link #of(TableSchema)}: bean, immutable, static or document schemas all work), or the
 * untyped {@link #documents()} mode; the Spring Data module supplies one from its mapping metadata.
 *
 * @param <T> the item type
 */
public interface ItemMapper<T> {

    /**
     * @param item        the item
     * @param ignoreNulls whether null properties are left out (partial items, as for patches) rather than
     *                    written as DynamoDB nulls
     * @return the item's attributes
     */
    Map<String, AttributeValue> toAttributes(T item, boolean ignoreNulls);

    /** @return the item the attributes describe */
    T fromAttributes(Map<String, AttributeValue> attributes);

    /** @return a mapper delegating to an SDK table schema */
    static <T> ItemMapper<T> of(TableSchema<T> schema) {
        return new TableSchemaItemMapper<>(schema);
    }

    /**
     * @return the untyped mode: items are {@code Map<String, Object>} with Java values (strings, BigDecimal
     *         numbers, booleans, byte arrays, lists, maps, sets), converted by
     *         {@link io.dynamodbtoolkit.expression.AttributeValues}
     */
    static ItemMapper<Map<String, Object>> documents() {
        return DocumentItemMapper.INSTANCE;
    }

    /**
     * @return the identity mapper: items are the attribute maps themselves (for generic tools such as mass operations)
     */
    static ItemMapper<Map<String, AttributeValue>> attributes() {
        return AttributeItemMapper.INSTANCE;
    }
}
