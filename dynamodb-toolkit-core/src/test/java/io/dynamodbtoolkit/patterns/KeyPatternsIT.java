package io.dynamodbtoolkit.patterns;

import static io.dynamodbtoolkit.patterns.Provisioned.item;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.ItemPage;
import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.expression.KeyAttribute;
import io.dynamodbtoolkit.index.IndexDeclaration;
import io.dynamodbtoolkit.index.IndexProjection;
import io.dynamodbtoolkit.index.IndexQuery;
import io.dynamodbtoolkit.key.KeyField;
import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.key.SubtreeQuery;
import io.dynamodbtoolkit.key.Timestamps;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.RequestLog;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/** The seed's key-expression patterns, each as a declaration and the key seeks it serves, on a real server. */
@DynamoDbTest
class KeyPatternsIT {

    @Nested
    class StatusAndTimestampCompoundSortKey {
        @Test
        void aCustomersOpenOrdersNewestFirstExactlyLimitItems(DynamoDbClient client, TestTables tables,
                RequestLog log) {
            Adapter<Map<String, Object>> orders = Provisioned.documents(client, tables, "orders", d -> d.keys(
                    KeyModel.builder().keyFields("customerId", "status", "createdAt").structuralKey("_sk", "#")
                            .technicalPrefix("_").build()));
            List<Map<String, Object>> all = new ArrayList<>();
            for (int day = 1; day <= 28; day++) {
                String status = day % 3 == 0 ? "shipped" : "open";
                all.add(item("customerId", "C-100", "status", status, "createdAt", "2026-07-" + pad(day) + "T09:00:00Z"));
                all.add(item("customerId", "C-200", "status", "open", "createdAt", "2026-07-" + pad(day) + "T10:00:00Z"));
            }
            orders.putAll(all);
            log.clear();

            ItemPage<Map<String, Object>> newest = orders.query(IndexQuery.table().eq("customerId", "C-100")
                    .eq("status", "open"), ListOptions.defaults().withLimit(5).inDescendingOrder());

            assertThat(newest.items()).extracting(order -> order.get("createdAt")).containsExactly(
                    "2026-07-28T09:00:00Z", "2026-07-26T09:00:00Z", "2026-07-25T09:00:00Z", "2026-07-23T09:00:00Z",
                    "2026-07-22T09:00:00Z");
            QueryRequest sent = log.calls("Query").get(0).request(QueryRequest.class);
            assertThat(sent.limit()).as("the page, and one item more to know whether more follow").isEqualTo(6);
            assertThat(sent.scanIndexForward()).isFalse();
            assertThat(sent.expressionAttributeValues().get(":v1").s()).isEqualTo("C-100#open#");
            log.assertNoReadAmplification();
        }
    }

