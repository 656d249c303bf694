package io.dynamodbtoolkit.patterns;

import static io.dynamodbtoolkit.patterns.Provisioned.item;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.ItemPage;
import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.index.IndexDeclaration;
import io.dynamodbtoolkit.index.IndexProjection;
import io.dynamodbtoolkit.index.IndexQuery;
import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.RequestLog;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** Sparse index by absence: the seed's review queue, entered and left through ordinary patches and edits. */
@DynamoDbTest
class ReviewQueueIT {

    private static final IndexQuery PENDING = IndexQuery.on("needs-review").eq("reviewFlag", "pending");

    private Adapter<Map<String, Object>> documents;

    @BeforeEach
    void createDocuments(DynamoDbClient client, TestTables tables) {
        documents = Provisioned.documents(client, tables, "documents", declaration -> declaration
                .keys(KeyModel.builder().keyFields("docId").build())
                .indexes(IndexDeclaration.global("needs-review").partitionKey("reviewFlag").sortKey("submittedAt")
                        .projection(IndexProjection.KEYS_ONLY).build()));
        for (int i = 1; i <= 20; i++) {
            documents.post(item("docId", "d" + i, "title", "Document " + i, "submittedAt", "2026-07-" + (10 + i)));
        }
    }

    @Test
    void entersByPatchingTheMarkerAndLeavesByRemovingIt(RequestLog log) {
        documents.patch(KeyValues.of("docId", "d3"), Map.of("reviewFlag", "pending"));
        documents.patch(KeyValues.of("docId", "d7"), Map.of("reviewFlag", "pending"));
        documents.patch(KeyValues.of("docId", "d5"), Map.of("reviewFlag", "pending"));
        assertThat(docIds(documents.queryIndirect(PENDING, ListOptions.defaults()))).containsExactly("d3", "d5", "d7");

        Map<String, Object> leave = new HashMap<>();
        leave.put("reviewFlag", null);
        documents.patch(KeyValues.of("docId", "d5"), leave);

        log.clear();
        ItemPage<Map<String, Object>> queue = documents.queryIndirect(PENDING, ListOptions.defaults());
        assertThat(docIds(queue)).containsExactly("d3", "d7");
        assertThat(queue.items().get(0)).containsEntry("title", "Document 3");
        assertThat(queue.stats().scanned()).isEqualTo(2);
        log.assertNoReadAmplification();
    }

    @Test
    void entersAndLeavesThroughEdits(RequestLog log) {
        documents.edit(KeyValues.of("docId", "d2"), document -> {
            document.put("reviewFlag", "pending");
            return document;
        });
        assertThat(docIds(documents.queryIndirect(PENDING, ListOptions.defaults()))).containsExactly("d2");

        documents.edit(KeyValues.of("docId", "d2"), document -> {
            document.remove("reviewFlag");
            return document;
        });
        log.clear();
        assertThat(documents.query(PENDING, ListOptions.defaults()).items()).isEmpty();
        log.assertNoReadAmplification();
    }

    @Test
    void theKeysOnlyIndexReturnsKeysAndTheIndirectReadWholeItems() {
        documents.patch(KeyValues.of("docId", "d9"), Map.of("reviewFlag", "pending"));

        assertThat(documents.query(PENDING, ListOptions.defaults()).items()).singleElement()
                .satisfies(entry -> assertThat(entry).containsOnlyKeys("docId", "reviewFlag", "submittedAt"));
        assertThat(documents.queryIndirect(PENDING, ListOptions.defaults()).items()).singleElement()
                .satisfies(entry -> assertThat(entry).containsEntry("title", "Document 9"));
    }

    @Test
    void aNullMarkerIsNeverWrittenAndAWrongTypeIsRefused() {
        Map<String, Object> withNull = item("docId", "d99", "submittedAt", "2026-08-01");
        withNull.put("reviewFlag", null);
        documents.post(withNull);
        assertThat(documents.query(PENDING, ListOptions.defaults()).items()).isEmpty();

        assertThatThrownBy(() -> documents.post(item("docId", "d100", "reviewFlag", 1, "submittedAt", "x")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'reviewFlag' is an index key of type S but the item has N");
    }

    @Test
    void aStronglyConsistentReadOnAGlobalIndexIsRefusedBeforeSending(RequestLog log) {
        log.clear();
        assertThatThrownBy(() -> documents.query(PENDING, ListOptions.defaults().consistently()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Strongly consistent reads are not supported on global secondary index "
                        + "'needs-review'");
        assertThat(log.calls()).isEmpty();
    }

    private static List<Object> docIds(ItemPage<Map<String, Object>> page) {
        return page.items().stream().map(item -> item.get("docId")).toList();
    }
}
