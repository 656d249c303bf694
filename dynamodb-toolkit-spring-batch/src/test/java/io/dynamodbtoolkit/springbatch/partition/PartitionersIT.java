package io.dynamodbtoolkit.springbatch.partition;

import static io.dynamodbtoolkit.springbatch.Fleet.TEXAS;
import static io.dynamodbtoolkit.springbatch.Fleet.sortKey;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.index.IndexQuery;
import io.dynamodbtoolkit.springbatch.Fleet;
import io.dynamodbtoolkit.springbatch.item.StoredItemReader;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.batch.infrastructure.item.ExecutionContext;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The partitions cover what they split exactly: their union is the whole, and no two share an item. */
@DynamoDbTest
class PartitionersIT {

    private DynamoDbClient client;
    private Adapter<Map<String, Object>> rentals;

    @BeforeEach
    void load(DynamoDbClient dynamo, TestTables tables) {
        client = dynamo;
        rentals = Fleet.create(dynamo, tables, "partitions");
        Fleet.load(rentals, Map.of("Dallas", 53, "Dallasville", 7, "El Paso", 12));
    }

    @Test
    void aSubtreeSplitsIntoItsNodesRowAndOneChildEachWithABigChildSplitByRangeCoveringItExactly() {
        // rows under a facility that has no row of its own (written without the parent guard)
        client.putItem(put -> put.tableName(rentals.table()).item(Map.of("state", AttributeValue.fromS("TX"),
                "_sk", AttributeValue.fromS("TX|Houston|HO0001"), "kind", AttributeValue.fromS("vehicle"))));
        SubtreePartitioner partitioner = new SubtreePartitioner(rentals, TEXAS);
        partitioner.setSplitRows(12);

        Map<String, ExecutionContext> partitions = partitioner.partition(3);

        // TX's row; Austin, Dallasville, El Paso (13 rows, 12 under it: not split), Houston; Dallas's 54 rows in 5
        assertThat(partitions).hasSize(1 + 4 + 5);
        List<SubtreePartition> dallas = partitions.values().stream().map(SubtreePartition::readFrom)
                .filter(partition -> partition.node().get("facility") != null
                        && partition.node().get("facility").s().equals("Dallas")).toList();
        assertThat(dallas).extracting(SubtreePartition::rows).containsExactly(13L, 12L, 12L, 12L, 5L);
        assertThat(dallas.get(0).afterSortKey()).isNull();
        assertThat(dallas.get(4).throughSortKey()).isNull();
        for (int i = 1; i < dallas.size(); i++) {
            assertThat(dallas.get(i).afterSortKey()).isEqualTo(dallas.get(i - 1).throughSortKey());
        }
        List<String> read = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (ExecutionContext context : partitions.values()) {
            List<String> partition = readAll(SubtreePartition.readFrom(context).reader(rentals));
            assertThat(partition).as("partition " + context).isNotEmpty()
                    .allSatisfy(key -> assertThat(seen.add(key)).as(key + " in one partition only").isTrue());
            read.addAll(partition);
        }
        assertThat(read).containsExactlyInAnyOrderElementsOf(Fleet.keysUnder(rentals, TEXAS))
                .hasSize(1 + 1 + 54 + 8 + 13 + 1);
    }

    @Test
    void aChildOfExactlyTheSplitSizeIsOnePartitionAndRowsAddedAfterThePartitionsWereMadeAreStillCovered() {
        SubtreePartitioner partitioner = new SubtreePartitioner(rentals, TEXAS);
        partitioner.setSplitRows(53);
        Map<String, ExecutionContext> partitions = partitioner.partition(1);
        assertThat(partitions).hasSize(1 + 4);
        Fleet.load(rentals, Map.of("Dallas", 60));

        List<String> read = new ArrayList<>();
        partitions.values().forEach(context -> read.addAll(readAll(SubtreePartition.readFrom(context)
                .reader(rentals))));

        assertThat(read).containsExactlyInAnyOrderElementsOf(Fleet.keysUnder(rentals, TEXAS));
    }

    @Test
    void aPartitionContextThatIsNotASubtreePartitionIsRefusedNamingTheKey() {
        ExecutionContext context = new ExecutionContext();
        assertThatThrownBy(() -> SubtreePartition.readFrom(context)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'" + SubtreePartition.NODE + "'");
        context.putString(SubtreePartition.NODE, "state");
        assertThatThrownBy(() -> SubtreePartition.readFrom(context)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'" + SubtreePartition.NODE + "' holds 'state'");
    }

    @Test
    void aShardedMarkerSplitsByShardAndTheShardsReadEachVehicleOnce() {
        IndexQuery vehicles = IndexQuery.on("all-vehicles");
        Map<String, ExecutionContext> partitions = new ShardPartitioner(rentals, vehicles).partition(99);

        assertThat(partitions).hasSize(Fleet.VEHICLE_SHARDS);
        List<String> read = new ArrayList<>();
        partitions.values().forEach(context -> read.addAll(readAll(ShardPartitioner.reader(rentals, vehicles,
                context))));
        assertThat(read).hasSize(53 + 7 + 12).doesNotHaveDuplicates();
        assertThatThrownBy(() -> new ShardPartitioner(rentals, IndexQuery.on("all-facilities")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("is not sharded");
        ExecutionContext tampered = new ExecutionContext(partitions.values().iterator().next());
        tampered.putInt(ShardPartitioner.SHARDS, 8);
        assertThatThrownBy(() -> ShardPartitioner.reader(rentals, vehicles, tampered))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(ShardPartitioner.SHARDS);
    }

    @Test
    void aWholeTableSplitsIntoGridSizeScanSegmentsThatReadEachItemOnce() {
        Map<String, ExecutionContext> partitions = new ScanSegmentPartitioner().partition(5);

        assertThat(partitions).hasSize(5);
        List<String> read = new ArrayList<>();
        partitions.values().forEach(context -> read.addAll(readAll(ScanSegmentPartitioner.reader(rentals, context))));
        assertThat(read).containsExactlyInAnyOrderElementsOf(Fleet.keysUnder(rentals, TEXAS));
        assertThatThrownBy(() -> new ScanSegmentPartitioner().partition(0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("gridSize 0");
        assertThatThrownBy(() -> ScanSegmentPartitioner.reader(rentals, new ExecutionContext()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(ScanSegmentPartitioner.SEGMENT);
    }

    private static List<String> readAll(StoredItemReader reader) {
        ExecutionContext context = new ExecutionContext();
        reader.setPageSize(5);
        reader.open(context);
        List<String> keys = new ArrayList<>();
        for (Map<String, AttributeValue> item = reader.read(); item != null; item = reader.read()) {
            keys.add(sortKey(item));
        }
        reader.close();
        return keys;
    }
}
