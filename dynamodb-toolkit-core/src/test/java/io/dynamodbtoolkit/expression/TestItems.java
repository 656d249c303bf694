package io.dynamodbtoolkit.expression;

import java.util.LinkedHashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Builds and writes test items from plain Java values. */
public final class TestItems {

    private TestItems() {
    }

    /** An item from alternating attribute names and Java values. */
    public static Map<String, AttributeValue> item(Object... namesAndValues) {
        Map<String, Object> item = new LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            item.put((String) namesAndValues[i], namesAndValues[i + 1]);
        }
        return AttributeValues.toAttributeValue(item).m();
    }

    public static void put(DynamoDbClient client, String table, Object... namesAndValues) {
        client.putItem(b -> b.tableName(table).item(item(namesAndValues)));
    }

    /** An item as plain Java values (numbers as BigDecimal, sets as LinkedHashSet); empty for no item. */
    @SuppressWarnings("unchecked")
    public static Map<String, Object> plain(Map<String, AttributeValue> item) {
        if (item.isEmpty()) {
            return new LinkedHashMap<>();
        }
        return (Map<String, Object>) AttributeValues.toJava(AttributeValue.fromM(item));
    }
}
