package io.dynamodbtoolkit.springdata.auditing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.mass.MassOptions;
import io.dynamodbtoolkit.mass.MassResult;
import io.dynamodbtoolkit.springdata.notes.Note;
import io.dynamodbtoolkit.springdata.notes.Notes;
import io.dynamodbtoolkit.springdata.notes.ThreadBoundUser;
import io.dynamodbtoolkit.springdata.repository.AdapterName;
import io.dynamodbtoolkit.springdata.repository.HierarchicalRepository;
import io.dynamodbtoolkit.springdata.repository.config.EnableDynamoDbToolkitAuditing;
import io.dynamodbtoolkit.springdata.repository.config.EnableDynamoDbToolkitRepositories;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.TestTables;
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
import org.springframework.data.domain.AuditorAware;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A mass edit changes its rows in the adapter's executor threads, page by page; their auditing
 * ({@code @LastModifiedBy} from an {@code AuditorAware} reading a thread-bound value, as one reading Spring Security's
 * context does) sees the caller's value, restored there through Micrometer's context-propagation library, for which
 * the value has a {@code ThreadLocalAccessor}.
 */
@DynamoDbTest
class MassEditAuditingIT {

    private static final KeyValues BOARD = KeyValues.of("board", "b1");

    private AnnotationConfigApplicationContext context;
    private NoteRepository notes;

    /** The notes. */
    @AdapterName("notes")
    interface NoteRepository extends HierarchicalRepository<Note> {
    }

    @Configuration
    @EnableDynamoDbToolkitAuditing(auditorAwareRef = "editor")
    @EnableDynamoDbToolkitRepositories(basePackageClasses = MassEditAuditingIT.class,
            considerNestedRepositories = true,
            includeFilters = @Filter(type = FilterType.ASSIGNABLE_TYPE, classes = NoteRepository.class))
    static class NotesConfiguration {

        @Bean
        AuditorAware<String> editor() {
            return () -> Optional.ofNullable(ThreadBoundUser.current());
        }
    }

    @BeforeAll
    static void propagateTheEditor() {
        ThreadBoundUser.propagate();
    }

    @AfterAll
    static void forgetTheEditor() {
        ThreadBoundUser.stopPropagating();
    }

    @BeforeEach
    void start(DynamoDbClient client, TestTables tables) {
        AdapterDeclaration<Map<String, Object>> declaration = Notes.declaration(tables.create(Notes.TABLE));
        context = new AnnotationConfigApplicationContext();
        context.registerBean("dynamoDbClient", DynamoDbClient.class, () -> client,
                definition -> definition.setDestroyMethodName(""));
        context.registerBean("notesDeclaration", AdapterDeclaration.class, () -> declaration);
        context.register(NotesConfiguration.class);
        context.refresh();
        notes = context.getBean(NoteRepository.class);
        List<Note> rows = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            rows.add(Note.of("b1", String.format("n%02d", i), "draft"));
        }
        ThreadBoundUser.as("alice", () -> notes.saveAll(rows));
    }

    @AfterEach
    void close() {
        context.close();
    }

    @Test
    void everyRowOfAMassEditIsAuditedWithTheCallersEditor() {
        MassResult edited = ThreadBoundUser.as("bob", () -> notes.editAllUnder(BOARD, note -> {
            note.setText("final");
            return note;
        }, MassOptions.defaults().withPageSize(3)));

        assertThat(edited.processed()).isEqualTo(12);
        assertThat(notes.findUnder(BOARD)).hasSize(12).allSatisfy(note -> {
            assertThat(note.getText()).isEqualTo("final");
            assertThat(note.getEditedBy()).isEqualTo("bob");
        });
    }
}
