package io.dynamodbtoolkit.springdata.reactive;

import static io.dynamodbtoolkit.springdata.reactive.NoBlockingCalls.nonBlocking;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.index.IndexQuery;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.provision.TableProvisioner;
import io.dynamodbtoolkit.springdata.core.DynamoDbToolkitTemplate;
import io.dynamodbtoolkit.springdata.core.ReactiveDynamoDbToolkitTemplate;
import io.dynamodbtoolkit.springdata.mapping.DynamoDbMappingContext;
import io.dynamodbtoolkit.springdata.mapping.MappingDynamoDbConverter;
import io.dynamodbtoolkit.springdata.reviews.Document;
import io.dynamodbtoolkit.springdata.reviews.Reviews;
import io.dynamodbtoolkit.test.DynamoDbEndpoint;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.RequestLog;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import reactor.core.publisher.Flux;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The reactive template's key lists go in batches, as the blocking template's: {@code saveAll} of entities that are
 * not versioned in BatchWriteItem calls (windows of 100 taken as the publisher emits, one by one when two share a
 * key), {@code findAllById} with BatchGetItem in the keys' order, {@code deleteAllById} with BatchWriteItem; and a
 * keys-only index is read back whole from the table. All under BlockHound.
 */
@DynamoDbTest
@ExtendWith(NoBlockingCalls.class)
class ReactiveBatchesIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static final Instant START = Instant.parse("2026-07-01T09:00:00Z");

    private static DynamoDbAsyncClient asyncClient;
    private static ReactiveDynamoDbToolkitTemplate documents;
    private static DynamoDbToolkitTemplate blocking;

    @BeforeAll
    static void createTable(DynamoDbClient client, TestTables tables, DynamoDbEndpoint endpoint, RequestLog log) {
        AdapterDeclaration<?> declaration = Reviews.declaration(Reviews.ADAPTER, tables.uniqueName("documents"), 1);
        TableProvisioner.of(client).create(declaration);
        asyncClient = endpoint.asyncClientBuilder()
                .overrideConfiguration(configuration -> configuration.addExecutionInterceptor(log.interceptor()))
                .build();
        blocking = new DynamoDbToolkitTemplate(Adapter.create(declaration, client),
                new MappingDynamoDbConverter(new DynamoDbMappingContext()));
        documents = new ReactiveDynamoDbToolkitTemplate(blocking, asyncClient);
    }

    @AfterAll
    static void closeClient() {
        asyncClient.close();
    }

    @BeforeEach
    void clear(RequestLog log) {
        blocking.deleteAllById(ids(0, 130));
        log.clear();
    }

    @Test
    void saveAllWritesWindowsOfUnversionedEntitiesWithBatchesAndReturnsThemInOrder(RequestLog log) {
        List<Document> given = new ArrayList<>();
        for (int i = 0; i < 120; i++) {
            given.add(i % 2 == 0 ? Document.queued(id(i), "Document " + i, START.plusSeconds(60L * (120 - i)))
                    : Document.reviewed(id(i), "Document " + i));
        }

        List<Document> saved = nonBlocking(documents.saveAll(Flux.fromIterable(given))).collectList().block(TIMEOUT);

        assertThat(saved).isEqualTo(given);
        assertThat(log.calls("BatchWriteItem")).as("a window of 100 in 4 calls, then one of 20").hasSize(5);
        assertThat(log.calls("PutItem")).isEmpty();
        assertThat(blocking.findAllById(ids(0, 120), Document.class)).isEqualTo(given);
    }

    @Test
    void aWindowInWhichTwoShareAKeyIsSavedOneByOneAndTheLastWins(RequestLog log) {
        List<String> titles = nonBlocking(documents.saveAll(Flux.just(Document.reviewed(id(1), "First"),
                Document.reviewed(id(2), "Other"), Document.reviewed(id(1), "Second"))).map(Document::title))
                .collectList().block(TIMEOUT);

        assertThat(titles).containsExactly("First", "Other", "Second");
        assertThat(log.calls("BatchWriteItem")).isEmpty();
        assertThat(log.calls("PutItem")).hasSize(3);
        assertThat(blocking.findById(KeyValues.of("docId", id(1)), Document.class)).get()
                .extracting(Document::title).isEqualTo("Second");
    }

    @Test
    void findAllByIdReadsWithBatchesInTheKeysOrderAndDeleteAllByIdDeletesWithBatches(RequestLog log) {
        blocking.saveAll(ids(0, 110).stream().map(key -> Document.reviewed((String) key.get("docId"), "t")).toList());
        List<KeyValues> asked = new ArrayList<>(ids(0, 120));
        Collections.shuffle(asked, new Random(7));
        log.clear();

        List<String> found = nonBlocking(documents.findAllById(asked, Document.class).map(Document::docId))
                .collectList().block(TIMEOUT);

        assertThat(found).containsExactlyElementsOf(asked.stream().map(key -> (String) key.get("docId"))
                .filter(docId -> Integer.parseInt(docId.substring(4)) < 110).toList());
        assertThat(log.calls("BatchGetItem")).as("120 keys, 100 a call").hasSize(2);
        assertThat(log.calls("GetItem")).isEmpty();

        nonBlocking(documents.deleteAllById(ids(0, 60))).block(TIMEOUT);
        assertThat(log.calls("BatchWriteItem")).hasSize(3);
        assertThat(blocking.findAllById(ids(0, 120), Document.class)).hasSize(50);
    }

    @Test
    void aKeysOnlyIndexIsReadBackWholeInItsOrder() {
        List<Document> queued = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            queued.add(Document.queued(id(i), "Document " + i, START.plusSeconds(60L * (7 - i))));
        }
        blocking.saveAll(queued);
        blocking.insert(Document.reviewed(id(20), "Reviewed"));

        List<Document> inOrder = nonBlocking(documents.findAll(IndexQuery.on("needs-review").eq("reviewFlag",
                "pending"), Document.class)).collectList().block(TIMEOUT);
        List<Document> members = nonBlocking(documents.findIndexMembers("needs-review", Document.class))
                .collectList().block(TIMEOUT);

        List<Document> expected = new ArrayList<>(queued);
        Collections.reverse(expected);
        assertThat(inOrder).isEqualTo(expected);
        assertThat(members).containsExactlyInAnyOrderElementsOf(queued);
        assertThat(nonBlocking(documents.findPage(IndexQuery.on("needs-review").eq("reviewFlag", "pending"),
                io.dynamodbtoolkit.adapter.ListOptions.defaults().withLimit(3), Document.class)).block(TIMEOUT)
                .items()).isEqualTo(expected.subList(0, 3));
    }

    private static String id(int number) {
        return String.format("doc-%03d", number);
    }

    private static List<KeyValues> ids(int from, int to) {
        List<KeyValues> keys = new ArrayList<>();
        for (int i = from; i < to; i++) {
            keys.add(KeyValues.of("docId", id(i)));
        }
        return keys;
    }
}
