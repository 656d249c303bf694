package io.dynamodbtoolkit.embedded.persistence;

import io.dynamodbtoolkit.embedded.EmbeddedDynamoDb;
import io.dynamodbtoolkit.embedded.engine.BillingMode;
import io.dynamodbtoolkit.embedded.engine.CreateTableRequest;
import io.dynamodbtoolkit.embedded.engine.DynamoDbEngine;
import io.dynamodbtoolkit.embedded.engine.ItemRequests;
import io.dynamodbtoolkit.embedded.engine.KeyElement;
import io.dynamodbtoolkit.embedded.engine.ReturnValues;
import io.dynamodbtoolkit.embedded.model.DataType;
import io.dynamodbtoolkit.embedded.support.Clients;
import io.dynamodbtoolkit.embedded.support.Tables;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.Tag;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveStatus;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;

import static io.dynamodbtoolkit.embedded.support.Tables.n;
import static io.dynamodbtoolkit.embedded.support.Tables.s;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Tables and items kept in a data directory survive a restart: snapshot, log, torn tails, compaction, the lock. */
class DataDirectoryIT {

    /** The engine's own attribute values (the SDK's are used everywhere else here). */
    private interface EngineValue {
        static io.dynamodbtoolkit.embedded.model.AttributeValue string(String value) {
            return io.dynamodbtoolkit.embedded.model.AttributeValue.string(value);
        }
    }

    @TempDir
    Path directory;

    private void withEngine(Consumer<DynamoDbClient> work) {
        try (EmbeddedDynamoDb dynamo = EmbeddedDynamoDb.builder().dataDirectory(directory).start();
             DynamoDbClient client = Clients.noRetries(dynamo.endpoint())) {
            work.accept(client);
        }
    }

    private static Map<String, AttributeValue> everyType(String pk) {
        return Map.ofEntries(Map.entry("pk", s(pk)), Map.entry("sk", n(1)), Map.entry("g", s("group")),
                Map.entry("num", n("-12.50")), Map.entry("bin", AttributeValue.fromB(SdkBytes.fromByteArray(
                        new byte[]{0, (byte) 255}))), Map.entry("bool", AttributeValue.fromBool(true)),
                Map.entry("nul", AttributeValue.fromNul(true)), Map.entry("ss", AttributeValue.fromSs(List.of("a"))),
                Map.entry("ns", AttributeValue.fromNs(List.of("1", "2"))), Map.entry("bs", AttributeValue.fromBs(
                        List.of(SdkBytes.fromUtf8String("x")))), Map.entry("list", AttributeValue.fromL(List.of(n(1)))),
                Map.entry("map", AttributeValue.fromM(Map.of("k", s("v")))));
    }

    @Test
    void tablesItemsAndSettingsSurviveARestart() {
        withEngine(client -> {
            Tables.create(client, "kept", "pk", ScalarAttributeType.S, "sk", ScalarAttributeType.N, b -> b
                    .attributeDefinitions(Tables.attribute("pk", ScalarAttributeType.S),
                            Tables.attribute("sk", ScalarAttributeType.N), Tables.attribute("g", ScalarAttributeType.S))
                    .globalSecondaryIndexes(GlobalSecondaryIndex.builder().indexName("byG").keySchema(Tables.hash("g"))
                            .projection(p -> p.projectionType(ProjectionType.KEYS_ONLY)).build())
                    .tags(Tag.builder().key("team").value("ops").build())
                    .streamSpecification(st -> st.streamEnabled(true).streamViewType(StreamViewType.NEW_IMAGE)));
            client.updateTimeToLive(b -> b.tableName("kept").timeToLiveSpecification(t -> t.enabled(true)
                    .attributeName("expires")));
            client.putItem(b -> b.tableName("kept").item(everyType("a")));
            client.putItem(b -> b.tableName("kept").item(everyType("b")));
            client.updateItem(b -> b.tableName("kept").key(Map.of("pk", s("a"), "sk", n(1)))
                    .updateExpression("SET num = num + :d").expressionAttributeValues(Map.of(":d", n(2))));
            client.deleteItem(b -> b.tableName("kept").key(Map.of("pk", s("b"), "sk", n(1))));
            Tables.create(client, "dropped", "pk", ScalarAttributeType.S, null, null);
            client.deleteTable(b -> b.tableName("dropped"));
        });

        withEngine(client -> {
            TableDescription table = client.describeTable(b -> b.tableName("kept")).table();
            Map<String, AttributeValue> expected = new java.util.HashMap<>(everyType("a"));
            expected.put("num", n("-10.5"));

            assertThat(client.listTables().tableNames()).containsExactly("kept");
            assertThat(table.itemCount()).isEqualTo(1);
            assertThat(table.globalSecondaryIndexes()).singleElement()
                    .satisfies(index -> assertThat(index.itemCount()).isEqualTo(1));
            assertThat(table.streamSpecification().streamViewType()).isEqualTo(StreamViewType.NEW_IMAGE);
            assertThat(client.getItem(b -> b.tableName("kept").key(Map.of("pk", s("a"), "sk", n(1)))).item())
                    .isEqualTo(expected);
            assertThat(client.query(b -> b.tableName("kept").indexName("byG").keyConditionExpression("g = :g")
                    .expressionAttributeValues(Map.of(":g", s("group")))).count()).isEqualTo(1);
            assertThat(client.describeTimeToLive(b -> b.tableName("kept")).timeToLiveDescription()
                    .timeToLiveStatus()).isEqualTo(TimeToLiveStatus.ENABLED);
            assertThat(client.listTagsOfResource(b -> b.resourceArn(table.tableArn())).tags())
                    .containsExactly(Tag.builder().key("team").value("ops").build());
        });
    }

