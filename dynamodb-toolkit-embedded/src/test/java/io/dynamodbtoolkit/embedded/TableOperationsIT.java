package io.dynamodbtoolkit.embedded;

import io.dynamodbtoolkit.embedded.support.EmbeddedServer;
import io.dynamodbtoolkit.embedded.support.TableNames;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.ListTablesResponse;
import software.amazon.awssdk.services.dynamodb.model.ResourceInUseException;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveStatus;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static io.dynamodbtoolkit.embedded.support.Tables.attribute;
import static io.dynamodbtoolkit.embedded.support.Tables.hash;
import static io.dynamodbtoolkit.embedded.support.Tables.n;
import static io.dynamodbtoolkit.embedded.support.Tables.s;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@EmbeddedServer
class TableOperationsIT {

    @Test
    void describeShowsKeySizeCountAndArnAndTheWaiterSucceeds(DynamoDbClient client, TableNames names) {
        String table = names.next();
        io.dynamodbtoolkit.embedded.support.Tables.create(client, table, "pk", ScalarAttributeType.S, "sk",
                ScalarAttributeType.N);
        client.putItem(b -> b.tableName(table).item(Map.of("pk", s("ab"), "sk", n(1))));

        client.waiter().waitUntilTableExists(b -> b.tableName(table));
        TableDescription description = client.describeTable(b -> b.tableName(table)).table();

        assertThat(description.tableStatus()).isEqualTo(TableStatus.ACTIVE);
        assertThat(description.itemCount()).isEqualTo(1);
        assertThat(description.tableSizeBytes()).isEqualTo(2 + 2 + 2 + 2);
        assertThat(description.tableArn()).isEqualTo("arn:aws:dynamodb:eu-west-1:000000000000:table/" + table);
        assertThat(description.billingModeSummary().billingMode()).isEqualTo(BillingMode.PAY_PER_REQUEST);
        assertThat(description.keySchema()).extracting(k -> k.attributeName()).containsExactly("pk", "sk");
    }

    @Test
    void createExistingTableIsResourceInUseAndDeleteOfMissingIsNotFound(DynamoDbClient client, TableNames names) {
        String table = names.next();
        io.dynamodbtoolkit.embedded.support.Tables.create(client, table, "pk", ScalarAttributeType.S, null, null);

        assertThatThrownBy(() -> io.dynamodbtoolkit.embedded.support.Tables.create(client, table, "pk",
                ScalarAttributeType.S, null, null))
                .isInstanceOf(ResourceInUseException.class).hasMessageContaining("Table already exists: " + table);
        client.deleteTable(b -> b.tableName(table));
        assertThatThrownBy(() -> client.deleteTable(b -> b.tableName(table)))
                .isInstanceOf(ResourceNotFoundException.class);
        assertThatThrownBy(() -> client.describeTable(b -> b.tableName(table)))
                .isInstanceOf(ResourceNotFoundException.class);
    }

    @Test
    void badDeclarationsAreRejectedWithDynamoDbsMessages(DynamoDbClient client, TableNames names) {
        String table = names.next();
        assertThatThrownBy(() -> client.createTable(b -> b.tableName(table).keySchema(hash("pk"))
                .attributeDefinitions(attribute("pk", ScalarAttributeType.S), attribute("x", ScalarAttributeType.S))
                .billingMode(BillingMode.PAY_PER_REQUEST)))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageContaining("Number of attributes in KeySchema does not exactly match number of attributes"
                        + " defined in AttributeDefinitions");
        assertThatThrownBy(() -> client.createTable(b -> b.tableName(table).keySchema(hash("pk"))
                .attributeDefinitions(attribute("pk", ScalarAttributeType.S))))
                .hasMessageContaining("ReadCapacityUnits and WriteCapacityUnits must both be specified");
        assertThatThrownBy(() -> client.createTable(b -> b.tableName("ab").keySchema(hash("pk"))
                .attributeDefinitions(attribute("pk", ScalarAttributeType.S)).billingMode(BillingMode.PAY_PER_REQUEST)))
                .hasMessageContaining("Member must have length greater than or equal to 3");
    }

