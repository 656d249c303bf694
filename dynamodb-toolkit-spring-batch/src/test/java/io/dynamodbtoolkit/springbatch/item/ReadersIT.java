package io.dynamodbtoolkit.springbatch.item;

import static io.dynamodbtoolkit.springbatch.Fleet.DALLAS;
import static io.dynamodbtoolkit.springbatch.Fleet.sortKey;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.IntStream;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.filter.FieldRule;
import io.dynamodbtoolkit.filter.Filter;
import io.dynamodbtoolkit.filter.FilterClause;
import io.dynamodbtoolkit.filter.FilterOperator;
import io.dynamodbtoolkit.index.IndexQuery;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.springbatch.Fleet;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.batch.infrastructure.item.ExecutionContext;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The readers resume exactly after their saved position and refuse a position that is not theirs. */
@DynamoDbTest
class ReadersIT {

    private Adapter<Map<String, Object>> rentals;

    @BeforeEach
    void load(DynamoDbClient client, TestTables tables) {
        rentals = Fleet.create(client, tables, "readers");
        Fleet.load(rentals, Map.of("Dallas", 40, "Dallasville", 5));
    }

    @Test
    void aSubtreeReaderResumesRightAfterTheLastItemItHandedOutWhileAMoveDeletesTheRowsRead() {
        List<String> subtree = Fleet.keysUnder(rentals, DALLAS);
        assertThat(subtree).hasSize(41);
        List<String> read = new ArrayList<>();
        ExecutionContext context = new ExecutionContext();
        SubtreeItemReader first = reader();
        first.open(context);
        for (int i = 0; i < 13; i++) {
            read.add(moved(first.read()));
        }
        first.update(context);
        first.read(); // read beyond the committed chunk: not saved, read again after the restart
        first.close();

        SubtreeItemReader restarted = reader();
        restarted.open(context);
        for (Map<String, AttributeValue> item = restarted.read(); item != null; item = restarted.read()) {
            read.add(moved(item));
        }
        restarted.update(context);

        assertThat(read).containsExactlyElementsOf(subtree);
        assertThat(context.getInt("SubtreeItemReader.segment")).as("complete").isEqualTo(2);
        assertThat(context.containsKey("SubtreeItemReader.after")).isFalse();
        SubtreeItemReader afterTheEnd = reader();
        afterTheEnd.open(context);
        assertThat(afterTheEnd.read()).isNull();
    }

    @Test
    void theSavedPositionIsTheKeyOfTheLastItemHandedOut() {
        ExecutionContext context = new ExecutionContext();
        SubtreeItemReader reader = reader();
        reader.open(context);
        reader.read();
        reader.read();
        reader.update(context);

        assertThat(context.getString("SubtreeItemReader.after")).isEqualTo("_sk=S:TX%7CDallas%7CDA0000&state=S:TX");
        assertThat(context.getInt("SubtreeItemReader.segment")).isEqualTo(1);
        assertThat(context.getString("SubtreeItemReader.scope")).startsWith("subtree {state=TX, facility=Dallas}");
    }

    @Test
    void aReaderOfTheSameNodeGivenInAnotherFieldOrderResumesFromThePosition() {
        ExecutionContext context = new ExecutionContext();
        SubtreeItemReader first = new SubtreeItemReader(rentals, KeyValues.of("state", "TX", "facility", "Dallas"));
        first.open(context);
        String firstKey = Fleet.sortKey(first.read());
        first.update(context);

        SubtreeItemReader restarted = new SubtreeItemReader(rentals,
                KeyValues.of("facility", "Dallas", "state", "TX"));
        restarted.open(context);

        assertThat(restarted.scope()).isEqualTo(first.scope());
        assertThat(Fleet.sortKey(restarted.read())).isGreaterThan(firstKey);
    }

    @Test
    void aPositionOfAnotherSubtreeIsRefusedNamingTheContextKey() {
        ExecutionContext context = new ExecutionContext();
        SubtreeItemReader dallasville = new SubtreeItemReader(rentals,
                KeyValues.of("state", "TX", "facility", "Dallasville"));
        dallasville.open(context);
        dallasville.read();
        dallasville.update(context);

        assertThatThrownBy(() -> reader().open(context)).isInstanceOf(ForeignPositionException.class)
                .hasMessageContaining("'SubtreeItemReader.scope'").hasMessageContaining("Dallasville");
    }

