package io.dynamodbtoolkit.adapter;

import static io.dynamodbtoolkit.adapter.Rentals.item;
import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.MutableClock;
import io.dynamodbtoolkit.test.RecordedCall;
import io.dynamodbtoolkit.test.RequestLog;
import io.dynamodbtoolkit.test.TableSpec;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * The created-at field survives replacements by a caller whose type does not carry it (e.g. an entity without the
 * technical field): put and put-force keep the stored value, read with one projected GetItem; a new item gets the
 * current time; a caller that carries the field is written as it is, with no read.
 */
@DynamoDbTest
class CreatedAtIT {

    private static final TableSpec TABLE = TableSpec.named("sites").partitionKey("state", ScalarAttributeType.S)
            .sortKey("_sk", ScalarAttributeType.S);
    private static final KeyValues DALLAS = KeyValues.of("state", "TX", "facility", "Dallas");
    private static final Instant CREATED = Instant.parse("2026-11-01T00:00:00Z");

    private final MutableClock clock = new MutableClock(CREATED);
    private DynamoDbClient client;
    private Adapter<Map<String, Object>> sites;

    @BeforeEach
    void createTable(DynamoDbClient client, TestTables tables) {
        this.client = client;
        KeyModel keys = KeyModel.builder().keyFields("state", "facility").structuralKey("_sk").technicalPrefix("_")
                .createdAtField("_createdAt").build();
        sites = Adapter.create(AdapterDeclaration.builder(ItemMapper.documents()).table(tables.create(TABLE))
                .keys(keys).build(), client, AdapterOptions.defaults().withClock(clock));
        sites.post(item("state", "TX", "facility", "Dallas", "city", "Dallas"));
        clock.advance(Duration.ofDays(3));
    }

    private AttributeValue storedCreatedAt() {
        return client.getItem(b -> b.tableName(sites.table()).key(sites.keys().codec().primaryKeyFromKeyValues(DALLAS))
                .consistentRead(true)).item().get("_createdAt");
    }

    private static AttributeValue millis(Instant instant) {
        return AttributeValue.fromN(Long.toString(instant.toEpochMilli()));
    }

    @Test
    void putForceOfAnExistingItemKeepsItsCreatedAt(RequestLog log) {
        log.clear();

        Map<String, Object> written = sites.putForce(item("state", "TX", "facility", "Dallas", "city", "Big D"));

        assertThat(storedCreatedAt()).isEqualTo(millis(CREATED));
        assertThat(written).containsEntry("_createdAt", BigDecimal.valueOf(CREATED.toEpochMilli()));
        assertThat(log.calls().get(0).operation()).isEqualTo("GetItem");
        assertThat(log.calls().get(0).request(GetItemRequest.class).projectionExpression()).isNotBlank();
        assertThat(log.calls().get(1).operation()).isEqualTo("PutItem");
    }

    @Test
    void putOfAnExistingItemKeepsItsCreatedAt() {
        sites.put(item("state", "TX", "facility", "Dallas", "city", "Big D"));

        assertThat(storedCreatedAt()).isEqualTo(millis(CREATED));
    }

    @Test
    void putForceOfANewItemStampsTheCurrentTime() {
        sites.putForce(item("state", "TX", "facility", "Austin"));

        assertThat(client.getItem(b -> b.tableName(sites.table()).consistentRead(true)
                .key(sites.keys().codec().primaryKeyFromKeyValues(KeyValues.of("state", "TX", "facility", "Austin")))).item())
                .containsEntry("_createdAt", millis(clock.instant()));
    }

    @Test
    void aBatchPutKeepsTheStoredCreatedAtsAndStampsNewItems(RequestLog log) {
        log.clear();

        sites.putAll(List.of(item("state", "TX", "facility", "Dallas", "city", "Big D"),
                item("state", "TX", "facility", "Austin")));

        assertThat(log.calls()).extracting(RecordedCall::operation).containsExactly("BatchGetItem", "BatchWriteItem");
        assertThat(storedCreatedAt()).isEqualTo(millis(CREATED));
        assertThat(client.getItem(b -> b.tableName(sites.table()).consistentRead(true)
                .key(sites.keys().codec().primaryKeyFromKeyValues(KeyValues.of("state", "TX", "facility", "Austin")))).item())
                .containsEntry("_createdAt", millis(clock.instant()));
    }

    @Test
    void aCallerCarryingTheCreatedAtIsWrittenAsItIsWithoutARead(RequestLog log) {
        Instant given = Instant.parse("2020-01-01T00:00:00Z");
        log.clear();

        sites.putForce(item("state", "TX", "facility", "Dallas", "_createdAt", given.toEpochMilli()));

        assertThat(log.calls()).extracting(RecordedCall::operation).containsExactly("PutItem");
        assertThat(storedCreatedAt()).isEqualTo(millis(given));
    }
}
