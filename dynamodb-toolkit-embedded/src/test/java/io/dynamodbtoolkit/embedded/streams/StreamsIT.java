package io.dynamodbtoolkit.embedded.streams;

import io.dynamodbtoolkit.embedded.EmbeddedDynamoDb;
import io.dynamodbtoolkit.embedded.support.Clients;
import io.dynamodbtoolkit.embedded.support.Tables;
import io.dynamodbtoolkit.test.MutableClock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ExpiredIteratorException;
import software.amazon.awssdk.services.dynamodb.model.OperationType;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.Shard;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;
import software.amazon.awssdk.services.dynamodb.model.StreamDescription;
import software.amazon.awssdk.services.dynamodb.model.StreamStatus;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static io.dynamodbtoolkit.embedded.support.Tables.n;
import static io.dynamodbtoolkit.embedded.support.Tables.s;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * DynamoDB Streams through the SDK's unchanged DynamoDbStreamsClient on the engine's endpoint: every view type, every
 * write path (single items, batches, transactions, time-to-live deletions as service deletions), every iterator
 * type, disabling and re-enabling.
 */
class StreamsIT {

    private final MutableClock clock = new MutableClock(Instant.parse("2026-03-01T10:00:00Z"));
    private EmbeddedDynamoDb dynamo;
    private DynamoDbClient client;
    private DynamoDbStreamsClient streams;

    @BeforeEach
    void start() {
        dynamo = EmbeddedDynamoDb.builder().clock(clock).ttlSweepInterval(Duration.ZERO).start();
        client = Clients.noRetries(dynamo.endpoint());
        streams = Clients.streams(dynamo.endpoint());
    }

    @AfterEach
    void stop() {
        streams.close();
        client.close();
        dynamo.close();
    }

    private String createTable(String name, StreamViewType viewType) {
        Tables.create(client, name, "pk", ScalarAttributeType.S, "sk", ScalarAttributeType.N,
                b -> b.streamSpecification(s -> s.streamEnabled(true).streamViewType(viewType)));
        return client.describeTable(b -> b.tableName(name)).table().latestStreamArn();
    }

    private static Map<String, AttributeValue> key(String pk, int sk) {
        return Map.of("pk", s(pk), "sk", n(sk));
    }

    private static Map<String, AttributeValue> item(String pk, int sk, int v) {
        return Map.of("pk", s(pk), "sk", n(sk), "v", n(v));
    }

    private String shardId(String streamArn) {
        return streams.describeStream(b -> b.streamArn(streamArn)).streamDescription().shards().get(0).shardId();
    }

    private String iterator(String streamArn, ShardIteratorType type, String sequence) {
        return streams.getShardIterator(b -> b.streamArn(streamArn).shardId(shardId(streamArn)).shardIteratorType(type)
                .sequenceNumber(sequence)).shardIterator();
    }

    /** Every record from the iterator on, following NextShardIterator until a page is empty (or the shard ends). */
    private List<Record> readAll(String iterator, int limit) {
        List<Record> records = new ArrayList<>();
        String next = iterator;
        while (next != null) {
            String current = next;
            var page = streams.getRecords(b -> b.shardIterator(current).limit(limit));
            records.addAll(page.records());
            next = page.records().isEmpty() ? null : page.nextShardIterator();
        }
        return records;
    }

