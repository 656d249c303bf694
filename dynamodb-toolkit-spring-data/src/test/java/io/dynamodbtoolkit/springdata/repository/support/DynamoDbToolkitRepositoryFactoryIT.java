package io.dynamodbtoolkit.springdata.repository.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Optional;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.springdata.core.DynamoDbToolkitTemplate;
import io.dynamodbtoolkit.springdata.mapping.DynamoDbMappingContext;
import io.dynamodbtoolkit.springdata.mapping.MappingDynamoDbConverter;
import io.dynamodbtoolkit.springdata.repository.AdapterName;
import io.dynamodbtoolkit.springdata.repository.HierarchicalRepository;
import io.dynamodbtoolkit.springdata.repository.Unscoped;
import io.dynamodbtoolkit.springdata.tasks.Task;
import io.dynamodbtoolkit.springdata.tasks.TaskRepository;
import io.dynamodbtoolkit.springdata.tasks.Tenants;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.dao.PermissionDeniedDataAccessException;
import org.springframework.data.repository.query.QueryLookupStrategy;
import org.springframework.data.repository.query.ValueExpressionDelegate;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The repository factory keeps nothing per repository: one factory makes repositories of different domain types and
 * scopes, each as it declares, and hands out its query lookup before or after any repository exists.
 */
@DynamoDbTest
class DynamoDbToolkitRepositoryFactoryIT {

    private static DynamoDbToolkitTemplate template;

    /** The tasks, opted out of the scope. */
    @Unscoped
    @AdapterName("tasks")
    interface UnscopedTasks extends HierarchicalRepository<Task> {
    }

    /** The same rows read as another domain type. */
    @AdapterName("tasks")
    interface TaskTitles extends HierarchicalRepository<Title> {
    }

    /**
     * A narrower view of a task.
     *
     * @param tenant  the tenant
     * @param project the project
     * @param task    the task
     * @param title   the title
     */
    public record Title(String tenant, String project, String task, String title) {
    }

    @BeforeAll
    static void load(DynamoDbClient client, TestTables tables) {
        template = DynamoDbToolkitTemplate.builder(Adapter.create(Tenants.declaration(tables.create(Tenants.TABLE)),
                client), new MappingDynamoDbConverter(new DynamoDbMappingContext()))
                .scopeProvider(Tenants.scope()).build();
        Tenants.as("acme", () -> template.insert(Task.of("apollo", "t1", "Design")));
        Tenants.as("globex", () -> template.insert(Task.of("apollo", "t1", "Steal the design")));
    }

    @Test
    void oneFactoryMakesEachRepositoryAsItDeclares() {
        DynamoDbToolkitRepositoryFactory factory = new DynamoDbToolkitRepositoryFactory(template);
        TaskRepository tasks = factory.getRepository(TaskRepository.class);
        UnscopedTasks unscoped = factory.getRepository(UnscopedTasks.class);
        TaskTitles titles = factory.getRepository(TaskTitles.class);
        KeyValues globexTask = KeyValues.of("tenant", "globex", "project", "apollo", "task", "t1");

        assertThatThrownBy(() -> Tenants.as("acme", () -> tasks.findById(globexTask)))
                .isInstanceOf(PermissionDeniedDataAccessException.class);
        assertThat(Tenants.as("acme", () -> unscoped.findById(globexTask))).get().extracting(Task::getTitle)
                .isEqualTo("Steal the design");
        Optional<Title> title = Tenants.as("acme", () -> titles.findUnder(KeyValues.of("project", "apollo"))
                .stream().findFirst());
        assertThat(title).get().isInstanceOf(Title.class).extracting(Title::title).isEqualTo("Design");
    }

    @Test
    void handsOutItsQueryLookupBeforeAnyRepositoryExists() {
        LookupFirstFactory factory = new LookupFirstFactory(template);

        assertThat(factory.lookup()).isPresent();
        assertThat(Tenants.as("acme", () -> factory.getRepository(TaskRepository.class).findUnder("apollo")))
                .extracting(Task::getTitle).containsExactly("Design");
    }

    /** Exposes the query lookup, to ask for it before any repository is made. */
    private static final class LookupFirstFactory extends DynamoDbToolkitRepositoryFactory {

        LookupFirstFactory(DynamoDbToolkitTemplate template) {
            super(template);
        }

        Optional<QueryLookupStrategy> lookup() {
            return getQueryLookupStrategy(QueryLookupStrategy.Key.CREATE_IF_NOT_FOUND,
                    ValueExpressionDelegate.create());
        }
    }
}
