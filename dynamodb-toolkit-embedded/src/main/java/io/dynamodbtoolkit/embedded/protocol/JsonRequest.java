package io.dynamodbtoolkit.embedded.protocol;

import io.dynamodbtoolkit.embedded.error.DynamoDbException;
import io.dynamodbtoolkit.embedded.model.AttributeValue;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/** Typed access to the fields of a request body (or of an object inside it), failing as DynamoDB fails. */
final class JsonRequest {

    private static final Pattern TABLE_NAME = Pattern.compile("[a-zA-Z0-9_.-]+");

    private final JsonNode node;
    private final String region;
    private final @Nullable String host;

    JsonRequest(@Nullable JsonNode node, String region, @Nullable String host) {
        if (node == null || !node.isObject()) {
            throw AttributeValueCodec.serialization("Start of structure or map found where not expected.");
        }
        this.node = node;
        this.region = region;
        this.host = host;
    }

    /** The region the client signed for (tables are shared across regions; it only appears in ARNs). */
    String region() {
        return region;
    }

    /** The Host header the client sent (the address it reached this server at), or {@code null}. */
    @Nullable String host() {
        return host;
    }

    /** Another object of the same request (a nested structure), as a request. */
    JsonRequest nested(@Nullable JsonNode value) {
        return new JsonRequest(value, region, host);
    }

    JsonNode node() {
        return node;
    }

    boolean has(String field) {
        JsonNode value = node.get(field);
        return value != null && !value.isNull();
    }

    /** A nested object as a request, or {@code null}. */
    @Nullable JsonRequest object(String field) {
        return has(field) ? nested(node.get(field)) : null;
    }

