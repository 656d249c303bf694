package io.dynamodbtoolkit.adapter;

import static io.dynamodbtoolkit.adapter.Rentals.item;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.key.SubtreeQuery;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Reads from plain positions: resume right after any item handed out, refuse positions of another read. */
@DynamoDbTest
class KeySeekIT {

    private static final KeyValues DALLAS = KeyValues.of("state", "TX", "facility", "Dallas");

    private Adapter<Map<String, Object>> rentals;

    @BeforeEach
    void load(DynamoDbClient dynamo, TestTables tables) {
        rentals = Adapter.create(Rentals.declaration(tables.create(Rentals.TABLE)), dynamo);
        List<Map<String, Object>> items = new ArrayList<>(Rentals.items());
        for (int v = 10; v < 40; v++) {
            items.add(item("state", "TX", "facility", "Dallas", "vin", "X" + v));
        }
        rentals.putAll(items);
    }

    @Test
    void aReadResumesRightAfterTheItemWhosePositionItKeptEvenWhenTheItemsBeforeItAreGone() {
        KeySeek seek = rentals.stored().seek(rentals.plan(SubtreeQuery.selfAndDescendants(DALLAS)), true);
        List<String> all = readAll(seek, KeySeek.Position.START, 7);
        assertThat(all).hasSize(34).first().isEqualTo("TX|Dallas");
        assertThat(all).doesNotHaveDuplicates().allSatisfy(key -> assertThat(key).startsWith("TX|Dallas"))
                .noneMatch(key -> key.startsWith("TX|Dallasville"));

        KeySeek.Page first = seek.read(KeySeek.Position.START, 10);
        KeySeek.Position afterFifth = first.positions().get(4);
        // a move deleted the five items handed out (the node row among them) and the next two
        for (Map<String, AttributeValue> gone : first.items().subList(0, 7)) {
            rentals.stored().deleteIfExists(rentals.stored().keyOf(gone));
        }

        assertThat(readAll(seek, afterFifth, 4)).containsExactlyElementsOf(all.subList(7, all.size()));
    }

    @Test
    void thePositionsOfAPageSayTheSegmentOfEachItem() {
        KeySeek seek = rentals.stored().seek(rentals.plan(SubtreeQuery.selfAndDescendants(DALLAS)), true);

        KeySeek.Page page = seek.read(KeySeek.Position.START, 3);

        assertThat(page.positions()).extracting(KeySeek.Position::segment).containsExactly(0, 1, 1);
        assertThat(page.positions().get(1).after()).containsOnlyKeys("state", "_sk");
        assertThat(page.next()).isEqualTo(page.positions().get(2));
    }

    @Test
    void aPositionOfAnotherReadIsRefused() {
        KeySeek seek = rentals.stored().seek(rentals.plan(SubtreeQuery.selfAndDescendants(DALLAS)), true);

        assertThatThrownBy(() -> seek.read(new KeySeek.Position(1, Map.of("state", AttributeValue.fromS("TX"),
                "_sk", AttributeValue.fromS("TX|Dallasville|JT0004"))), 5))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("lies outside");
        assertThatThrownBy(() -> seek.read(new KeySeek.Position(1, Map.of("state", AttributeValue.fromS("OK"),
                "_sk", AttributeValue.fromS("TX|Dallas|X12"))), 5))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("lies outside");
        assertThatThrownBy(() -> seek.read(new KeySeek.Position(1, Map.of("vin", AttributeValue.fromS("X12"))), 5))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("holds attributes [vin]");
        assertThatThrownBy(() -> seek.read(new KeySeek.Position(2, null), 5))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("has 2 segment(s)");
    }

    @Test
    void theSegmentsOfAParallelScanTogetherReadEveryItemOnce() {
        List<String> read = new ArrayList<>();
        for (int segment = 0; segment < 3; segment++) {
            read.addAll(readAll(rentals.stored().seekScan(null, segment, 3, true), KeySeek.Position.START, 4));
        }

        assertThat(read).hasSize(43).doesNotHaveDuplicates();
        assertThatThrownBy(() -> rentals.stored().seekScan(null, 3, 3, true))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("segment 3 of 3 does not exist");
    }

    /** @return the structural keys read from a position to the end, a page of {@code limit} at a time */
    private static List<String> readAll(KeySeek seek, KeySeek.Position from, int limit) {
        List<String> keys = new ArrayList<>();
        Set<KeySeek.Position> seen = new HashSet<>();
        for (KeySeek.Position at = from; at != null; ) {
            assertThat(seen.add(at)).as("progress").isTrue();
            KeySeek.Page page = seek.read(at, limit);
            page.items().forEach(item -> keys.add(item.get("_sk").s()));
            at = page.next();
        }
        return keys;
    }
}