    @Test
    void listTablesPagesInNameOrder(DynamoDbClient client, TableNames names) {
        List<String> created = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            String table = names.next();
            created.add(table);
            io.dynamodbtoolkit.embedded.support.Tables.create(client, table, "pk", ScalarAttributeType.S, null, null);
        }
        List<String> listed = new ArrayList<>();
        String start = null;
        do {
            String exclusiveStart = start;
            ListTablesResponse page = client.listTables(b -> b.limit(2).exclusiveStartTableName(exclusiveStart));
            assertThat(page.tableNames().size()).isLessThanOrEqualTo(2);
            listed.addAll(page.tableNames());
            start = page.lastEvaluatedTableName();
        } while (start != null);

        assertThat(listed).containsAll(created);
        assertThat(listed).isSorted();
        assertThat(client.listTablesPaginator(b -> b.limit(3)).tableNames()).containsAll(created);
    }

    @Test
    void timeToLiveRemovesExpiredItemsOnly(DynamoDbClient client, TableNames names, EmbeddedDynamoDb dynamo) {
        String table = names.next();
        io.dynamodbtoolkit.embedded.support.Tables.create(client, table, "pk", ScalarAttributeType.S, null, null);
        long now = System.currentTimeMillis() / 1000;
        client.putItem(b -> b.tableName(table).item(Map.of("pk", s("expired"), "ttl", n(now - 10))));
        client.putItem(b -> b.tableName(table).item(Map.of("pk", s("future"), "ttl", n(now + 3600))));
        client.putItem(b -> b.tableName(table).item(Map.of("pk", s("ancient"), "ttl", n(now - 6L * 365 * 86400))));
        client.putItem(b -> b.tableName(table).item(Map.of("pk", s("text"), "ttl", s("yesterday"))));
        assertThat(client.describeTimeToLive(b -> b.tableName(table)).timeToLiveDescription().timeToLiveStatus())
                .isEqualTo(TimeToLiveStatus.DISABLED);

        client.updateTimeToLive(b -> b.tableName(table).timeToLiveSpecification(t -> t.enabled(true)
                .attributeName("ttl")));
        dynamo.removeExpiredItems();

        assertThat(client.describeTimeToLive(b -> b.tableName(table)).timeToLiveDescription().attributeName())
                .isEqualTo("ttl");
        assertThat(client.scan(b -> b.tableName(table)).items()).extracting(item -> item.get("pk").s())
                .containsExactlyInAnyOrder("future", "ancient", "text");
        assertThatThrownBy(() -> client.updateTimeToLive(b -> b.tableName(table)
                .timeToLiveSpecification(t -> t.enabled(true).attributeName("ttl"))))
                .hasMessageContaining("TimeToLive is already enabled");
    }

    @Test
    void backgroundSweepRemovesExpiredItems(TableNames names) throws InterruptedException {
        try (EmbeddedDynamoDb dynamo = EmbeddedDynamoDb.builder().ttlSweepInterval(java.time.Duration.ofMillis(50))
                .start();
             DynamoDbClient client = io.dynamodbtoolkit.embedded.support.Clients.client(dynamo.endpoint())) {
            String table = names.next();
            io.dynamodbtoolkit.embedded.support.Tables.create(client, table, "pk", ScalarAttributeType.S, null, null);
            client.updateTimeToLive(b -> b.tableName(table).timeToLiveSpecification(t -> t.enabled(true)
                    .attributeName("expires")));
            client.putItem(b -> b.tableName(table).item(Map.of("pk", s("x"),
                    "expires", n(System.currentTimeMillis() / 1000 - 1))));
            long deadline = System.currentTimeMillis() + 5000;
            while (client.scan(b -> b.tableName(table)).count() > 0 && System.currentTimeMillis() < deadline) {
                Thread.sleep(20);
            }
            assertThat(client.scan(b -> b.tableName(table)).count()).isZero();
        }
    }
}
