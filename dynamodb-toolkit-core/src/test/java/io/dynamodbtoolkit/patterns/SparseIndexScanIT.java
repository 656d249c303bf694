package io.dynamodbtoolkit.patterns;

import static io.dynamodbtoolkit.patterns.Provisioned.item;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import io.dynamodbtoolkit.DeclarationException;
import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.adapter.AdapterOptions;
import io.dynamodbtoolkit.adapter.ItemMapper;
import io.dynamodbtoolkit.adapter.ItemPage;
import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.cursor.InvalidCursorException;
import io.dynamodbtoolkit.index.IndexDeclaration;
import io.dynamodbtoolkit.index.IndexProjection;
import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.RequestLog;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

/**
 * Listing every member of a sparse index (the seed's review queue, keyed on a flag only queued documents carry) is a
 * Scan of the index: it reads the members and nothing else, pages by cursor, and reads a large index in parallel
 * segments when declared so. A Scan of an index that is not sparse is refused before anything is sent.
 */
@DynamoDbTest
class SparseIndexScanIT {

    private static final int DOCUMENTS = 60;

    private Adapter<Map<String, Object>> documents;
    private Adapter<Map<String, Object>> inSegments;
    private List<String> queued;

    @BeforeEach
    void createDocuments(DynamoDbClient client, TestTables tables) {
        documents = Provisioned.documents(client, tables, "queue", declaration -> declaration
                .keys(KeyModel.builder().keyFields("docId").build())
                .indexes(IndexDeclaration.global("needs-review").partitionKey("reviewFlag").sortKey("submittedAt")
                                .projection(IndexProjection.KEYS_ONLY).sparse().build(),
                        IndexDeclaration.global("by-title").partitionKey("title").build()));
        AdapterOptions options = AdapterOptions.defaults();             // one cursor key for both adapters
        documents = Adapter.create(documents.declaration(), client, options);
        inSegments = Adapter.create(AdapterDeclaration.builder(ItemMapper.documents()).table(documents.table())
                .keys(KeyModel.builder().keyFields("docId").build())
                .indexes(IndexDeclaration.global("needs-review").partitionKey("reviewFlag").sortKey("submittedAt")
                        .projection(IndexProjection.KEYS_ONLY).sparse().scanSegments(4).build())
                .build(), client, options);
        queued = new ArrayList<>();
        for (int i = 1; i <= DOCUMENTS; i++) {
            String docId = String.format("d%02d", i);
            var document = item("docId", docId, "title", "Document " + i);
            if (i % 3 == 0) {
                document.put("reviewFlag", i % 2 == 0 ? "pending" : "urgent");
                document.put("submittedAt", "2026-07-" + String.format("%02d", i % 28 + 1));
                queued.add(docId);
            }
            documents.post(document);
        }
    }

    @Test
    void listsEveryMemberWithAScanOfTheIndexThatReadsNothingElse(RequestLog log) {
        log.clear();
        ItemPage<Map<String, Object>> members = documents.scanIndexIndirect("needs-review", ListOptions.defaults());

        assertThat(docIds(members)).containsExactlyInAnyOrderElementsOf(queued);
        assertThat(members.items()).allSatisfy(document -> assertThat(document).containsKey("title"));
        assertThat(members.stats().scanned()).isEqualTo(queued.size());
        assertThat(members.stats().amplification()).isEqualTo(1.0);
        assertThat(log.calls("Scan")).singleElement().satisfies(call -> {
            assertThat(call.request(ScanRequest.class).indexName()).isEqualTo("needs-review");
            assertThat(call.request(ScanRequest.class).filterExpression()).isNull();
        });
        assertThat(log.calls("Query")).isEmpty();
        log.assertNoReadAmplification();
    }

    @Test
    void pagesTheMembersByCursorEachOnce(RequestLog log) {
        List<String> seen = new ArrayList<>();
        String cursor = null;
        do {
            ItemPage<Map<String, Object>> page = documents.scanIndex("needs-review",
                    ListOptions.defaults().withLimit(7).withCursor(cursor));
            assertThat(page.items()).hasSizeLessThanOrEqualTo(7).allSatisfy(entry ->
                    assertThat(entry).containsOnlyKeys("docId", "reviewFlag", "submittedAt"));
            seen.addAll(docIds(page));
            cursor = page.nextCursor();
        } while (cursor != null);

        assertThat(seen).containsExactlyInAnyOrderElementsOf(queued);
        assertThat(documents.scanIndex("needs-review", ListOptions.defaults().withLimit(1).countingTotal()).total())
                .hasValue(queued.size());
        log.assertNoReadAmplification();
    }

