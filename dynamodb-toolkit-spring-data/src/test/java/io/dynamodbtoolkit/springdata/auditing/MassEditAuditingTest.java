package io.dynamodbtoolkit.springdata.auditing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.adapter.ItemMapper;
import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.mass.MassOptions;
import io.dynamodbtoolkit.mass.MassResult;
import io.dynamodbtoolkit.springdata.repository.AdapterName;
import io.dynamodbtoolkit.springdata.repository.HierarchicalRepository;
import io.dynamodbtoolkit.springdata.repository.config.EnableDynamoDbToolkitAuditing;
import io.dynamodbtoolkit.springdata.repository.config.EnableDynamoDbToolkitRepositories;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.TableSpec;
import io.dynamodbtoolkit.test.TestTables;
import io.micrometer.context.ContextRegistry;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.ComponentScan.Filter;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.FilterType;
import org.springframework.data.annotation.LastModifiedBy;
import org.springframework.data.domain.AuditorAware;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * A mass edit changes its rows in the adapter's executor threads, page by page; their auditing
 * ({@code @LastModifiedBy} from an {@code AuditorAware} reading a thread-bound value, as one reading Spring Security's
 * context does) sees the caller's value, restored there through Micrometer's context-propagation library, for which
 * the value has a {@code ThreadLocalAccessor}.
 */
@DynamoDbTest
class MassEditAuditingTest {

    private static final ThreadLocal<String> EDITOR = new ThreadLocal<>();
    private static final String EDITOR_KEY = MassEditAuditingTest.class.getName() + ".editor";
    private static final KeyValues BOARD = KeyValues.of("board", "b1");

    private AnnotationConfigApplicationContext context;
    private Notes notes;

    /** A note on a board, audited with who edited it last. */
    public static class Note {

        private String board;
        private String note;
        private String text;
        @LastModifiedBy
        private String editedBy;

        public String getBoard() {
            return board;
        }

        public void setBoard(String board) {
            this.board = board;
        }

        public String getNote() {
            return note;
        }

        public void setNote(String note) {
            this.note = note;
        }

        public String getText() {
            return text;
        }

        public void setText(String text) {
            this.text = text;
        }

        public String getEditedBy() {
            return editedBy;
        }

        public void setEditedBy(String editedBy) {
            this.editedBy = editedBy;
        }
    }

    /** The notes. */
    @AdapterName("notes")
    interface Notes extends HierarchicalRepository<Note> {
    }

    @Configuration
    @EnableDynamoDbToolkitAuditing(auditorAwareRef = "editor")
    @EnableDynamoDbToolkitRepositories(basePackageClasses = MassEditAuditingTest.class, considerNestedRepositories = true,
            includeFilters = @Filter(type = FilterType.ASSIGNABLE_TYPE, classes = Notes.class))
    static class NotesConfiguration {

        @Bean
        AuditorAware<String> editor() {
            return () -> Optional.ofNullable(EDITOR.get());
        }
    }

    @BeforeAll
    static void propagateTheEditor() {
        ContextRegistry.getInstance().registerThreadLocalAccessor(EDITOR_KEY, EDITOR::get, EDITOR::set, EDITOR::remove);
    }

    @AfterAll
    static void forgetTheEditor() {
        ContextRegistry.getInstance().removeThreadLocalAccessor(EDITOR_KEY);
    }

    @BeforeEach
    void start(DynamoDbClient client, TestTables tables) {
        String table = tables.create(TableSpec.named("notes").partitionKey("board", ScalarAttributeType.S)
                .sortKey("_sk", ScalarAttributeType.S));
        AdapterDeclaration<Map<String, Object>> declaration = AdapterDeclaration.builder(ItemMapper.documents())
                .name("notes").table(table).keys(KeyModel.builder().keyFields("board", "note").structuralKey("_sk")
                        .technicalPrefix("_").build())
                .cascades(true).parentGuard(false).build();
        context = new AnnotationConfigApplicationContext();
        context.registerBean("dynamoDbClient", DynamoDbClient.class, () -> client,
                definition -> definition.setDestroyMethodName(""));
        context.registerBean("notesDeclaration", AdapterDeclaration.class, () -> declaration);
        context.register(NotesConfiguration.class);
        context.refresh();
        notes = context.getBean(Notes.class);
        List<Note> rows = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            Note note = new Note();
            note.setBoard("b1");
            note.setNote(String.format("n%02d", i));
            note.setText("draft");
            rows.add(note);
        }
        as("alice", () -> notes.saveAll(rows));
    }

    @AfterEach
    void close() {
        context.close();
    }

    @Test
    void everyRowOfAMassEditIsAuditedWithTheCallersEditor() {
        MassResult edited = as("bob", () -> notes.editAllUnder(BOARD, note -> {
            note.setText("final");
            return note;
        }, MassOptions.defaults().withPageSize(3)));

        assertThat(edited.processed()).isEqualTo(12);
        assertThat(notes.findUnder(BOARD)).hasSize(12).allSatisfy(note -> {
            assertThat(note.getText()).isEqualTo("final");
            assertThat(note.getEditedBy()).isEqualTo("bob");
        });
    }

    private static <T> T as(String editor, Supplier<T> work) {
        EDITOR.set(editor);
        try {
            return work.get();
        } finally {
            EDITOR.remove();
        }
    }
}