    @Test
    void anIndexAddedLaterIsRebuiltFromTheLog() {
        withEngine(client -> {
            Tables.create(client, "late", "pk", ScalarAttributeType.S, null, null);
            client.putItem(b -> b.tableName("late").item(Map.of("pk", s("x"), "g", s("one"))));
            client.updateTable(b -> b.tableName("late").attributeDefinitions(Tables.attribute("g",
                    ScalarAttributeType.S)).globalSecondaryIndexUpdates(u -> u.create(c -> c.indexName("byG")
                    .keySchema(Tables.hash("g")).projection(p -> p.projectionType(ProjectionType.ALL)))));
            client.putItem(b -> b.tableName("late").item(Map.of("pk", s("y"), "g", s("one"))));
        });

        withEngine(client -> assertThat(client.query(b -> b.tableName("late").indexName("byG")
                .keyConditionExpression("g = :g").expressionAttributeValues(Map.of(":g", s("one")))).count())
                .isEqualTo(2));
    }

    @Test
    void aTornLastRecordIsDroppedAndEverythingBeforeItKept() throws IOException {
        withEngine(client -> {
            Tables.create(client, "torn", "pk", ScalarAttributeType.S, null, null);
            client.putItem(b -> b.tableName("torn").item(Map.of("pk", s("kept"))));
        });
        Path log = logFile();
        byte[] intact = Files.readAllBytes(log);
        Files.write(log, new byte[]{0, 0, 0, 50, 1, 2, 3, 4, '[', '{'}, StandardOpenOption.APPEND);

        withEngine(client -> assertThat(client.scan(b -> b.tableName("torn")).items())
                .containsExactly(Map.of("pk", s("kept"))));
        assertThat(Files.size(logFile())).isLessThan(intact.length + 10L);
    }

    @Test
    void theLogIsCompactedIntoANewSnapshotPastItsThreshold() throws IOException {
        DynamoDbEngine engine = new DynamoDbEngine(Clock.systemUTC(), Duration.ZERO);
        try (DataDirectory store = DataDirectory.open(directory, Durability.SYNC_EVERY_WRITE, Recovery.REFUSE, 2_000,
                engine)) {
            engine.createTable(new CreateTableRequest("compacted", List.of(new KeyElement("pk", "HASH")),
                    Map.of("pk", DataType.S), List.of(), List.of(), BillingMode.PAY_PER_REQUEST, null, Map.of(),
                    null));
            for (int i = 0; i < 100; i++) {
                engine.putItem(new ItemRequests.Put("compacted", Map.of("pk", EngineValue.string("item-" + i),
                        "v", EngineValue.string("x".repeat(50))), null, ReturnValues.NONE, false));
            }
            assertThat(snapshotNumber()).as("several compactions happened").isGreaterThan(1);
            assertThat(Files.size(logFile())).isLessThan(2_500);
        }
        withEngine(client -> assertThat(client.scan(b -> b.tableName("compacted")).count()).isEqualTo(100));
    }

    @Test
    void aSecondEngineCannotUseTheSameDirectory() {
        try (EmbeddedDynamoDb first = EmbeddedDynamoDb.builder().dataDirectory(directory).start()) {
            assertThatThrownBy(() -> EmbeddedDynamoDb.builder().dataDirectory(directory).start())
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("is in use by another embedded DynamoDB");
            assertThat(first.dataDirectory()).contains(directory);
        }
        withEngine(client -> assertThat(client.listTables().tableNames()).isEmpty());
    }

    private Path logFile() throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            return files.filter(file -> file.getFileName().toString().startsWith("log-")).findFirst().orElseThrow();
        }
    }

    private long snapshotNumber() throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            return files.map(file -> file.getFileName().toString()).filter(name -> name.startsWith("snapshot-"))
                    .mapToLong(name -> Long.parseLong(name.substring("snapshot-".length(), name.indexOf('.'))))
                    .max().orElse(-1);
        }
    }
}