    @Test
    void readsDeclaredSegmentsInParallelUnderOneCursor(RequestLog log) {
        log.clear();
        List<String> seen = new ArrayList<>();
        String cursor = null;
        do {
            ItemPage<Map<String, Object>> page = inSegments.scanIndexIndirect("needs-review",
                    ListOptions.defaults().withLimit(6).withCursor(cursor));
            assertThat(page.items()).hasSizeLessThanOrEqualTo(6);
            seen.addAll(docIds(page));
            cursor = page.nextCursor();
        } while (cursor != null);

        assertThat(seen).containsExactlyInAnyOrderElementsOf(queued);
        Set<Integer> segments = log.calls("Scan").stream().map(call -> call.request(ScanRequest.class))
                .peek(scan -> assertThat(scan.totalSegments()).isEqualTo(4))
                .map(ScanRequest::segment).collect(Collectors.toCollection(TreeSet::new));
        assertThat(segments).containsExactly(0, 1, 2, 3);
        log.assertNoReadAmplification();
    }

    @Test
    void aCursorResumesOnlyTheScanThatIssuedIt() {
        String plain = documents.scanIndex("needs-review", ListOptions.defaults().withLimit(2)).nextCursor();
        String segmented = inSegments.scanIndex("needs-review", ListOptions.defaults().withLimit(2)).nextCursor();

        assertThatThrownBy(() -> inSegments.scanIndex("needs-review", ListOptions.defaults().withCursor(plain)))
                .isInstanceOf(InvalidCursorException.class).hasMessageContaining("another query");
        assertThatThrownBy(() -> documents.scanIndex("needs-review", ListOptions.defaults().withCursor(segmented)))
                .isInstanceOf(InvalidCursorException.class).hasMessageContaining("another query");
    }

    @Test
    void refusesWhatAScanOfTheIndexCannotDoBeforeSending(RequestLog log) {
        log.clear();
        assertThatThrownBy(() -> documents.scanIndex("by-title", ListOptions.defaults()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Index 'by-title' of table " + documents.table() + " is not sparse");
        assertThatThrownBy(() -> documents.scanIndex("needs-review", ListOptions.defaults().inDescendingOrder()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("in no order");
        assertThatThrownBy(() -> documents.scanIndex("needs-review", ListOptions.defaults().consistently()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("Strongly consistent reads");
        assertThatThrownBy(() -> inSegments.scanIndex("needs-review", ListOptions.defaults().withOffset(3)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("Offset paging is not supported "
                        + "on a Scan of index 'needs-review' in 4 segments");
        assertThat(log.calls()).isEmpty();
    }

    @Test
    void scanSegmentsNeedASparseIndex() {
        assertThatThrownBy(() -> IndexDeclaration.global("by-title").partitionKey("title").scanSegments(4).build())
                .isInstanceOf(DeclarationException.class)
                .hasMessageContaining("scan segments are declared but the index is not sparse");
        assertThatThrownBy(() -> IndexDeclaration.global("needs-review").partitionKey("reviewFlag").sparse()
                .scanSegments(0).build()).isInstanceOf(DeclarationException.class)
                .hasMessageContaining("0 scan segments are declared");
        assertThat(IndexDeclaration.global("needs-review").partitionKey("reviewFlag").sparse().build().isSparse())
                .isTrue();
        assertThat(IndexDeclaration.global("by-title").partitionKey("title").build().isSparse()).isFalse();
    }

    @Test
    void aMemberLeavingTheQueueLeavesTheScan() {
        documents.patch(KeyValues.of("docId", queued.get(0)), java.util.Collections.singletonMap("reviewFlag", null));

        assertThat(docIds(documents.scanIndex("needs-review", ListOptions.defaults())))
                .containsExactlyInAnyOrderElementsOf(queued.subList(1, queued.size()));
    }

    private static List<String> docIds(ItemPage<Map<String, Object>> page) {
        return page.items().stream().map(item -> (String) item.get("docId")).toList();
    }
}
