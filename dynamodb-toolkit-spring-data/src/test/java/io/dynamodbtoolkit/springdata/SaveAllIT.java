package io.dynamodbtoolkit.springdata;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.springdata.tasks.Task;
import io.dynamodbtoolkit.springdata.tasks.TaskRepository;
import io.dynamodbtoolkit.springdata.tasks.Tenants;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.RequestLog;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * {@code saveAll} of entities that are not versioned writes them with batches (25 a call) and returns them as
 * written, in order; entities of which two share a key are saved one call each, the last one winning, as with
 * separate saves.
 */
@DynamoDbTest
class SaveAllIT {

    private static AnnotationConfigApplicationContext context;
    private static TaskRepository tasks;

    @BeforeAll
    static void load(DynamoDbClient client, TestTables tables) {
        context = TaskContexts.start(client, tables);
        tasks = context.getBean(TaskRepository.class);
    }

    @AfterAll
    static void close() {
        context.close();
    }

    @BeforeEach
    void clear(RequestLog log) {
        Tenants.as("acme", () -> tasks.deleteUnder("apollo"));
        log.clear();
    }

    @Test
    void unversionedEntitiesAreWrittenWithBatchesAndComeBackAsWrittenInOrder(RequestLog log) {
        List<Task> given = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            given.add(Task.of("apollo", String.format("t%02d", 59 - i), "Task " + i));
        }

        List<Task> saved = Tenants.as("acme", () -> tasks.saveAll(given));

        assertThat(saved).extracting(Task::getTitle).containsExactlyElementsOf(given.stream().map(Task::getTitle)
                .toList());
        assertThat(saved).allSatisfy(task -> assertThat(task.getTenant()).isEqualTo("acme"));
        assertThat(log.calls("BatchWriteItem")).hasSize(3);
        assertThat(log.calls("PutItem")).isEmpty();
        assertThat(Tenants.as("acme", () -> tasks.findUnder("apollo"))).hasSize(60);
        assertThat(Tenants.as("globex", () -> tasks.findUnder("apollo"))).isEmpty();
    }

    @Test
    void entitiesSharingAKeyAreSavedOneByOneAndTheLastWins(RequestLog log) {
        List<Task> saved = Tenants.as("acme", () -> tasks.saveAll(List.of(Task.of("apollo", "t1", "First"),
                Task.of("apollo", "t2", "Other"), Task.of("apollo", "t1", "Second"))));

        assertThat(saved).extracting(Task::getTitle).containsExactly("First", "Other", "Second");
        assertThat(log.calls("BatchWriteItem")).isEmpty();
        assertThat(log.calls("PutItem")).hasSize(3);
        assertThat(Tenants.as("acme", () -> tasks.findById(KeyValues.of("project", "apollo", "task", "t1"))))
                .hasValueSatisfying(task -> assertThat(task.getTitle()).isEqualTo("Second"));
    }
}