    @Test
    void everyWritePathAddsItsRecordsInOrderWithBothImages() {
        String arn = createTable("orders", StreamViewType.NEW_AND_OLD_IMAGES);
        client.updateTimeToLive(b -> b.tableName("orders").timeToLiveSpecification(t -> t.enabled(true)
                .attributeName("expires")));

        client.putItem(b -> b.tableName("orders").item(item("a", 1, 1)));
        client.putItem(b -> b.tableName("orders").item(item("a", 1, 1)));
        client.updateItem(b -> b.tableName("orders").key(key("a", 1)).updateExpression("SET v = v + :one")
                .expressionAttributeValues(Map.of(":one", n(1))));
        client.deleteItem(b -> b.tableName("orders").key(key("a", 1)));
        client.deleteItem(b -> b.tableName("orders").key(key("never", 1)));
        client.batchWriteItem(b -> b.requestItems(Map.of("orders", List.of(
                WriteRequest.builder().putRequest(p -> p.item(item("b", 1, 10))).build(),
                WriteRequest.builder().putRequest(p -> p.item(item("b", 2, 20))).build()))));
        client.transactWriteItems(b -> b.transactItems(
                TransactWriteItem.builder().put(p -> p.tableName("orders").item(item("c", 1, 30))).build(),
                TransactWriteItem.builder().update(u -> u.tableName("orders").key(key("b", 1))
                        .updateExpression("SET v = :v").expressionAttributeValues(Map.of(":v", n(11)))).build(),
                TransactWriteItem.builder().delete(d -> d.tableName("orders").key(key("b", 2))).build(),
                TransactWriteItem.builder().conditionCheck(c -> c.tableName("orders").key(key("c", 9))
                        .conditionExpression("attribute_not_exists(pk)")).build()));
        client.putItem(b -> b.tableName("orders").item(Map.of("pk", s("d"), "sk", n(1),
                "expires", n(clock.instant().getEpochSecond() - 60))));
        assertThat(dynamo.removeExpiredItems()).isEqualTo(1);

        List<Record> records = readAll(iterator(arn, ShardIteratorType.TRIM_HORIZON, null), 1000);

        assertThat(records).extracting(Record::eventName).containsExactly(OperationType.INSERT, OperationType.MODIFY,
                OperationType.REMOVE, OperationType.INSERT, OperationType.INSERT, OperationType.INSERT,
                OperationType.MODIFY, OperationType.REMOVE, OperationType.INSERT, OperationType.REMOVE);
        assertThat(records).extracting(record -> record.dynamodb().keys()).containsExactly(key("a", 1), key("a", 1),
                key("a", 1), key("b", 1), key("b", 2), key("c", 1), key("b", 1), key("b", 2), key("d", 1),
                key("d", 1));
        Record modified = records.get(1);
        assertThat(modified.dynamodb().oldImage()).isEqualTo(item("a", 1, 1));
        assertThat(modified.dynamodb().newImage()).isEqualTo(item("a", 1, 2));
        assertThat(modified.dynamodb().streamViewType()).isEqualTo(StreamViewType.NEW_AND_OLD_IMAGES);
        assertThat(modified.dynamodb().sizeBytes()).isPositive();
        assertThat(modified.dynamodb().approximateCreationDateTime()).isEqualTo(clock.instant());
        assertThat(modified.eventSource()).isEqualTo("aws:dynamodb");
        assertThat(modified.awsRegion()).isEqualTo("eu-west-1");
        assertThat(modified.userIdentity()).as("a client's change").isNull();
        assertThat(records.get(2).dynamodb().newImage()).as("a removal has no new image").isEmpty();
        Record expired = records.get(9);
        assertThat(expired.userIdentity().principalId()).isEqualTo("dynamodb.amazonaws.com");
        assertThat(expired.userIdentity().type()).isEqualTo("Service");
        List<String> sequences = records.stream().map(record -> record.dynamodb().sequenceNumber()).toList();
        assertThat(sequences).isSorted().doesNotHaveDuplicates();
    }

    @Test
    void eachViewTypeCarriesItsImages() {
        for (StreamViewType viewType : List.of(StreamViewType.KEYS_ONLY, StreamViewType.NEW_IMAGE,
                StreamViewType.OLD_IMAGE)) {
            String table = "view-" + viewType.name().toLowerCase().replace('_', '-');
            String arn = createTable(table, viewType);
            client.putItem(b -> b.tableName(table).item(item("a", 1, 1)));
            client.putItem(b -> b.tableName(table).item(item("a", 1, 2)));

            List<Record> records = readAll(iterator(arn, ShardIteratorType.TRIM_HORIZON, null), 10);

            assertThat(records).hasSize(2);
            Record modify = records.get(1);
            assertThat(modify.dynamodb().keys()).isEqualTo(key("a", 1));
            assertThat(modify.dynamodb().hasNewImage()).as("%s new image", viewType)
                    .isEqualTo(viewType == StreamViewType.NEW_IMAGE);
            assertThat(modify.dynamodb().hasOldImage()).as("%s old image", viewType)
                    .isEqualTo(viewType == StreamViewType.OLD_IMAGE);
            if (viewType == StreamViewType.OLD_IMAGE) {
                assertThat(modify.dynamodb().oldImage()).isEqualTo(item("a", 1, 1));
            }
        }
    }

    @Test
    void iteratorTypesStartWhereTheySayAndPagesFollowNextShardIterator() {
        String arn = createTable("events", StreamViewType.KEYS_ONLY);
        for (int i = 0; i < 5; i++) {
            int sk = i;
            client.putItem(b -> b.tableName("events").item(key("e", sk)));
        }
        String latest = iterator(arn, ShardIteratorType.LATEST, null);
        client.putItem(b -> b.tableName("events").item(key("e", 5)));

        List<Record> all = readAll(iterator(arn, ShardIteratorType.TRIM_HORIZON, null), 2);
        String third = all.get(2).dynamodb().sequenceNumber();

        assertThat(all).extracting(record -> record.dynamodb().keys().get("sk").n())
                .containsExactly("0", "1", "2", "3", "4", "5");
        assertThat(readAll(latest, 10)).extracting(record -> record.dynamodb().keys().get("sk").n())
                .containsExactly("5");
        assertThat(readAll(iterator(arn, ShardIteratorType.AT_SEQUENCE_NUMBER, third), 10)).hasSize(4);
        assertThat(readAll(iterator(arn, ShardIteratorType.AFTER_SEQUENCE_NUMBER, third), 10)).hasSize(3);
        assertThat(streams.listStreams(b -> b.tableName("events")).streams()).singleElement()
                .satisfies(stream -> assertThat(stream.streamArn()).isEqualTo(arn));
    }

