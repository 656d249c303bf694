package io.dynamodbtoolkit.springdata;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import io.dynamodbtoolkit.DeclarationException;
import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.adapter.ItemPage;
import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.provision.TableProvisioner;
import io.dynamodbtoolkit.springdata.repository.AdapterName;
import io.dynamodbtoolkit.springdata.repository.HierarchicalRepository;
import io.dynamodbtoolkit.springdata.repository.IndexName;
import io.dynamodbtoolkit.springdata.repository.config.EnableDynamoDbToolkitRepositories;
import io.dynamodbtoolkit.springdata.reviews.Document;
import io.dynamodbtoolkit.springdata.reviews.DocumentRepository;
import io.dynamodbtoolkit.springdata.reviews.Reviews;
import io.dynamodbtoolkit.springdata.reviews.SegmentedDocumentRepository;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.RequestLog;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.ComponentScan.Filter;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.FilterType;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.domain.Limit;
import org.springframework.data.domain.PageRequest;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.ScrollPosition;
import org.springframework.data.domain.Slice;
import org.springframework.data.domain.Sort;
import org.springframework.data.domain.Window;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

/**
 * The seed's own declaration, {@code needs-review: {pk: reviewFlag, sk: submittedAt, projection: keys-only, sparse:
 * true}}: the bare {@code findInSparseIndex(...)} lists every queued document with a Scan of the index, which holds
 * only them (read amplification 1.0), in every result form, and in parallel segments when declared; with a flag it
 * stays a Query. A Scan of the table is never made.
 */
@DynamoDbTest
class SparseIndexListingIT {

    private static final int DOCUMENTS = 45;

    private static AnnotationConfigApplicationContext context;
    private static DocumentRepository documents;
    private static SegmentedDocumentRepository segmented;
    private static List<String> queued;

    @Configuration
    @EnableDynamoDbToolkitRepositories(basePackageClasses = DocumentRepository.class)
    static class ReviewConfiguration {
    }

    /** Slices the members of an index scanned in parallel segments. */
    @AdapterName(Reviews.IN_SEGMENTS)
    interface SlicesTheSegmentedScan extends HierarchicalRepository<Document> {
        @IndexName("needs-review")
        Slice<Document> findInSparseIndexOfReviews(Pageable pageable);
    }

    @Configuration
    @EnableDynamoDbToolkitRepositories(basePackageClasses = SparseIndexListingIT.class,
            considerNestedRepositories = true, includeFilters = @Filter(type = FilterType.ASSIGNABLE_TYPE,
            classes = SlicesTheSegmentedScan.class))
    static class SlicingConfiguration {
    }

    @BeforeAll
    static void queueDocuments(DynamoDbClient client, TestTables tables) {
        String table = tables.uniqueName("documents");
        AdapterDeclaration<?> plain = Reviews.declaration(Reviews.ADAPTER, table, 1);
        AdapterDeclaration<?> inSegments = Reviews.declaration(Reviews.IN_SEGMENTS, table, Reviews.SEGMENTS);
        TableProvisioner.of(client).create(plain);
        context = SpringContexts.start(client, ReviewConfiguration.class, beans -> {
            beans.registerBean("documentsDeclaration", AdapterDeclaration.class, () -> plain);
            beans.registerBean("segmentedDeclaration", AdapterDeclaration.class, () -> inSegments);
        });
        documents = context.getBean(DocumentRepository.class);
        segmented = context.getBean(SegmentedDocumentRepository.class);
        queued = new ArrayList<>();
        Instant start = Instant.parse("2026-07-01T09:00:00Z");
        for (int i = 1; i <= DOCUMENTS; i++) {
            String docId = String.format("doc-%03d", i);
            if (i % 3 == 0) {
                documents.insert(Document.queued(docId, "Document " + i, start.plusSeconds(3600L * (DOCUMENTS - i))));
                queued.add(docId);
            } else {
                documents.insert(Document.reviewed(docId, "Document " + i));
            }
        }
    }

    @AfterAll
    static void close() {
        context.close();
    }

    @Test
    void theBareCallListsEveryMemberWithAScanOfTheIndexOnly(RequestLog log) {
        log.clear();
        assertThat(documents.findInSparseIndex("needs-review")).extracting(Document::docId)
                .containsExactlyInAnyOrderElementsOf(queued);
        assertThat(documents.findInSparseIndexOfReviews()).extracting(Document::docId)
                .containsExactlyInAnyOrderElementsOf(queued)
                .allSatisfy(docId -> assertThat(docId).isNotNull());
        assertThat(documents.findInSparseIndexOfReviews()).allSatisfy(document ->
                assertThat(document.title()).startsWith("Document "));

        assertThat(log.calls("Scan")).hasSize(3).allSatisfy(call -> {
            assertThat(call.request(ScanRequest.class).indexName()).isEqualTo("needs-review");
            assertThat(call.request(ScanRequest.class).filterExpression()).isNull();
        });
        assertThat(log.calls("Query")).isEmpty();
        log.assertNoReadAmplification();
    }

