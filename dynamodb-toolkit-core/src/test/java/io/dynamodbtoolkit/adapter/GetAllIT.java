package io.dynamodbtoolkit.adapter;

import static io.dynamodbtoolkit.adapter.Readings.key;
import static io.dynamodbtoolkit.adapter.Readings.mappedNumber;
import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.IntStream;

import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.RecordedCall;
import io.dynamodbtoolkit.test.RequestLog;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;

/** Reads by many keys: the caller's order, null slots for misses, duplicates, projections, number keys. */
@DynamoDbTest
class GetAllIT {

    private static final int STORED = 300;

    private static Adapter<Map<String, Object>> readings;

    @BeforeAll
    static void load(DynamoDbClient client, TestTables tables) {
        readings = Adapter.create(Readings.declaration(tables.create(Readings.TABLE)), client);
        readings.putAll(Readings.readings(STORED));
    }

    /** 250 keys: 219 stored ones in shuffled order, 30 misses, and a stored key (reading 17) asked again last. */
    private static List<KeyValues> mixedKeys() {
        List<KeyValues> keys = new ArrayList<>();
        IntStream.range(0, 219).forEach(i -> keys.add(key(i)));
        IntStream.range(0, 20).forEach(i -> keys.add(key(STORED + i)));
        IntStream.range(0, 10).forEach(i -> keys.add(KeyValues.of("device", "no-such-device", "reading", i)));
        Collections.shuffle(keys, new Random(11));
        keys.add(key(17));
        return keys;
    }

    private static void assertLinedUp(List<KeyValues> asked, List<Map<String, Object>> found) {
        assertThat(found).hasSize(asked.size());
        for (int i = 0; i < asked.size(); i++) {
            KeyValues key = asked.get(i);
            int number = ((Number) key.get("reading")).intValue();
            boolean stored = number < STORED && !"no-such-device".equals(key.get("device"));
            if (stored) {
                assertThat(found.get(i)).as("slot %d for %s", i, key).isNotNull()
                        .containsEntry("device", key.get("device"));
                assertThat(mappedNumber(found.get(i))).isEqualTo(number);
            } else {
                assertThat(found.get(i)).as("slot %d for %s", i, key).isNull();
            }
        }
    }

    private static List<KeysAndAttributes> sent(RequestLog log) {
        return log.calls("BatchGetItem").stream().map(call -> call.request(BatchGetItemRequest.class))
                .flatMap(request -> request.requestItems().values().stream()).toList();
    }

    @Test
    void manyKeysComeBackInTheCallersOrderWithNullSlots(RequestLog log) {
        List<KeyValues> asked = mixedKeys();

        List<Map<String, Object>> found = readings.getAll(asked, ReadOptions.defaults());

        assertLinedUp(asked, found);
        int first = asked.indexOf(key(17));
        assertThat(first).isLessThan(asked.size() - 1);
        assertThat(found.get(asked.size() - 1)).isEqualTo(found.get(first)).containsEntry("note", "reading 17")
                .containsEntry("value", new BigDecimal(51));
        List<KeysAndAttributes> sent = sent(log);
        assertThat(sent).extracting(k -> k.keys().size()).containsExactlyInAnyOrder(100, 100, 49);
        assertThat(sent.stream().flatMap(k -> k.keys().stream()).distinct().count()).isEqualTo(249);
        assertThat(sent).allSatisfy(k -> {
            assertThat(k.projectionExpression()).isNull();
            assertThat(k.consistentRead()).isNull();
        });
    }

    @Test
    void aProjectionStillLinesResultsUpBecauseKeysAreFetched(RequestLog log) {
        List<KeyValues> asked = mixedKeys();

        List<Map<String, Object>> found = readings.getAll(asked, ReadOptions.defaults().withFields("note"));

        assertLinedUp(asked, found);
        assertThat(found).filteredOn(item -> item != null)
                .allSatisfy(item -> assertThat(item).containsOnlyKeys("device", "reading", "note"));
        KeysAndAttributes first = sent(log).get(0);
        assertThat(first.expressionAttributeNames()).containsValues("note", "device", "reading");
    }

    @Test
    void aConsistentReadIsAskedForOnEveryCall(RequestLog log) {
        readings.getAll(IntStream.range(0, 150).mapToObj(Readings::key).toList(),
                ReadOptions.defaults().consistently());

        assertThat(sent(log)).hasSize(2).allSatisfy(k -> assertThat(k.consistentRead()).isTrue());
    }

    @Test
    void noKeysIsNoCall(RequestLog log) {
        assertThat(readings.getAll(List.of(), ReadOptions.defaults())).isEmpty();
        assertThat(log.calls()).isEmpty();
    }

    @Test
    void aNumberKeyLinesUpWhateverItsJavaForm(RequestLog log) {
        List<KeyValues> asked = List.of(KeyValues.of("device", Readings.device(12), "reading", new BigDecimal("12.00")),
                KeyValues.of("device", Readings.device(40), "reading", 40.0),
                KeyValues.of("device", Readings.device(7), "reading", 7L),
                KeyValues.of("device", Readings.device(250), "reading", new BigDecimal("2.5E+2")));

        List<Map<String, Object>> found = readings.getAll(asked, ReadOptions.defaults());

        assertThat(found).doesNotContainNull().extracting(Readings::mappedNumber).containsExactly(12, 40, 7, 250);
        List<RecordedCall> calls = log.calls("BatchGetItem");
        assertThat(calls).hasSize(1);
        assertThat(calls.get(0).request(BatchGetItemRequest.class).requestItems().values().iterator().next().keys())
                .extracting(k -> k.get("reading")).containsExactly(AttributeValue.fromN("12"), AttributeValue.fromN("40"),
                        AttributeValue.fromN("7"), AttributeValue.fromN("250"));
    }
}
