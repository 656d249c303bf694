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
import io.dynamodbtoolkit.embedded.error.NumberValidation;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JsonGenerator;
import tools.jackson.databind.JsonNode;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Reads and writes attribute values in DynamoDB's JSON form ({@code {"S": "x"}}, {@code {"N": "1"}}, ...). */
public final class AttributeValueCodec {

    private static final int MAX_DEPTH = 32;

    private AttributeValueCodec() {
    }

    /** Reads an item (or key) object; {@code null} when the node is missing. */
    public static @Nullable Map<String, AttributeValue> decodeItem(@Nullable JsonNode node) {
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
    static AttributeValue decode(@Nullable JsonNode node, int depth) {
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
                return new NumberValue(NumberValidation.parse(text(value)));
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
                    addUnique(set, NumberValidation.parse(text(element)), value);
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
            throw serialization(e.getMessage());
        }
    }

    static DynamoDbException serialization(@Nullable String message) {
        return new DynamoDbException(io.dynamodbtoolkit.embedded.error.ErrorCode.SERIALIZATION, message);
    }

    /**
     * @return the item as a JSON object node, written attribute by attribute when its tree is written by
     *         {@link JsonCodec#write} (the item must not change until then: stored items never do)
     */
    public static JsonNode encodeItem(Map<String, AttributeValue> item) {
        return JsonCodec.streamed(generator -> writeItem(generator, item));
    }

    private static void writeItem(JsonGenerator generator, Map<String, AttributeValue> item) {
        generator.writeStartObject();
        for (Map.Entry<String, AttributeValue> attribute : item.entrySet()) {
            generator.writeName(attribute.getKey());
            write(generator, attribute.getValue());
        }
        generator.writeEndObject();
    }

    /** Writes one attribute value as its JSON object ({@code {"S": "x"}}, ...). */
    private static void write(JsonGenerator generator, AttributeValue value) {
        generator.writeStartObject();
        if (value instanceof StringValue s) {
            generator.writeStringProperty("S", s.value());
        } else if (value instanceof NumberValue n) {
            generator.writeStringProperty("N", CanonicalNumbers.format(n.value()));
        } else if (value instanceof BinaryValue b) {
            generator.writeStringProperty("B", b.value().toBase64());
        } else if (value instanceof BooleanValue b) {
            generator.writeBooleanProperty("BOOL", b.value());
        } else if (value instanceof NullValue) {
            generator.writeBooleanProperty("NULL", true);
        } else if (value instanceof StringSetValue set) {
            writeStrings(generator, "SS", set.values());
        } else if (value instanceof NumberSetValue set) {
            writeStrings(generator, "NS", set.values().stream().map(CanonicalNumbers::format).toList());
        } else if (value instanceof BinarySetValue set) {
            writeStrings(generator, "BS", set.values().stream().map(Bytes::toBase64).toList());
        } else if (value instanceof ListValue list) {
            generator.writeName("L");
            generator.writeStartArray();
            list.values().forEach(element -> write(generator, element));
            generator.writeEndArray();
        } else if (value instanceof MapValue map) {
            generator.writeName("M");
            writeItem(generator, map.values());
        }
        generator.writeEndObject();
    }

    private static void writeStrings(JsonGenerator generator, String type, Collection<String> values) {
        generator.writeName(type);
        generator.writeStartArray();
        values.forEach(generator::writeString);
        generator.writeEndArray();
    }
}