    @Test
    void disablingClosesTheShardAndReEnablingStartsANewStream() {
        String first = createTable("toggled", StreamViewType.NEW_IMAGE);
        client.putItem(b -> b.tableName("toggled").item(item("a", 1, 1)));
        String iterator = iterator(first, ShardIteratorType.TRIM_HORIZON, null);

        client.updateTable(b -> b.tableName("toggled").streamSpecification(s -> s.streamEnabled(false)));
        client.putItem(b -> b.tableName("toggled").item(item("a", 1, 2)));
        StreamDescription closed = streams.describeStream(b -> b.streamArn(first)).streamDescription();
        var page = streams.getRecords(b -> b.shardIterator(iterator));
        TableDescription disabled = client.describeTable(b -> b.tableName("toggled")).table();
        clock.advance(Duration.ofSeconds(1));
        client.updateTable(b -> b.tableName("toggled").streamSpecification(s -> s.streamEnabled(true)
                .streamViewType(StreamViewType.KEYS_ONLY)));
        String second = client.describeTable(b -> b.tableName("toggled")).table().latestStreamArn();

        assertThat(closed.streamStatus()).isEqualTo(StreamStatus.DISABLED);
        Shard shard = closed.shards().get(0);
        assertThat(shard.sequenceNumberRange().endingSequenceNumber()).isNotNull();
        assertThat(page.records()).hasSize(1);
        assertThat(page.nextShardIterator()).as("the closed shard is read to its end").isNull();
        assertThat(disabled.streamSpecification()).isNull();
        assertThat(disabled.latestStreamArn()).isEqualTo(first);
        assertThat(second).isNotEqualTo(first);
        assertThat(streams.listStreams(b -> b.tableName("toggled")).streams()).hasSize(2);
        assertThatThrownBy(() -> client.updateTable(b -> b.tableName("toggled").streamSpecification(s -> s
                .streamEnabled(true).streamViewType(StreamViewType.KEYS_ONLY))))
                .hasMessageContaining("Table already has an enabled stream: " + second);
    }

    @Test
    void aDeletedTablesStreamStaysReadableForADay() {
        String arn = createTable("dropped", StreamViewType.KEYS_ONLY);
        client.putItem(b -> b.tableName("dropped").item(key("a", 1)));
        client.deleteTable(b -> b.tableName("dropped"));

        assertThat(streams.describeStream(b -> b.streamArn(arn)).streamDescription().streamStatus())
                .isEqualTo(StreamStatus.DISABLED);
        assertThat(readAll(iterator(arn, ShardIteratorType.TRIM_HORIZON, null), 10)).hasSize(1);

        clock.advance(Duration.ofHours(24));
        assertThatThrownBy(() -> streams.describeStream(b -> b.streamArn(arn)))
                .isInstanceOf(ResourceNotFoundException.class)
                .hasMessageContaining("Requested resource not found: Stream: " + arn + " not found");
    }

    @Test
    void iteratorsExpireAfterFifteenMinutesAndRecordsAfterADay() {
        String arn = createTable("aging", StreamViewType.KEYS_ONLY);
        client.putItem(b -> b.tableName("aging").item(key("a", 1)));
        String iterator = iterator(arn, ShardIteratorType.TRIM_HORIZON, null);
        String sequence = streams.getRecords(b -> b.shardIterator(iterator)).records().get(0).dynamodb()
                .sequenceNumber();

        clock.advance(Duration.ofMinutes(16));
        assertThatThrownBy(() -> streams.getRecords(b -> b.shardIterator(iterator)))
                .isInstanceOf(ExpiredIteratorException.class);

        clock.advance(Duration.ofHours(24));
        client.putItem(b -> b.tableName("aging").item(key("a", 2)));
        assertThat(readAll(iterator(arn, ShardIteratorType.TRIM_HORIZON, null), 10))
                .extracting(record -> record.dynamodb().keys().get("sk").n()).containsExactly("2");
        assertThatThrownBy(() -> iterator(arn, ShardIteratorType.AT_SEQUENCE_NUMBER, sequence))
                .hasMessageContaining("oldest stream record");
        assertThatThrownBy(() -> streams.getRecords(b -> b.shardIterator("not-an-iterator")))
                .hasMessageContaining("Invalid ShardIterator");
    }
}