    @Nested
    class ReverseTimestamp {
        @Test
        void thirteenDigitsNewestFirstAndBack() {
            long earlier = Instant.parse("2026-07-01T00:00:00Z").toEpochMilli();
            long later = Instant.parse("2026-07-16T09:12:00Z").toEpochMilli();

            assertThat(Timestamps.reverse(later)).hasSize(13).isLessThan(Timestamps.reverse(earlier));
            assertThat(Timestamps.reverse(0)).isEqualTo("9999999999999");
            assertThat(Timestamps.fromReverse(Timestamps.reverse(later))).isEqualTo(Instant.ofEpochMilli(later));
            assertThatThrownBy(() -> Timestamps.reverse(-1)).isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Nested
    class MultiTenantPrefix {
        @Test
        void everythingUnderATenantAndNothingAcross(DynamoDbClient client, TestTables tables, RequestLog log) {
            Adapter<Map<String, Object>> workspaces = Provisioned.documents(client, tables, "workspaces", d -> d.keys(
                    KeyModel.builder().keyFields("tenantId", "entityId").structuralKey("_sk").technicalPrefix("_")
                            .build()));
            workspaces.putAll(List.of(item("tenantId", "acme", "entityId", "doc-1"),
                    item("tenantId", "acme", "entityId", "doc-2"), item("tenantId", "acmeco", "entityId", "doc-9"),
                    item("tenantId", "globex", "entityId", "doc-1")));
            log.clear();

            ItemPage<Map<String, Object>> acme = workspaces.list(SubtreeQuery.children(KeyValues.of("tenantId", "acme")),
                    ListOptions.defaults().withLimit(50));

            assertThat(acme.items()).extracting(doc -> doc.get("tenantId")).containsOnly("acme").hasSize(2);
            log.assertNoReadAmplification();
        }
    }

    @Nested
    class AdjacencyList {
        @Test
        void teamsOfAUserAndMembersOfATeamWithEdgeAttributes(DynamoDbClient client, TestTables tables,
                RequestLog log) {
            Adapter<Map<String, Object>> graph = Provisioned.documents(client, tables, "graph", d -> d
                    .keys(KeyModel.builder().keyFields("src", "dst").structuralKey("_sk").technicalPrefix("_").build())
                    .indexes(IndexDeclaration.global("reverse").partitionKey("dst").sortKey("src")
                            .projection(IndexProjection.KEYS_ONLY).build()));
            graph.putAll(List.of(
                    item("src", "user#42", "dst", "user#42", "name", "Ada"),
                    item("src", "user#7", "dst", "user#7", "name", "Bob"),
                    item("src", "user#42", "dst", "team#7", "role", "member"),
                    item("src", "user#42", "dst", "team#9", "role", "admin"),
                    item("src", "user#7", "dst", "team#7", "role", "owner"),
                    item("src", "user#42", "dst", "org#1", "role", "employee")));
            log.clear();

            ItemPage<Map<String, Object>> teams = graph.list(SubtreeQuery.partial(KeyValues.of("src", "user#42"),
                    "team#"), ListOptions.defaults());
            ItemPage<Map<String, Object>> members = graph.queryIndirect(IndexQuery.on("reverse").eq("dst", "team#7"),
                    ListOptions.defaults());

            assertThat(teams.items()).extracting(edge -> edge.get("dst") + ":" + edge.get("role"))
                    .containsExactly("team#7:member", "team#9:admin");
            assertThat(members.items()).extracting(edge -> edge.get("src") + ":" + edge.get("role"))
                    .containsExactly("user#42:member", "user#7:owner");
            log.assertNoReadAmplification();
        }
    }

    @Nested
    class WriteShardedTimeSeries {
        @Test
        void aThreeMonthWindowIsThreeQueriesInTimeOrderUnderOneCursor(DynamoDbClient client, TestTables tables,
                RequestLog log) {
            Adapter<Map<String, Object>> events = Provisioned.documents(client, tables, "events", d -> d.keys(
                    KeyModel.builder().keyFields(KeyField.string("bucket"), KeyField.number("ts", 13))
                            .structuralKey("_sk").technicalPrefix("_").build()));
            Instant start = Instant.parse("2026-05-20T00:00:00Z");
            List<Map<String, Object>> readings = new ArrayList<>();
            List<Long> expected = new ArrayList<>();
            Instant from = Instant.parse("2026-06-10T00:00:00Z");
            Instant to = Instant.parse("2026-08-05T00:00:00Z");
            for (int i = 0; i < 100; i++) {
                Instant at = start.plus(i, ChronoUnit.DAYS);
                for (String device : List.of("device-7", "device-8")) {
                    readings.add(item("bucket", Timestamps.monthlyBucket(device, at), "ts", at.toEpochMilli(),
                            "value", i));
                }
                if (!at.isBefore(from) && !at.isAfter(to)) {
                    expected.add(at.toEpochMilli());
                }
            }
            events.putAll(readings);
            log.clear();

            List<IndexQuery> window = Timestamps.monthlyBuckets("device-7", from, to).stream()
                    .map(bucket -> IndexQuery.table().eq("bucket", bucket).between("ts", from.toEpochMilli(),
                            to.toEpochMilli())).toList();
            assertThat(window).hasSize(3);
            List<Long> seen = new ArrayList<>();
            String cursor = null;
            do {
                ItemPage<Map<String, Object>> page = events.query(window, ListOptions.defaults().withLimit(10)
                        .withCursor(cursor));
                page.items().forEach(reading -> seen.add(((java.math.BigDecimal) reading.get("ts")).longValue()));
                cursor = page.nextCursor();
            } while (cursor != null);

            assertThat(seen).containsExactlyElementsOf(expected);
            assertThat(log.calls("Query")).extracting(call -> call.request(QueryRequest.class)
                    .expressionAttributeValues().get(":v0").s()).containsOnly("device-7#2026-06", "device-7#2026-07",
                            "device-7#2026-08");
            log.assertNoReadAmplification();
        }
    }

    @Nested
    class ZeroPaddedNumbers {
        @Test
        void paddedComponentsSortNumerically(DynamoDbClient client, TestTables tables, RequestLog log) {
            Adapter<Map<String, Object>> items = Provisioned.documents(client, tables, "numbered", d -> d.keys(
                    KeyModel.builder().keyFields(KeyField.string("list"), KeyField.number("n", 6)).structuralKey("_sk")
                            .technicalPrefix("_").build()));
            items.putAll(List.of(item("list", "a", "n", 10), item("list", "a", "n", 9), item("list", "a", "n", 100),
                    item("list", "a", "n", 2)));

            assertThat(items.list(SubtreeQuery.children(KeyValues.of("list", "a")), ListOptions.defaults()).items())
                    .extracting(item -> ((java.math.BigDecimal) item.get("n")).intValue()).containsExactly(2, 9, 10, 100);
            assertThat(items.query(IndexQuery.table().eq("list", "a").between("n", 9, 10), ListOptions.defaults())
                    .items()).hasSize(2);
            log.assertNoReadAmplification();
        }
    }

    @Nested
    class NativeMultiAttributeIndexKeys {
        @Test
        void equalitiesLeftToRightThenOneRange(DynamoDbClient client, TestTables tables, RequestLog log) {
            Adapter<Map<String, Object>> stores = Provisioned.documents(client, tables, "stores", d -> d
                    .keys(KeyModel.builder().keyFields("storeId").build())
                    .indexes(IndexDeclaration.global("by-location")
                            .partitionAttributes(KeyAttribute.of("country", ScalarAttributeType.S),
                                    KeyAttribute.of("region", ScalarAttributeType.S))
                            .sortAttributes(KeyAttribute.of("city", ScalarAttributeType.S),
                                    KeyAttribute.of("size", ScalarAttributeType.N)).build()));
            stores.putAll(List.of(
                    item("storeId", "s1", "country", "US", "region", "TX", "city", "Austin", "size", 100),
                    item("storeId", "s2", "country", "US", "region", "TX", "city", "Austin", "size", 300),
                    item("storeId", "s3", "country", "US", "region", "TX", "city", "Dallas", "size", 200),
                    item("storeId", "s4", "country", "US", "region", "CA", "city", "Austin", "size", 50),
                    item("storeId", "s5", "country", "US", "region", "TX", "size", 10)));
            log.clear();

            assertThat(storeIds(stores, IndexQuery.on("by-location").eq("country", "US").eq("region", "TX")))
                    .containsExactly("s1", "s2", "s3");
            assertThat(storeIds(stores, IndexQuery.on("by-location").eq("country", "US").eq("region", "TX")
                    .eq("city", "Austin").ge("size", 200))).containsExactly("s2");
            assertThat(storeIds(stores, IndexQuery.on("by-location").eq("country", "US").eq("region", "TX")
                    .beginsWith("city", "Da"))).containsExactly("s3");
            log.assertNoReadAmplification();
        }

        private List<Object> storeIds(Adapter<Map<String, Object>> stores, IndexQuery query) {
            return stores.query(query, ListOptions.defaults()).items().stream().map(s -> s.get("storeId")).toList();
        }
    }

    @Nested
    class LocalIndex {
        @Test
        void aLocalIndexSortsAPartitionByAnotherAttribute(DynamoDbClient client, TestTables tables, RequestLog log) {
            Adapter<Map<String, Object>> orders = Provisioned.documents(client, tables, "lsi", d -> d
                    .keys(KeyModel.builder().keyFields("customerId", "orderId").structuralKey("_sk")
                            .technicalPrefix("_").build())
                    .indexes(IndexDeclaration.local("by-total").sortKey("total", ScalarAttributeType.N).build()));
            orders.putAll(List.of(item("customerId", "c", "orderId", "o1", "total", 30),
                    item("customerId", "c", "orderId", "o2", "total", 10),
                    item("customerId", "c", "orderId", "o3", "total", 20)));
            log.clear();

            ItemPage<Map<String, Object>> cheap = orders.query(IndexQuery.on("by-total").eq("customerId", "c")
                    .lt("total", 25), ListOptions.defaults().consistently());

            assertThat(cheap.items()).extracting(order -> order.get("orderId")).containsExactly("o2", "o3");
            log.assertNoReadAmplification();
        }
    }

    private static String pad(int day) {
        return day < 10 ? "0" + day : String.valueOf(day);
    }
}
