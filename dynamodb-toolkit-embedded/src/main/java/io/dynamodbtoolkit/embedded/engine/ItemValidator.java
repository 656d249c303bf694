package io.dynamodbtoolkit.embedded.engine;

import io.dynamodbtoolkit.embedded.error.DynamoDbException;
import io.dynamodbtoolkit.embedded.model.AttributeValue;
import io.dynamodbtoolkit.embedded.model.AttributeValue.BinaryValue;
import io.dynamodbtoolkit.embedded.model.AttributeValue.StringValue;
import io.dynamodbtoolkit.embedded.model.Items;

import java.util.Map;
import java.util.Objects;

/** Validation of keys and items against a table definition, with DynamoDB's messages. */
final class ItemValidator {

    private static final int MAX_PARTITION_KEY_BYTES = 2048;
    private static final int MAX_SORT_KEY_BYTES = 1024;

    private ItemValidator() {
    }

    /** Checks a Key parameter: exactly the primary key attributes, with the declared types. */
    static void validateKey(EngineTableDefinition table, Map<String, AttributeValue> key) {
        if (key == null || key.size() != table.keySchema().all().size()) {
            throw DynamoDbException.validation("The provided key element does not match the schema");
        }
        for (KeyAttributeDefinition attribute : table.keySchema().all()) {
            AttributeValue value = key.get(attribute.name());
            if (value == null || value.type() != attribute.type()) {
                throw DynamoDbException.validation("The provided key element does not match the schema");
            }
            checkNotEmpty(attribute.name(), value);
        }
        checkKeySizes(table.keySchema(), key);
    }

    /** Checks an item to be written whole: key attributes present and typed, index keys typed, size limit. */
    static void validateItem(EngineTableDefinition table, Map<String, AttributeValue> item) {
        for (KeyAttributeDefinition attribute : table.keySchema().all()) {
            AttributeValue value = item.get(attribute.name());
            if (value == null) {
                throw DynamoDbException.invalidParameter("Missing the key " + attribute.name() + " in the item");
            }
            if (value.type() != attribute.type()) {
                throw DynamoDbException.invalidParameter("Type mismatch for key " + attribute.name() + " expected: "
                        + attribute.type() + " actual: " + value.type());
            }
            checkNotEmpty(attribute.name(), value);
        }
        checkKeySizes(table.keySchema(), item);
        validateIndexKeys(table, item);
        if (Items.size(item) > Items.MAX_ITEM_SIZE) {
            throw DynamoDbException.validation("Item size has exceeded the maximum allowed size");
        }
    }

    /** Checks the result of an update: index key types and the size limit. */
    static void validateUpdatedItem(EngineTableDefinition table, Map<String, AttributeValue> item) {
        validateIndexKeys(table, item);
        if (Items.size(item) > Items.MAX_ITEM_SIZE) {
            throw DynamoDbException.validation("Item size to update has exceeded the maximum allowed size");
        }
    }

    private static void validateIndexKeys(EngineTableDefinition table, Map<String, AttributeValue> item) {
        for (IndexDefinition index : table.localIndexes()) {
            validateIndexKey(index, item);
        }
        for (IndexDefinition index : table.globalIndexes()) {
            validateIndexKey(index, item);
        }
    }

    private static void validateIndexKey(IndexDefinition index, Map<String, AttributeValue> item) {
        for (KeyAttributeDefinition attribute : index.keySchema().all()) {
            AttributeValue value = item.get(attribute.name());
            if (value == null) {
                continue;
            }
            if (value.type() != attribute.type()) {
                throw DynamoDbException.invalidParameter("Type mismatch for Index Key " + attribute.name()
                        + " Expected: " + attribute.type() + " Actual: " + value.type() + " IndexName: "
                        + index.name());
            }
            if (isEmpty(value)) {
                throw DynamoDbException.validation("One or more parameter values are not valid. A value specified for a"
                        + " secondary index key is not supported. The AttributeValue for a key attribute cannot contain"
                        + " an empty " + (value instanceof StringValue ? "string" : "binary") + " value. IndexName: "
                        + index.name() + ", IndexKey: " + attribute.name());
            }
        }
    }

    private static void checkNotEmpty(String name, AttributeValue value) {
        if (isEmpty(value)) {
            throw DynamoDbException.validation("One or more parameter values are not valid. The AttributeValue for a "
                    + "key attribute cannot contain an empty " + (value instanceof StringValue ? "string" : "binary")
                    + " value. Key: " + name);
        }
    }

    private static boolean isEmpty(AttributeValue value) {
        return (value instanceof StringValue s && s.value().isEmpty())
                || (value instanceof BinaryValue b && b.value().length() == 0);
    }

    /** A key attribute's value, which the callers of {@link #checkKeySizes} have checked present. */
    private static AttributeValue presentKey(Map<String, AttributeValue> item, KeyAttributeDefinition attribute) {
        return Objects.requireNonNull(item.get(attribute.name()), "key attributes are checked present first");
    }

    private static void checkKeySizes(KeySchema schema, Map<String, AttributeValue> item) {
        int partitionBytes = 0;
        for (KeyAttributeDefinition attribute : schema.hashKeys()) {
            partitionBytes += presentKey(item, attribute).size();
        }
        if (partitionBytes > MAX_PARTITION_KEY_BYTES) {
            throw DynamoDbException.invalidParameter(
                    "Size of hashkey has exceeded the maximum size limit of2048 bytes");
        }
        int sortBytes = 0;
        for (KeyAttributeDefinition attribute : schema.rangeKeys()) {
            sortBytes += presentKey(item, attribute).size();
        }
        if (sortBytes > MAX_SORT_KEY_BYTES) {
            throw DynamoDbException.invalidParameter(
                    "Aggregated size of all range keys has exceeded the size limit of 1024 bytes");
        }
    }
}