    @Test
    void everyResultFormPagesThroughTheMembersOnce(RequestLog log) {
        List<String> windowed = new ArrayList<>();
        Window<Document> window = documents.findInSparseIndexOfReviews(ScrollPosition.keyset(), Limit.of(4));
        window.forEach(document -> windowed.add(document.docId()));
        while (window.hasNext()) {
            window = documents.findInSparseIndexOfReviews(window.positionAt(window.size() - 1), Limit.of(4));
            window.forEach(document -> windowed.add(document.docId()));
        }
        assertThat(windowed).containsExactlyInAnyOrderElementsOf(queued);

        List<String> sliced = new ArrayList<>();
        Slice<Document> slice = documents.findInSparseIndexOfReviews(PageRequest.of(0, 6));
        slice.forEach(document -> sliced.add(document.docId()));
        while (slice.hasNext()) {
            slice = documents.findInSparseIndexOfReviews(slice.nextPageable());
            slice.forEach(document -> sliced.add(document.docId()));
        }
        assertThat(sliced).containsExactlyInAnyOrderElementsOf(queued);

        List<String> paged = new ArrayList<>();
        String cursor = null;
        do {
            ItemPage<Document> page = documents.findInSparseIndexOfReviews(ListOptions.defaults().withLimit(5)
                    .withCursor(cursor));
            assertThat(page.stats().amplification()).isEqualTo(1.0);
            page.items().forEach(document -> paged.add(document.docId()));
            cursor = page.nextCursor();
        } while (cursor != null);
        assertThat(paged).containsExactlyInAnyOrderElementsOf(queued);

        try (Stream<Document> stream = documents.findInSparseIndexOfReviewsAsStream()) {
            assertThat(stream.map(Document::docId)).containsExactlyInAnyOrderElementsOf(queued);
        }
        assertThat(log.calls("Query")).isEmpty();
        log.assertNoReadAmplification();
    }

    @Test
    void withAFlagItStaysAQueryInKeyOrder(RequestLog log) {
        log.clear();
        List<Document> pending = documents.findInSparseIndexOfReviews("pending");

        assertThat(pending).extracting(Document::docId).containsExactlyInAnyOrderElementsOf(queued);
        assertThat(pending).extracting(Document::submittedAt).isSorted();
        assertThat(log.calls("Query")).hasSize(1);
        assertThat(log.calls("Scan")).isEmpty();
    }

    @Test
    void parallelSegmentsListEveryMemberOnceUnderOneCursor(RequestLog log) {
        log.clear();
        List<String> seen = new ArrayList<>();
        Window<Document> window = segmented.findInSparseIndexOfReviews(ScrollPosition.keyset(), Limit.of(4));
        window.forEach(document -> seen.add(document.docId()));
        while (window.hasNext()) {
            window = segmented.findInSparseIndexOfReviews(window.positionAt(window.size() - 1), Limit.of(4));
            window.forEach(document -> seen.add(document.docId()));
        }

        assertThat(seen).containsExactlyInAnyOrderElementsOf(queued);
        Set<Integer> segments = log.calls("Scan").stream().map(call -> call.request(ScanRequest.class))
                .peek(scan -> assertThat(scan.indexName()).isEqualTo("needs-review"))
                .map(ScanRequest::segment).collect(Collectors.toCollection(TreeSet::new));
        assertThat(segments).containsExactly(0, 1, 2, 3);
        assertThat(segmented.findInSparseIndexOfReviews(ListOptions.defaults()).items()).extracting(Document::docId)
                .containsExactlyInAnyOrderElementsOf(queued);
        log.assertNoReadAmplification();
    }

    @Test
    void aScanHasNoOrderToSortBy(RequestLog log) {
        log.clear();
        assertThatThrownBy(() -> documents.findInSparseIndexOfReviews(Sort.by("submittedAt")))
                .isInstanceOf(InvalidDataAccessApiUsageException.class)
                .hasMessageContaining("listing every member is a Scan of the index, which returns them in no order");
        assertThatThrownBy(() -> documents.findInSparseIndexOfReviews(ListOptions.defaults().inDescendingOrder()))
                .isInstanceOf(InvalidDataAccessApiUsageException.class)
                .hasMessageContaining("cannot be read in descending order");
        assertThat(log.calls()).isEmpty();
    }

    @Test
    void offsetPagingOfAParallelScanIsRefusedAtStartUp(DynamoDbClient client, TestTables tables) {
        String table = tables.uniqueName("sliced");
        AdapterDeclaration<?> inSegments = Reviews.declaration(Reviews.IN_SEGMENTS, table, Reviews.SEGMENTS);
        assertThatThrownBy(() -> SpringContexts.start(client, SlicingConfiguration.class, beans ->
                beans.registerBean("segmentedDeclaration", AdapterDeclaration.class, () -> inSegments)).close())
                .rootCause().isInstanceOf(DeclarationException.class)
                .hasMessageContaining("SlicesTheSegmentedScan.findInSparseIndexOfReviews(Pageable)")
                .hasMessageContaining("with a Scan in 4 parallel segments");
    }
}
