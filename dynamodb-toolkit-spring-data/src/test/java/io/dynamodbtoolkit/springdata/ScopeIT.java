package io.dynamodbtoolkit.springdata;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.mass.MassOptions;
import io.dynamodbtoolkit.springdata.repository.AdapterName;
import io.dynamodbtoolkit.springdata.repository.HierarchicalRepository;
import io.dynamodbtoolkit.springdata.repository.Unscoped;
import io.dynamodbtoolkit.springdata.repository.config.EnableDynamoDbToolkitRepositories;
import io.dynamodbtoolkit.springdata.tasks.Task;
import io.dynamodbtoolkit.springdata.tasks.TaskRepository;
import io.dynamodbtoolkit.springdata.tasks.Tenants;
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
import org.springframework.dao.PermissionDeniedDataAccessException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/** A tenant scope from the request context confines every repository call; cross-tenant access is refused. */
@DynamoDbTest
class ScopeIT {

    private static AnnotationConfigApplicationContext context;
    private static TaskRepository tasks;

    private static UnscopedTasks unscoped;

    /** The same tasks, opted out of the scope. */
    @Unscoped
    @AdapterName("tasks")
    interface UnscopedTasks extends HierarchicalRepository<Task> {
    }

    @Configuration
    @EnableDynamoDbToolkitRepositories(basePackageClasses = ScopeIT.class, considerNestedRepositories = true,
            includeFilters = @Filter(type = FilterType.ASSIGNABLE_TYPE, classes = {TaskRepository.class,
                    UnscopedTasks.class}))
    static class TaskConfiguration {
    }

    @BeforeAll
    static void load(DynamoDbClient client, TestTables tables) {
        context = TaskContexts.start(client, tables, TaskConfiguration.class);
        tasks = context.getBean(TaskRepository.class);
        unscoped = context.getBean(UnscopedTasks.class);
        Tenants.as("acme", () -> tasks.saveAll(List.of(Task.of("apollo", "t1", "Design"),
                Task.of("apollo", "t2", "Build"), Task.of("gemini", "t1", "Plan"))));
        Tenants.as("globex", () -> tasks.saveAll(List.of(Task.of("apollo", "t1", "Steal the design"))));
    }

    @AfterAll
    static void close() {
        context.close();
    }

    @Test
    void everyReadIsConfinedToTheCurrentTenant(RequestLog log) {
        assertThat(Tenants.as("acme", () -> tasks.findUnder("apollo"))).extracting(Task::getTitle)
                .containsExactly("Design", "Build");
        assertThat(Tenants.as("globex", () -> tasks.findUnder("apollo"))).extracting(Task::getTitle)
                .containsExactly("Steal the design");
        assertThat(Tenants.as("acme", () -> tasks.findByProjectAndTaskStartingWith("apollo", "t"))).hasSize(2);
        assertThat(Tenants.as("acme", () -> tasks.findUnder(KeyValues.of("project", "gemini")))).hasSize(1);
        assertThat(log.calls("Query")).allSatisfy(call -> assertThat(call.request(QueryRequest.class)
                .expressionAttributeValues().values()).anyMatch(value -> "acme".equals(value.s())
                        || "globex".equals(value.s())));
        log.assertNoReadAmplification();
    }

    @Test
    void writesTakeTheTenantFromTheScopeAndPlainClassesMapBack() {
        Task saved = Tenants.as("acme", () -> tasks.save(Task.of("vega", "t9", "Launch")));

        assertThat(saved.getTenant()).isEqualTo("acme");
        assertThat(saved.getDisplayName()).isNull();
        assertThat(saved.getLabels()).isEmpty();
        Task other = Task.of("vega", "t9", "Hijack");
        other.setTenant("globex");
        assertThatThrownBy(() -> Tenants.as("acme", () -> tasks.save(other)))
                .isInstanceOf(PermissionDeniedDataAccessException.class).hasMessageContaining("tenant=globex");
    }

    @Test
    void namingAnotherTenantIsRefused() {
        assertThatThrownBy(() -> Tenants.as("acme", () -> tasks.findById(KeyValues.of("tenant", "globex",
                "project", "apollo", "task", "t1")))).isInstanceOf(PermissionDeniedDataAccessException.class);
        assertThat(Tenants.as("acme", () -> tasks.findById(KeyValues.of("tenant", "acme", "project", "apollo",
                "task", "t1")))).isPresent();
    }

    @Test
    void outsideAnyScopeTheTenantMustBeNamed() {
        assertThatThrownBy(() -> tasks.findUnder("apollo")).isInstanceOf(InvalidDataAccessApiUsageException.class)
                .hasMessageContaining("no current scope");
        assertThat(tasks.findUnder(KeyValues.of("tenant", "globex", "project", "apollo"))).hasSize(1);
    }

    @Test
    void aScanIsConfinedByAFilterOnTheTenant() {
        assertThat(Tenants.as("globex", () -> tasks.findByDone(false))).extracting(Task::getTenant)
                .containsOnly("globex").hasSize(1);
    }

    @Test
    void anUnscopedMassDeleteIsRefusedUnlessConfirmed() {
        Tenants.as("acme", () -> tasks.save(Task.of("mercury", "t1", "Old")));
        KeyValues mercury = KeyValues.of("tenant", "acme", "project", "mercury");

        assertThatThrownBy(() -> tasks.deleteAllUnder(mercury, MassOptions.defaults()))
                .isInstanceOf(InvalidDataAccessApiUsageException.class).hasMessageContaining("confirm");
        assertThat(tasks.findUnder(mercury)).hasSize(1);
        assertThat(tasks.deleteAllUnder(mercury, MassOptions.defaults().confirmingUnscopedDelete()).processed())
                .isEqualTo(1);

        Tenants.as("acme", () -> tasks.save(Task.of("mercury", "t2", "Older")));
        assertThat(Tenants.as("acme", () -> tasks.deleteUnder("mercury")).processed()).isEqualTo(1);
        assertThat(tasks.findUnder(mercury)).isEmpty();
    }

    @Test
    void everyCascadeDeleteOfAnUnscopedRepositoryNeedsConfirmingEvenInsideAScope() {
        Tenants.as("acme", () -> tasks.save(Task.of("zeta", "t1", "Old")));
        KeyValues zeta = KeyValues.of("tenant", "acme", "project", "zeta");

        assertThatThrownBy(() -> Tenants.as("acme", () -> unscoped.deleteAllUnder(zeta, MassOptions.defaults())))
                .isInstanceOf(InvalidDataAccessApiUsageException.class)
                .hasMessageContaining("the repository is @Unscoped");
        assertThat(unscoped.findSelfAndUnder(zeta)).hasSize(1);
        assertThat(Tenants.as("acme", () -> unscoped.deleteAllUnder(zeta,
                MassOptions.defaults().confirmingUnscopedDelete())).processed()).isEqualTo(1);
    }
}
