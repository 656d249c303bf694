package io.dynamodbtoolkit.embedded.persistence;

import io.dynamodbtoolkit.embedded.engine.BillingMode;
import io.dynamodbtoolkit.embedded.engine.IndexDefinition;
import io.dynamodbtoolkit.embedded.engine.KeyAttributeDefinition;
import io.dynamodbtoolkit.embedded.engine.KeySchema;
import io.dynamodbtoolkit.embedded.engine.ProjectionType;
import io.dynamodbtoolkit.embedded.engine.StateListener;
import io.dynamodbtoolkit.embedded.engine.StreamSpecification;
import io.dynamodbtoolkit.embedded.engine.StreamViewType;
import io.dynamodbtoolkit.embedded.engine.EngineTableDefinition;
import io.dynamodbtoolkit.embedded.engine.TableMetadata;
import io.dynamodbtoolkit.embedded.engine.Throughput;
import io.dynamodbtoolkit.embedded.engine.TimeToLive;
import io.dynamodbtoolkit.embedded.model.DataType;
import io.dynamodbtoolkit.embedded.model.AttributeValue;
import io.dynamodbtoolkit.embedded.protocol.AttributeValueCodec;
import io.dynamodbtoolkit.embedded.protocol.JsonCodec;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The state events of the data directory as JSON: one record is an array of events (a table saved or dropped, an
 * item saved or dropped; items in DynamoDB's own JSON form), decoded back into calls of a {@link StateListener}.
 */
final class StateCodec {

    static final int FORMAT_VERSION = 1;
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final JsonCodec json = new JsonCodec();

    /** An empty group of events, to add to and encode. */
    ArrayNode group() {
        return NODES.arrayNode();
    }

    /** The first record of every file: the format version. */
    byte[] header() {
        ArrayNode group = group();
        group.addObject().put("op", "format").put("version", FORMAT_VERSION);
        return encode(group);
    }

    /** The last record of a complete snapshot. */
    byte[] end() {
        ArrayNode group = group();
        group.addObject().put("op", "end");
        return encode(group);
    }

    byte[] encode(ArrayNode group) {
        return json.write(group);
    }

    void tableSaved(ArrayNode group, TableMetadata metadata) {
        EngineTableDefinition table = metadata.definition();
        ObjectNode event = group.addObject().put("op", "table").put("name", table.name()).put("id", table.tableId())
                .put("created", table.created().toEpochMilli()).put("billing", table.billingMode().name());
        throughput(event, table.throughput());
        ObjectNode attributes = event.putObject("attributes");
        table.attributeDefinitions().forEach((name, type) -> attributes.put(name, type.name()));
        keySchema(event, table.keySchema());
        ArrayNode indexes = event.putArray("indexes");
        for (IndexDefinition index : concat(table.localIndexes(), table.globalIndexes())) {
            ObjectNode encoded = indexes.addObject().put("name", index.name()).put("global", index.global())
                    .put("projection", index.projectionType().name());
            keySchema(encoded, index.keySchema());
            ArrayNode nonKey = encoded.putArray("nonKey");
            index.nonKeyAttributes().forEach(nonKey::add);
            throughput(encoded, index.throughput());
        }
        TimeToLive ttl = metadata.timeToLive();
        if (ttl.attributeName() != null) {
            event.putObject("ttl").put("attribute", ttl.attributeName()).put("enabled", ttl.enabled());
        }
        ObjectNode tags = event.putObject("tags");
        metadata.tags().forEach(tags::put);
        if (metadata.stream().enabled()) {
            event.put("stream", metadata.stream().requiredViewType().name());
        }
    }

    void tableDropped(ArrayNode group, String tableName) {
        group.addObject().put("op", "dropTable").put("name", tableName);
    }

    void itemSaved(ArrayNode group, String tableName, Map<String, AttributeValue> item) {
        group.addObject().put("op", "item").put("table", tableName).set("item", AttributeValueCodec.encodeItem(item));
    }

    void itemDropped(ArrayNode group, String tableName, Map<String, AttributeValue> key) {
        group.addObject().put("op", "dropItem").put("table", tableName).set("key", AttributeValueCodec.encodeItem(key));
    }

    /**
     * Replays a record's events into the listener; returns true when the record is the end of a snapshot.
     *
     * @throws IllegalStateException when the record is not of this format (a file written by another version)
     */
    boolean replay(byte[] record, StateListener listener) {
        boolean end = false;
        for (JsonNode event : json.read(record)) {
            switch (event.get("op").stringValue()) {
                case "format" -> {
                    int version = event.get("version").intValue();
                    if (version != FORMAT_VERSION) {
                        throw new IllegalStateException("The data directory was written in format version " + version
                                + "; this engine reads version " + FORMAT_VERSION);
                    }
                }
                case "end" -> end = true;
                case "table" -> listener.tableSaved(metadata(event));
                case "dropTable" -> listener.tableDropped(event.get("name").stringValue());
                case "item" -> listener.itemSaved(event.get("table").stringValue(), item(event, "item"));
                case "dropItem" -> listener.itemDropped(event.get("table").stringValue(), item(event, "key"));
                default -> throw new IllegalStateException("Unknown event in the data directory: " + event);
            }
        }
        return end;
    }

    private static TableMetadata metadata(JsonNode event) {
        Map<String, DataType> attributes = new LinkedHashMap<>();
        event.get("attributes").properties().forEach(entry ->
                attributes.put(entry.getKey(), DataType.valueOf(entry.getValue().stringValue())));
        List<IndexDefinition> locals = new ArrayList<>();
        List<IndexDefinition> globals = new ArrayList<>();
        for (JsonNode index : event.get("indexes")) {
            List<String> nonKey = new ArrayList<>();
            index.get("nonKey").forEach(name -> nonKey.add(name.stringValue()));
            IndexDefinition definition = new IndexDefinition(index.get("name").stringValue(),
                    index.get("global").booleanValue(), keySchema(index),
                    ProjectionType.valueOf(index.get("projection").stringValue()), nonKey, throughput(index));
            (definition.global() ? globals : locals).add(definition);
        }
        EngineTableDefinition definition = new EngineTableDefinition(event.get("name").stringValue(),
                event.get("id").stringValue(),
                keySchema(event), attributes, locals, globals, BillingMode.valueOf(event.get("billing").stringValue()),
                throughput(event), Instant.ofEpochMilli(event.get("created").longValue()));
        JsonNode ttl = event.get("ttl");
        TimeToLive timeToLive = ttl == null ? new TimeToLive(null, false)
                : new TimeToLive(ttl.get("attribute").stringValue(), ttl.get("enabled").booleanValue());
        Map<String, String> tags = new LinkedHashMap<>();
        event.get("tags").properties().forEach(entry -> tags.put(entry.getKey(), entry.getValue().stringValue()));
        JsonNode stream = event.get("stream");
        StreamSpecification streamSetting = stream == null ? new StreamSpecification(false, null)
                : new StreamSpecification(true, StreamViewType.valueOf(stream.stringValue()));
        return new TableMetadata(definition, timeToLive, tags, streamSetting);
    }

    /** The item (or key) an item event carries. */
    private static Map<String, AttributeValue> item(JsonNode event, String field) {
        Map<String, AttributeValue> item = AttributeValueCodec.decodeItem(event.get(field));
        if (item == null) {
            throw new IllegalStateException("An event of the data directory has no " + field + ": " + event);
        }
        return item;
    }

    private static void keySchema(ObjectNode node, KeySchema schema) {
        node.set("hash", keyAttributes(schema.hashKeys()));
        node.set("range", keyAttributes(schema.rangeKeys()));
    }

    private static ArrayNode keyAttributes(List<KeyAttributeDefinition> attributes) {
        ArrayNode array = NODES.arrayNode();
        for (KeyAttributeDefinition attribute : attributes) {
            DataType type = Objects.requireNonNull(attribute.type(), "a table's key attributes are typed");
            array.addObject().put("name", attribute.name()).put("type", type.name());
        }
        return array;
    }

    private static KeySchema keySchema(JsonNode node) {
        return new KeySchema(keyAttributes(node.get("hash")), keyAttributes(node.get("range")));
    }

    private static List<KeyAttributeDefinition> keyAttributes(JsonNode array) {
        List<KeyAttributeDefinition> attributes = new ArrayList<>();
        for (JsonNode attribute : array) {
            attributes.add(new KeyAttributeDefinition(attribute.get("name").stringValue(),
                    DataType.valueOf(attribute.get("type").stringValue())));
        }
        return attributes;
    }

    private static void throughput(ObjectNode node, @Nullable Throughput throughput) {
        if (throughput != null) {
            node.putObject("throughput").put("read", throughput.readCapacityUnits())
                    .put("write", throughput.writeCapacityUnits());
        }
    }

    private static @Nullable Throughput throughput(JsonNode node) {
        JsonNode throughput = node.get("throughput");
        return throughput == null ? null
                : new Throughput(throughput.get("read").longValue(), throughput.get("write").longValue());
    }

    private static List<IndexDefinition> concat(List<IndexDefinition> first, List<IndexDefinition> second) {
        List<IndexDefinition> all = new ArrayList<>(first);
        all.addAll(second);
        return all;
    }
}