    @Nullable String string(String field) {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isString()) {
            throw AttributeValueCodec.serialization("Unexpected value type for " + field + ": expected a string");
        }
        return value.stringValue();
    }

    String requiredString(String field, String parameterName) {
        String value = string(field);
        if (value == null) {
            throw DynamoDbException.validation("1 validation error detected: Value null at '" + parameterName
                    + "' failed to satisfy constraint: Member must not be null");
        }
        return value;
    }

    /** TableName, required and checked against DynamoDB's naming rules. */
    String tableName() {
        return checkedName(requiredString("TableName", "tableName"), "tableName");
    }

    /** IndexName, optional and checked against DynamoDB's naming rules. */
    @Nullable String indexName() {
        String name = string("IndexName");
        return name == null ? null : checkedName(name, "indexName");
    }

    private static String checkedName(String name, String parameter) {
        if (name.length() < 3) {
            throw DynamoDbException.validation("1 validation error detected: Value '" + name + "' at '" + parameter
                    + "' failed to satisfy constraint: Member must have length greater than or equal to 3");
        }
        if (name.length() > 255) {
            throw DynamoDbException.validation("1 validation error detected: Value '" + name + "' at '" + parameter
                    + "' failed to satisfy constraint: Member must have length less than or equal to 255");
        }
        if (!TABLE_NAME.matcher(name).matches()) {
            throw DynamoDbException.validation("1 validation error detected: Value '" + name + "' at '" + parameter
                    + "' failed to satisfy constraint: Member must satisfy regular expression pattern: "
                    + "[a-zA-Z0-9_.-]+");
        }
        return name;
    }

    boolean bool(String field, boolean defaultValue) {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            return defaultValue;
        }
        if (!value.isBoolean()) {
            throw AttributeValueCodec.serialization("Unexpected value type for " + field + ": expected a boolean");
        }
        return value.booleanValue();
    }

    @Nullable Integer integer(String field) {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isIntegralNumber() || !value.canConvertToInt()) {
            throw AttributeValueCodec.serialization("Unexpected value type for " + field + ": expected an integer");
        }
        return value.intValue();
    }

    @Nullable Long longValue(String field) {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isIntegralNumber()) {
            throw AttributeValueCodec.serialization("Unexpected value type for " + field + ": expected an integer");
        }
        return value.longValue();
    }

    /** An enumerated string field, checked against the allowed values with DynamoDB's message, or the default. */
    <E extends Enum<E>> E enumValue(String field, String parameterName, Class<E> type, E defaultValue) {
        E value = optionalEnumValue(field, parameterName, type);
        return value == null ? defaultValue : value;
    }

    /** An enumerated string field, checked against the allowed values with DynamoDB's message, or null if absent. */
    <E extends Enum<E>> @Nullable E optionalEnumValue(String field, String parameterName, Class<E> type) {
        String value = string(field);
        if (value == null) {
            return null;
        }
        try {
            return Enum.valueOf(type, value);
        } catch (IllegalArgumentException e) {
            List<String> allowed = new ArrayList<>();
            for (E constant : type.getEnumConstants()) {
                allowed.add(constant.name());
            }
            throw DynamoDbException.validation("1 validation error detected: Value '" + value + "' at '" + parameterName
                    + "' failed to satisfy constraint: Member must satisfy enum value set: " + allowed);
        }
    }

    /** One attribute value, e.g. {@code {"S": "x"}}. */
    AttributeValue attributeValue(String field) {
        return AttributeValueCodec.decode(node.get(field), 1);
    }

    @Nullable Map<String, AttributeValue> item(String field) {
        return AttributeValueCodec.decodeItem(node.get(field));
    }

    Map<String, AttributeValue> requiredItem(String field, String parameterName) {
        Map<String, AttributeValue> item = item(field);
        if (item == null) {
            throw DynamoDbException.validation("1 validation error detected: Value null at '" + parameterName
                    + "' failed to satisfy constraint: Member must not be null");
        }
        return item;
    }

    /** A list of objects, as requests; empty when missing. */
    List<JsonRequest> objects(String field) {
        JsonNode value = node.get(field);
        List<JsonRequest> list = new ArrayList<>();
        if (value == null || value.isNull()) {
            return list;
        }
        if (!value.isArray()) {
            throw AttributeValueCodec.serialization("Unexpected value type for " + field + ": expected a list");
        }
        for (JsonNode element : value) {
            list.add(nested(element));
        }
        return list;
    }

    /** A list of strings; empty when missing. */
    List<String> strings(String field) {
        JsonNode value = node.get(field);
        List<String> list = new ArrayList<>();
        if (value == null || value.isNull()) {
            return list;
        }
        if (!value.isArray()) {
            throw AttributeValueCodec.serialization("Unexpected value type for " + field + ": expected a list");
        }
        for (JsonNode element : value) {
            if (!element.isString()) {
                throw AttributeValueCodec.serialization("Unexpected value type in " + field + ": expected strings");
            }
            list.add(element.stringValue());
        }
        return list;
    }

    /** A map of string to string (ExpressionAttributeNames), or {@code null} when missing. */
    @Nullable Map<String, String> stringMap(String field) {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isObject()) {
            throw AttributeValueCodec.serialization("Unexpected value type for " + field + ": expected a map");
        }
        Map<String, String> map = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> entry : value.properties()) {
            if (!entry.getValue().isString()) {
                throw AttributeValueCodec.serialization("Unexpected value type in " + field + ": expected strings");
            }
            map.put(entry.getKey(), entry.getValue().stringValue());
        }
        return map;
    }

    /** The names of the fields of an object field (RequestItems). */
    Map<String, JsonNode> fields(String field) {
        JsonNode value = node.get(field);
        Map<String, JsonNode> map = new LinkedHashMap<>();
        if (value == null || value.isNull()) {
            return map;
        }
        if (!value.isObject()) {
            throw AttributeValueCodec.serialization("Unexpected value type for " + field + ": expected a map");
        }
        for (Map.Entry<String, JsonNode> entry : value.properties()) {
            map.put(entry.getKey(), entry.getValue());
        }
        return map;
    }
}