    @Test
    void aTamperedKeyIsRefusedNamingTheContextKey() {
        ExecutionContext context = new ExecutionContext();
        SubtreeItemReader reader = reader();
        reader.open(context);
        reader.read();
        reader.read();
        reader.update(context);
        context.putString("SubtreeItemReader.after", "_sk=S:TX%7CDallasville%7CDA0001&state=S:TX");

        assertThatThrownBy(() -> reader().open(context)).isInstanceOf(ForeignPositionException.class)
                .satisfies(e -> assertThat(((ForeignPositionException) e).contextKey())
                        .isEqualTo("SubtreeItemReader.after"))
                .hasMessageContaining("lies outside");
        context.putString("SubtreeItemReader.after", "garbage");
        assertThatThrownBy(() -> reader().open(context)).isInstanceOf(ForeignPositionException.class)
                .hasMessageContaining("'SubtreeItemReader.after'").hasMessageContaining("name=TYPE:value");
        context.putString("SubtreeItemReader.segment", "1");
        assertThatThrownBy(() -> reader().open(context)).isInstanceOf(ForeignPositionException.class)
                .hasMessageContaining("'SubtreeItemReader.segment'");
    }

    @Test
    void aFilteredReaderHandsOutOnlyMatchingRowsResumesAmongThemAndRefusesAPositionOfAnotherFilter() {
        Filter lowMileage = Filter.of(List.of(new FilterClause(FieldRule.number("miles"), FilterOperator.LT,
                List.of(AttributeValue.fromN("25")), "25")));
        ExecutionContext context = new ExecutionContext();
        SubtreeItemReader first = SubtreeItemReader.range(rentals, DALLAS, null, null, lowMileage);
        first.setPageSize(4);
        first.open(context);
        List<String> read = new ArrayList<>();
        for (int i = 0; i < 9; i++) {
            read.add(sortKey(first.read()));
        }
        first.update(context);

        SubtreeItemReader restarted = SubtreeItemReader.range(rentals, DALLAS, null, null, lowMileage);
        restarted.setPageSize(4);
        read.addAll(readAll(restarted, context));

        assertThat(read).containsExactlyElementsOf(IntStream.range(0, 25)
                .mapToObj(v -> String.format("TX|Dallas|DA%04d", v)).toList());
        assertThatThrownBy(() -> reader().open(context)).isInstanceOf(ForeignPositionException.class)
                .hasMessageContaining("'SubtreeItemReader.scope'").hasMessageContaining("where");
    }

