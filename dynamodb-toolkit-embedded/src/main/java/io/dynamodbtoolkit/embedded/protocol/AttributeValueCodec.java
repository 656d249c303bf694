package io.dynamodbtoolkit.embedded.protocol;

import io.dynamodbtoolkit.embedded.error.DynamoDbException;
import io.dynamodbtoolkit.embedded.model.AttributeValue;
import io.dynamodbtoolkit.embedded.model.AttributeValue.BinarySetValue;
import io.dynamodbtoolkit.embedded.model.AttributeValue.BinaryValue;
import io.dynamodbtoolkit.embedded.model.AttributeValue.BooleanValue;
import io.dynamodbtoolkit.embedded.model.AttributeValue.ListValue;
import io.dynamodbtoolkit.embedded.model.AttributeValue.MapValue;
import io.dynamodbtoolkit.embedded.model.AttributeValue.NullValue;
import io.dynamodbtoolkit.embedded.model.AttributeValue.NumberSetValue;
import io.dynamodbtoolkit.embedded.model.AttributeValue.NumberValue;
import io.dynamodbtoolkit.embedded.model.AttributeValue.StringSetValue;
import io.dynamodbtoolkit.embedded.model.AttributeValue.StringValue;
import io.dynamodbtoolkit.embedded.model.Bytes;
import io.dynamodbtoolkit.embedded.model.CanonicalNumbers;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Reads and writes attribute values in DynamoDB's JSON form ({@code {"S": "x"}}, {@code {"N": "1"}}, ...). */
final class AttributeValueCodec {

    private static final int MAX_DEPTH = 32;
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private AttributeValueCodec() {
    }

