package io.dynamodbtoolkit.springdata.reactive;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.key.SubtreeQuery;
import io.dynamodbtoolkit.springdata.core.ReactiveDynamoDbToolkitTemplate;
import io.dynamodbtoolkit.springdata.core.TemplateBeans;
import io.dynamodbtoolkit.springdata.mapping.AfterConvertCallback;
import io.dynamodbtoolkit.springdata.mapping.AfterSaveCallback;
import io.dynamodbtoolkit.springdata.mapping.BeforeConvertCallback;
import io.dynamodbtoolkit.springdata.notes.Note;
import io.dynamodbtoolkit.springdata.notes.Notes;
import io.dynamodbtoolkit.springdata.notes.ThreadBoundUser;
import io.dynamodbtoolkit.springdata.repository.AdapterName;
import io.dynamodbtoolkit.springdata.repository.ReactiveHierarchicalRepository;
import io.dynamodbtoolkit.springdata.repository.config.EnableReactiveDynamoDbToolkitRepositories;
import io.dynamodbtoolkit.test.DynamoDbEndpoint;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.ComponentScan.Filter;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.FilterType;
import reactor.core.publisher.Flux;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The entity callbacks of a reactive save and saveAll see the thread-bound values of the subscriber (restored through
 * Micrometer's context-propagation library, for which the value has a {@code ThreadLocalAccessor}), also where they
 * run in the client's threads: the after-save callbacks, and every callback of the windows after a saveAll's first
 * (which start when the window before them completes), batched or, when a window cannot go in a batch, one by one.
 */
@DynamoDbTest
class ReactiveCallbackContextIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private static DynamoDbAsyncClient asyncClient;

    private final Queue<String> beforeConvert = new ConcurrentLinkedQueue<>();
    private final Queue<String> afterSave = new ConcurrentLinkedQueue<>();
    private final Queue<String> afterConvert = new ConcurrentLinkedQueue<>();
    private AnnotationConfigApplicationContext context;
    private ReactiveNotes notes;

    /** The notes. */
    @AdapterName("notes")
    interface ReactiveNotes extends ReactiveHierarchicalRepository<Note> {
    }

    @Configuration
    @EnableReactiveDynamoDbToolkitRepositories(basePackageClasses = ReactiveCallbackContextIT.class,
            considerNestedRepositories = true, includeFilters = @Filter(type = FilterType.ASSIGNABLE_TYPE,
            classes = ReactiveNotes.class))
    static class NotesConfiguration {
    }

    @BeforeAll
    static void propagateTheUser(DynamoDbEndpoint endpoint) {
        ThreadBoundUser.propagate();
        asyncClient = endpoint.asyncClientBuilder().build();
    }

    @AfterAll
    static void forgetTheUser() {
        ThreadBoundUser.stopPropagating();
        asyncClient.close();
    }

    @BeforeEach
    void start(DynamoDbClient client, TestTables tables) {
        AdapterDeclaration<Map<String, Object>> declaration = Notes.declaration(tables.create(Notes.TABLE));
        context = ReactiveContexts.start(client, asyncClient, NotesConfiguration.class, beans -> {
            beans.registerBean("notesDeclaration", AdapterDeclaration.class, () -> declaration);
            beans.registerBean("recordBeforeConvert", BeforeConvertCallback.class,
                    () -> (BeforeConvertCallback<Object>) (entity, tableName) -> {
                        beforeConvert.add(String.valueOf(ThreadBoundUser.current()));
                        return entity;
                    });
            beans.registerBean("recordAfterConvert", AfterConvertCallback.class,
                    () -> (AfterConvertCallback<Object>) (entity, item, tableName) -> {
                        afterConvert.add(String.valueOf(ThreadBoundUser.current()));
                        return entity;
                    });
            beans.registerBean("recordAfterSave", AfterSaveCallback.class,
                    () -> (AfterSaveCallback<Object>) (entity, item, tableName) -> {
                        afterSave.add(String.valueOf(ThreadBoundUser.current()));
                        return entity;
                    });
        });
        notes = context.getBean(ReactiveNotes.class);
    }

    @AfterEach
    void close() {
        context.close();
    }

    @Test
    void aSavesCallbacksSeeTheSubscribersValuesTheAfterSaveOnesInTheClientsThreadToo() {
        ThreadBoundUser.as("bob", () -> notes.save(Note.of("b1", "n1", "draft")).block(TIMEOUT));

        assertThat(beforeConvert).containsExactly("bob");
        assertThat(afterSave).containsExactly("bob");
    }

    @Test
    void everyWindowOfASaveAllCallsBackWithTheSubscribersValues() {
        List<Note> many = new ArrayList<>();
        for (int i = 0; i < 250; i++) {
            many.add(Note.of("b1", String.format("n%03d", i), "draft"));
        }

        List<Note> saved = ThreadBoundUser.as("bob",
                () -> notes.saveAll(Flux.fromIterable(many)).collectList().block(TIMEOUT));

        assertThat(saved).hasSize(250);
        assertThat(beforeConvert).hasSize(250).containsOnly("bob");
        assertThat(afterSave).hasSize(250).containsOnly("bob");
    }

    @Test
    void aWindowSavedOneByOneCallsBackWithTheSubscribersValuesToo() {
        List<Note> many = new ArrayList<>();
        for (int i = 0; i < 150; i++) {
            many.add(Note.of("b1", String.format("n%03d", i), "draft"));
        }
        many.set(149, Note.of("b1", "n148", "again"));

        List<Note> saved = ThreadBoundUser.as("bob",
                () -> notes.saveAll(Flux.fromIterable(many)).collectList().block(TIMEOUT));

        assertThat(saved).hasSize(150);
        assertThat(notes.findUnder(KeyValues.of("board", "b1")).count().block(TIMEOUT)).isEqualTo(149);
        assertThat(beforeConvert).as("the second window's duplicate key sends it one by one")
                .hasSizeGreaterThanOrEqualTo(150).containsOnly("bob");
        assertThat(afterSave).hasSize(150).containsOnly("bob");
    }

    @Test
    void everyPageOfAReadCallsBackWithTheSubscribersValues(DynamoDbClient client) {
        List<Note> many = new ArrayList<>();
        for (int i = 0; i < 1100; i++) {
            many.add(Note.of("b1", String.format("n%04d", i), "draft"));
        }
        notes.saveAll(Flux.fromIterable(many)).blockLast(TIMEOUT);

        long read = ThreadBoundUser.as("bob", () -> notes.findUnder(KeyValues.of("board", "b1")).count()
                .block(TIMEOUT));
        Note one = ThreadBoundUser.as("carol", () -> notes.findById(KeyValues.of("board", "b1", "note", "n0001"))
                .block(TIMEOUT));
        ReactiveDynamoDbToolkitTemplate template = new ReactiveDynamoDbToolkitTemplate(new TemplateBeans(context)
                .create(Adapter.create(context.getBean(AdapterDeclaration.class), client), null), asyncClient);
        long pages = ThreadBoundUser.as("dave", () -> template.findPages(SubtreeQuery.children(
                KeyValues.of("board", "b1")), ListOptions.defaults().withLimit(500), Note.class).count()
                .block(TIMEOUT));

        assertThat(read).isEqualTo(1100);
        assertThat(one).isNotNull();
        assertThat(pages).isEqualTo(3);
        assertThat(afterConvert).as("two pages of 1,000, a read by key, three pages of 500").hasSize(2201)
                .containsOnly("bob", "carol", "dave");
        assertThat(afterConvert.stream().filter("carol"::equals)).hasSize(1);
        assertThat(afterConvert.stream().filter("dave"::equals)).hasSize(1100);
    }
}
