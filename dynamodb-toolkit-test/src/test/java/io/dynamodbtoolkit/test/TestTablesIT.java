package io.dynamodbtoolkit.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import java.util.List;

import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.IndexStatus;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;

@DynamoDbTest
class TestTablesIT {

    private static TableDescription describe(DynamoDbClient client, String table) {
        return client.describeTable(request -> request.tableName(table)).table();
    }

    @Test
    void createsATableFromASpecWithActiveIndexes(TestTables tables, DynamoDbClient client) {
        String name = tables.create(TableSpec.named("rentals")
                .partitionKey("state", ScalarAttributeType.S)
                .sortKey("_sk", ScalarAttributeType.S)
                .globalIndex("by-kind", "kind", ScalarAttributeType.S, "_sk", ScalarAttributeType.S, ProjectionType.ALL)
                .localIndex("by-price", "price", ScalarAttributeType.N, ProjectionType.KEYS_ONLY));

        TableDescription table = describe(client, name);
        assertThat(name).matches("rentals-TestTablesIT-[a-z0-9]{8}");
        assertThat(table.tableStatus()).isEqualTo(TableStatus.ACTIVE);
        assertThat(table.billingModeSummary().billingMode()).isEqualTo(BillingMode.PAY_PER_REQUEST);
        assertThat(table.globalSecondaryIndexes()).extracting(GlobalSecondaryIndexDescription::indexName,
                GlobalSecondaryIndexDescription::indexStatus).containsExactly(
                        tuple("by-kind", IndexStatus.ACTIVE));
        assertThat(table.localSecondaryIndexes()).hasSize(1);
    }

    @Test
    void createsATableFromARequestDefinitionAndSetsTheNameAndBillingMode(TestTables tables, DynamoDbClient client) {
        String name = tables.create("plain", table -> table
                .tableName("ignored")
                .keySchema(KeySchemaElement.builder().attributeName("pk").keyType(KeyType.HASH).build())
                .attributeDefinitions(AttributeDefinition.builder().attributeName("pk")
                        .attributeType(ScalarAttributeType.S).build()));

        assertThat(name).startsWith("plain-TestTablesIT-");
        assertThat(describe(client, name).billingModeSummary().billingMode()).isEqualTo(BillingMode.PAY_PER_REQUEST);
    }

    @Test
    void keepsProvisionedThroughputWhenItIsGiven(TestTables tables, DynamoDbClient client) {
        String name = tables.create(Tables.simple("provisioned").customize(table -> table
                .billingMode(BillingMode.PROVISIONED)
                .provisionedThroughput(throughput -> throughput.readCapacityUnits(3L).writeCapacityUnits(2L))));

        TableDescription table = describe(client, name);
        assertThat(table.provisionedThroughput().readCapacityUnits()).isEqualTo(3L);
        assertThat(table.provisionedThroughput().writeCapacityUnits()).isEqualTo(2L);
    }

    @Test
    void anInvalidDefinitionFailsWithTheServersError(TestTables tables) {
        assertThatThrownBy(() -> tables.create("invalid", table -> table
                .keySchema(KeySchemaElement.builder().attributeName("pk").keyType(KeyType.HASH).build())))
                .isInstanceOf(DynamoDbException.class);
    }

    @Test
    void toleratesATableTheTestDroppedItself(TestTables tables, DynamoDbClient client) {
        String dropped = tables.create(Tables.simple("self-dropped"));
        String kept = tables.create(Tables.simple("kept"));
        client.deleteTable(request -> request.tableName(dropped));

        // what the scope does at its end: the table already gone is passed over and the others are still dropped
        assertThatCode(() -> tables.drop(List.of(dropped, kept), "test")).doesNotThrowAnyException();
        assertThatThrownBy(() -> describe(client, kept)).as("the table after the one already gone")
                .isInstanceOf(ResourceNotFoundException.class);
    }
}
