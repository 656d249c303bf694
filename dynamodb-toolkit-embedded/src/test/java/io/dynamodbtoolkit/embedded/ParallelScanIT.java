package io.dynamodbtoolkit.embedded;

import io.dynamodbtoolkit.embedded.support.EmbeddedServer;
import io.dynamodbtoolkit.embedded.support.TableNames;
import io.dynamodbtoolkit.embedded.support.Tables;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Parallel scan: each segment is a contiguous range of the partition-key hash space (an item collection is never
 * split across segments), segments page on their own, together they read every item exactly once.
 */
@EmbeddedServer
class ParallelScanIT {

    private static String table;

    @BeforeAll
    static void fill(DynamoDbClient client, TableNames names) {
        table = names.next();
        Tables.create(client, table, "pk", ScalarAttributeType.S, "sk", ScalarAttributeType.N);
        for (int p = 0; p < 60; p++) {
            for (int s = 0; s < 5; s++) {
                int pk = p;
                int sk = s;
                client.putItem(b -> b.tableName(table).item(Map.of("pk", Tables.s("p" + pk), "sk", Tables.n(sk))));
            }
        }
    }

    private static List<Map<String, AttributeValue>> segment(DynamoDbClient client, int segment, int total) {
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        Map<String, AttributeValue> start = null;
        do {
            Map<String, AttributeValue> from = start;
            ScanResponse page = client.scan(b -> b.tableName(table).segment(segment).totalSegments(total).limit(4)
                    .exclusiveStartKey(from));
            items.addAll(page.items());
            start = page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty() ? page.lastEvaluatedKey() : null;
        } while (start != null);
        return items;
    }

    @Test
    void segmentsScannedInParallelReadEveryItemOnceAndKeepItemCollectionsTogether(DynamoDbClient client) {
        int total = 7;
        List<CompletableFuture<List<Map<String, AttributeValue>>>> scans = new ArrayList<>();
        for (int segment = 0; segment < total; segment++) {
            int current = segment;
            scans.add(CompletableFuture.supplyAsync(() -> segment(client, current, total)));
        }
        Set<String> seen = new HashSet<>();
        Map<String, Integer> segmentOfPartition = new HashMap<>();
        for (int segment = 0; segment < total; segment++) {
            for (Map<String, AttributeValue> item : scans.get(segment).join()) {
                assertThat(seen.add(item.get("pk").s() + "/" + item.get("sk").n())).isTrue();
                Integer previous = segmentOfPartition.put(item.get("pk").s(), segment);
                assertThat(previous == null || previous == segment).as("partition %s in one segment",
                        item.get("pk").s()).isTrue();
            }
        }

        assertThat(seen).hasSize(300);
        assertThat(new HashSet<>(segmentOfPartition.values())).hasSize(total);
    }

    @Test
    void moreSegmentsThanPartitionsLeaveSomeEmptyAndAStartKeyMustBelongToItsSegment(DynamoDbClient client) {
        int total = 150;
        int items = 0;
        int empty = 0;
        for (int segment = 0; segment < total; segment++) {
            int size = segment(client, segment, total).size();
            items += size;
            empty += size == 0 ? 1 : 0;
        }
        assertThat(items).isEqualTo(300);
        assertThat(empty).isGreaterThan(total - 60 - 1);

        ScanResponse first = client.scan(b -> b.tableName(table).segment(0).totalSegments(2).limit(1));
        Map<String, AttributeValue> startOfSegmentZero = first.lastEvaluatedKey();
        assertThatThrownBy(() -> client.scan(b -> b.tableName(table).segment(1).totalSegments(2)
                .exclusiveStartKey(startOfSegmentZero)))
                .hasMessageContaining("The provided starting key is invalid: Invalid ExclusiveStartKey. Please use"
                        + " ExclusiveStartKey with correct Segment. TotalSegments: 2 Segment: 1");
    }
}
