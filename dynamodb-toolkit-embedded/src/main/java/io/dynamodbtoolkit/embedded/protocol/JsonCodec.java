package io.dynamodbtoolkit.embedded.protocol;

import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.ObjectWriteContext;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.databind.node.POJONode;

import java.io.ByteArrayOutputStream;
import java.util.Map;

/**
 * Reads request bodies into Jackson trees and writes answer trees, with Jackson's streaming parser and generator
 * only. A tree may hold {@linkplain #streamed streamed} nodes, written straight to the generator when the tree is
 * written (items: an answer's bulk, which a tree of nodes would only copy). Building a full {@code JsonMapper} costs
 * about 300 ms of class loading and set-up on a cold JVM, more than the engine's whole start-up budget; the streaming
 * API needs a fraction of that and is all this protocol needs.
 */
public final class JsonCodec {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final JsonFactory factory = new JsonFactory();

    /** A value that writes itself to a generator, in a tree {@link #write} writes. */
    @FunctionalInterface
    public interface StreamedValue {
        /** Writes this value (one JSON value) to the generator. */
        void writeTo(JsonGenerator generator);
    }

    /** @return a tree node that {@link #write} writes by calling {@code value} (for others, an opaque value) */
    public static JsonNode streamed(StreamedValue value) {
        return NODES.pojoNode(value);
    }

    /** Parses a JSON document (throws Jackson's exception on malformed input). */
    public JsonNode read(byte[] body) {
        try (JsonParser parser = factory.createParser(ObjectReadContext.empty(), body)) {
            JsonToken first = parser.nextToken();
            if (first == null) {
                return NODES.objectNode();
            }
            JsonNode node = value(parser, first);
            if (parser.nextToken() != null) {
                throw new tools.jackson.core.exc.StreamReadException(parser,
                        "Trailing content after the JSON document");
            }
            return node;
        }
    }

    private static JsonNode value(JsonParser parser, JsonToken token) {
        switch (token) {
            case START_OBJECT: {
                ObjectNode object = NODES.objectNode();
                for (JsonToken next = parser.nextToken(); next != JsonToken.END_OBJECT; next = parser.nextToken()) {
                    String name = parser.currentName();
                    object.set(name, value(parser, parser.nextToken()));
                }
                return object;
            }
            case START_ARRAY: {
                ArrayNode array = NODES.arrayNode();
                for (JsonToken next = parser.nextToken(); next != JsonToken.END_ARRAY; next = parser.nextToken()) {
                    array.add(value(parser, next));
                }
                return array;
            }
            case VALUE_STRING:
                return NODES.stringNode(parser.getString());
            case VALUE_NUMBER_INT:
                return parser.getNumberType() == JsonParser.NumberType.BIG_INTEGER
                        ? NODES.numberNode(parser.getBigIntegerValue()) : NODES.numberNode(parser.getLongValue());
            case VALUE_NUMBER_FLOAT:
                return NODES.numberNode(parser.getDecimalValue());
            case VALUE_TRUE:
                return NODES.booleanNode(true);
            case VALUE_FALSE:
                return NODES.booleanNode(false);
            case VALUE_NULL:
                return NODES.nullNode();
            default:
                throw new tools.jackson.core.exc.StreamReadException(parser, "Unexpected token " + token);
        }
    }

    /** Writes a tree as compact JSON (UTF-8). */
    public byte[] write(JsonNode node) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(256);
        try (JsonGenerator generator = factory.createGenerator(ObjectWriteContext.empty(), out)) {
            write(generator, node);
        }
        return out.toByteArray();
    }

    private static void write(JsonGenerator generator, JsonNode node) {
        if (node instanceof POJONode pojo && pojo.getPojo() instanceof StreamedValue streamed) {
            streamed.writeTo(generator);
        } else if (node.isObject()) {
            generator.writeStartObject();
            for (Map.Entry<String, JsonNode> property : node.properties()) {
                generator.writeName(property.getKey());
                write(generator, property.getValue());
            }
            generator.writeEndObject();
        } else if (node.isArray()) {
            generator.writeStartArray();
            for (JsonNode element : node) {
                write(generator, element);
            }
            generator.writeEndArray();
        } else if (node.isString()) {
            generator.writeString(node.stringValue());
        } else if (node.isIntegralNumber()) {
            if (node.canConvertToLong()) {
                generator.writeNumber(node.longValue());
            } else {
                generator.writeNumber(node.bigIntegerValue());
            }
        } else if (node.isNumber()) {
            generator.writeNumber(node.doubleValue());
        } else if (node.isBoolean()) {
            generator.writeBoolean(node.booleanValue());
        } else {
            generator.writeNull();
        }
    }
}