    /** Reads an item (or key) object; {@code null} when the node is missing. */
    static Map<String, AttributeValue> decodeItem(JsonNode node) {
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isObject()) {
            throw serialization("Unexpected value type in payload: an item must be a JSON object");
        }
        Map<String, AttributeValue> item = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> attribute : node.properties()) {
            item.put(attribute.getKey(), decode(attribute.getValue(), 1));
        }
        return item;
    }

    /** Reads one attribute value. */
    static AttributeValue decode(JsonNode node, int depth) {
        if (depth > MAX_DEPTH) {
            throw DynamoDbException.validation("Nesting Levels have exceeded supported limits");
        }
        if (node == null || !node.isObject()) {
            throw serialization("Unexpected value type in payload: an attribute value must be a JSON object");
        }
        if (node.size() == 0) {
            throw DynamoDbException.validation(
                    "Supplied AttributeValue is empty, must contain exactly one of the supported datatypes");
        }
        if (node.size() > 1) {
            throw DynamoDbException.validation("Supplied AttributeValue has more than one datatypes set, must contain"
                    + " exactly one of the supported datatypes");
        }
        Map.Entry<String, JsonNode> entry = node.properties().iterator().next();
        JsonNode value = entry.getValue();
        switch (entry.getKey()) {
            case "S":
                return new StringValue(text(value));
            case "N":
                return new NumberValue(CanonicalNumbers.parse(text(value)));
            case "B":
                return new BinaryValue(binary(value));
            case "BOOL":
                if (!value.isBoolean()) {
                    throw serialization("BOOL must be a JSON boolean");
                }
                return value.booleanValue() ? BooleanValue.TRUE : BooleanValue.FALSE;
            case "NULL":
                if (!value.isBoolean() || !value.booleanValue()) {
                    throw DynamoDbException.invalidParameter("Null attribute value types must have the value of true");
                }
                return NullValue.INSTANCE;
            case "SS": {
                Set<String> set = new LinkedHashSet<>();
                for (JsonNode element : array(value, "An string set  may not be empty")) {
                    addUnique(set, text(element), value);
                }
                return new StringSetValue(set);
            }
            case "NS": {
                Set<BigDecimal> set = new LinkedHashSet<>();
                for (JsonNode element : array(value, "An number set  may not be empty")) {
                    addUnique(set, CanonicalNumbers.parse(text(element)), value);
                }
                return new NumberSetValue(set);
            }
            case "BS": {
                Set<Bytes> set = new LinkedHashSet<>();
                for (JsonNode element : array(value, "Binary sets should not be empty")) {
                    addUnique(set, binary(element), value);
                }
                return new BinarySetValue(set);
            }
            case "L": {
                if (!value.isArray()) {
                    throw serialization("L must be a JSON array");
                }
                List<AttributeValue> list = new ArrayList<>(value.size());
                for (JsonNode element : value) {
                    list.add(decode(element, depth + 1));
                }
                return new ListValue(list);
            }
            case "M": {
                if (!value.isObject()) {
                    throw serialization("M must be a JSON object");
                }
                Map<String, AttributeValue> map = new LinkedHashMap<>();
                for (Map.Entry<String, JsonNode> member : value.properties()) {
                    map.put(member.getKey(), decode(member.getValue(), depth + 1));
                }
                return new MapValue(map);
            }
            default:
                throw DynamoDbException.validation(
                        "Supplied AttributeValue is empty, must contain exactly one of the supported datatypes");
        }
    }

    private static <T> void addUnique(Set<T> set, T element, JsonNode input) {
        if (!set.add(element)) {
            List<String> shown = new ArrayList<>();
            for (JsonNode node : input) {
                shown.add(node.asString());
            }
            throw DynamoDbException.invalidParameter("Input collection " + shown + " contains duplicates.");
        }
    }

    private static Iterable<JsonNode> array(JsonNode value, String emptyMessage) {
        if (!value.isArray()) {
            throw serialization("A set must be a JSON array");
        }
        if (value.isEmpty()) {
            throw DynamoDbException.invalidParameter(emptyMessage);
        }
        return value;
    }

    private static String text(JsonNode value) {
        if (!value.isString()) {
            throw serialization("Expected a JSON string");
        }
        return value.stringValue();
    }

    private static Bytes binary(JsonNode value) {
        try {
            return Bytes.fromBase64(text(value));
        } catch (IllegalArgumentException e) {
            throw serialization("Base64 encoded length is expected a multiple of 4 bytes but found: "
                    + value.asString().length());
        }
    }

    static DynamoDbException serialization(String message) {
        return new DynamoDbException(io.dynamodbtoolkit.embedded.error.ErrorCode.SERIALIZATION, message);
    }

    /** Writes an item as a JSON object. */
    static ObjectNode encodeItem(Map<String, AttributeValue> item) {
        ObjectNode node = NODES.objectNode();
        for (Map.Entry<String, AttributeValue> attribute : item.entrySet()) {
            node.set(attribute.getKey(), encode(attribute.getValue()));
        }
        return node;
    }

    /** Writes one attribute value. */
    static ObjectNode encode(AttributeValue value) {
        ObjectNode node = NODES.objectNode();
        if (value instanceof StringValue s) {
            node.put("S", s.value());
        } else if (value instanceof NumberValue n) {
            node.put("N", CanonicalNumbers.format(n.value()));
        } else if (value instanceof BinaryValue b) {
            node.put("B", b.value().toBase64());
        } else if (value instanceof BooleanValue b) {
            node.put("BOOL", b.value());
        } else if (value instanceof NullValue) {
            node.put("NULL", true);
        } else if (value instanceof StringSetValue set) {
            ArrayNode array = node.putArray("SS");
            set.values().forEach(array::add);
        } else if (value instanceof NumberSetValue set) {
            ArrayNode array = node.putArray("NS");
            set.values().forEach(number -> array.add(CanonicalNumbers.format(number)));
        } else if (value instanceof BinarySetValue set) {
            ArrayNode array = node.putArray("BS");
            set.values().forEach(bytes -> array.add(bytes.toBase64()));
        } else if (value instanceof ListValue list) {
            ArrayNode array = node.putArray("L");
            list.values().forEach(element -> array.add(encode(element)));
        } else if (value instanceof MapValue map) {
            node.set("M", encodeItem(map.values()));
        }
        return node;
    }
}