    @Test
    void rangesCutAtTheSameKeysCoverTheSubtreeExactly() {
        List<String> subtree = Fleet.keysUnder(rentals, DALLAS);
        String cut1 = subtree.get(9);
        String cut2 = subtree.get(30);

        List<String> read = new ArrayList<>();
        read.addAll(readAll(SubtreeItemReader.range(rentals, DALLAS, null, cut1)));
        read.addAll(readAll(SubtreeItemReader.range(rentals, DALLAS, cut1, cut2)));
        read.addAll(readAll(SubtreeItemReader.range(rentals, DALLAS, cut2, null)));

        assertThat(read).containsExactlyElementsOf(subtree);
        assertThat(readAll(SubtreeItemReader.range(rentals, DALLAS, null, "TX|Dallas"))).containsExactly("TX|Dallas");
        assertThatThrownBy(() -> SubtreeItemReader.range(rentals, DALLAS, "TX|Dallasville|DV0000", null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("afterSortKey");
    }

    @Test
    void aRangeRefusesAPositionOutsideItsBounds() {
        List<String> subtree = Fleet.keysUnder(rentals, DALLAS);
        ExecutionContext context = new ExecutionContext();
        SubtreeItemReader wide = SubtreeItemReader.range(rentals, DALLAS, subtree.get(2), subtree.get(30));
        wide.open(context);
        wide.read();
        wide.update(context);
        context.putString("SubtreeItemReader.after", "_sk=S:" + subtree.get(35).replace("|", "%7C") + "&state=S:TX");

        assertThatThrownBy(() -> SubtreeItemReader.range(rentals, DALLAS, subtree.get(2), subtree.get(30))
                .open(context)).isInstanceOf(ForeignPositionException.class).hasMessageContaining("upper bound");
    }

    @Test
    void theShardsOfAShardedMarkerTogetherReadEachVehicleOnceAndRefuseEachOthersPositions() {
        IndexQuery vehicles = IndexQuery.on("all-vehicles");
        assertThat(IndexItemReader.shardsOf(rentals, vehicles)).isEqualTo(Fleet.VEHICLE_SHARDS);
        List<String> read = new ArrayList<>();
        for (int shard = 0; shard < Fleet.VEHICLE_SHARDS; shard++) {
            read.addAll(readAll(IndexItemReader.shard(rentals, vehicles, shard)));
        }
        assertThat(read).hasSize(45).doesNotHaveDuplicates().allSatisfy(key -> assertThat(key).contains("|D"));

        ExecutionContext context = new ExecutionContext();
        IndexItemReader shard0 = IndexItemReader.shard(rentals, vehicles, 0);
        shard0.open(context);
        assertThat(shard0.read()).as("whole items").containsKeys("miles", "kind");
        shard0.update(context);
        assertThatThrownBy(() -> IndexItemReader.shard(rentals, vehicles, 1).open(context))
                .isInstanceOf(ForeignPositionException.class).hasMessageContaining("shard 0 of 4");
        assertThatThrownBy(() -> new IndexItemReader(rentals, vehicles))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("IndexItemReader.shard");
    }

    @Test
    void aSparseMarkerReaderReadsWholeItemsOfItsMembersOnly() {
        assertThat(readAll(new IndexItemReader(rentals, IndexQuery.on("all-facilities"))))
                .containsExactly("TX|Austin", "TX|Dallas", "TX|Dallasville");
    }

    @Test
    void scanSegmentsReadTheWholeTableOnceAndKeepTheirPositionPerSegment() {
        Set<String> read = new HashSet<>();
        int total = 0;
        ExecutionContext segment1 = new ExecutionContext();
        for (int segment = 0; segment < 3; segment++) {
            ScanSegmentItemReader reader = new ScanSegmentItemReader(rentals, segment, 3);
            reader.setPageSize(4);
            List<String> keys = readAll(reader, segment == 1 ? segment1 : new ExecutionContext());
            total += keys.size();
            read.addAll(keys);
        }

        assertThat(total).isEqualTo(read.size()).isEqualTo(1 + 1 + 41 + 6);
        assertThatThrownBy(() -> new ScanSegmentItemReader(rentals, 2, 3).open(segment1))
                .isInstanceOf(ForeignPositionException.class).hasMessageContaining("Scan segment 1 of 3");
        assertThatThrownBy(() -> new ScanSegmentItemReader(rentals, 1, 4).open(segment1))
                .isInstanceOf(ForeignPositionException.class).hasMessageContaining("'ScanSegmentItemReader.scope'");
    }

    private SubtreeItemReader reader() {
        SubtreeItemReader reader = new SubtreeItemReader(rentals, DALLAS);
        reader.setPageSize(7);
        return reader;
    }

    /** Moves the item away, as a move writer would, and returns its key. */
    private String moved(Map<String, AttributeValue> item) {
        rentals.stored().deleteIfExists(rentals.stored().keyOf(item));
        return sortKey(item);
    }

    private static List<String> readAll(StoredItemReader reader) {
        return readAll(reader, new ExecutionContext());
    }

    private static List<String> readAll(StoredItemReader reader, ExecutionContext context) {
        reader.open(context);
        List<String> keys = new ArrayList<>();
        for (Map<String, AttributeValue> item = reader.read(); item != null; item = reader.read()) {
            keys.add(sortKey(item));
        }
        reader.update(context);
        reader.close();
        return keys;
    }
}
