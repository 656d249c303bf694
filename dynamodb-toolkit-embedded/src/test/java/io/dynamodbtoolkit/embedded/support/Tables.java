package io.dynamodbtoolkit.embedded.support;

import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/** Short-hands for creating tables and values in tests. */
public final class Tables {

    private Tables() {
    }

    public static KeySchemaElement hash(String name) {
        return KeySchemaElement.builder().attributeName(name).keyType(KeyType.HASH).build();
    }

    public static KeySchemaElement range(String name) {
        return KeySchemaElement.builder().attributeName(name).keyType(KeyType.RANGE).build();
    }

    public static AttributeDefinition attribute(String name, ScalarAttributeType type) {
        return AttributeDefinition.builder().attributeName(name).attributeType(type).build();
    }

    /** Creates a pay-per-request table with a partition key and an optional sort key of the given types. */
    public static void create(DynamoDbClient client, String table, String pk, ScalarAttributeType pkType, String sk,
                              ScalarAttributeType skType) {
        create(client, table, pk, pkType, sk, skType, b -> { });
    }

    /** As {@link #create(DynamoDbClient, String, String, ScalarAttributeType, String, ScalarAttributeType)}, customised. */
    public static void create(DynamoDbClient client, String table, String pk, ScalarAttributeType pkType, String sk,
                              ScalarAttributeType skType, Consumer<CreateTableRequest.Builder> customizer) {
        List<KeySchemaElement> keys = new ArrayList<>(List.of(hash(pk)));
        List<AttributeDefinition> definitions = new ArrayList<>(List.of(attribute(pk, pkType)));
        if (sk != null) {
            keys.add(range(sk));
            definitions.add(attribute(sk, skType));
        }
        CreateTableRequest.Builder builder = CreateTableRequest.builder().tableName(table).keySchema(keys)
                .attributeDefinitions(definitions).billingMode(BillingMode.PAY_PER_REQUEST);
        customizer.accept(builder);
        client.createTable(builder.build());
    }

    public static AttributeValue s(String value) {
        return AttributeValue.fromS(value);
    }

    public static AttributeValue n(String value) {
        return AttributeValue.fromN(value);
    }

    public static AttributeValue n(long value) {
        return AttributeValue.fromN(Long.toString(value));
    }
}
