package io.dynamodbtoolkit.springdata;

import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.springdata.repository.ScopeProvider;
import io.dynamodbtoolkit.springdata.repository.config.EnableDynamoDbToolkitRepositories;
import io.dynamodbtoolkit.springdata.tasks.TaskRepository;
import io.dynamodbtoolkit.springdata.tasks.Tenants;
import io.dynamodbtoolkit.test.TestTables;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.ComponentScan.Filter;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.FilterType;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** A context with the tasks repository on a table of its own, confined to the tenant of {@link Tenants}. */
final class TaskContexts {

    @Configuration
    @EnableDynamoDbToolkitRepositories(basePackageClasses = TaskRepository.class, includeFilters = @Filter(
            type = FilterType.ASSIGNABLE_TYPE, classes = TaskRepository.class))
    static class TaskConfiguration {
    }

    private TaskContexts() {
    }

    /** @return a started context; close it when done */
    static AnnotationConfigApplicationContext start(DynamoDbClient client, TestTables tables) {
        return start(client, tables, TaskConfiguration.class);
    }

    /** @return a started context with the repositories of a configuration of the caller's; close it when done */
    static AnnotationConfigApplicationContext start(DynamoDbClient client, TestTables tables,
            Class<?> configuration) {
        String table = tables.create(Tenants.TABLE);
        return SpringContexts.start(client, configuration, beans -> {
            beans.registerBean("tasksDeclaration", AdapterDeclaration.class, () -> Tenants.declaration(table));
            beans.registerBean(ScopeProvider.class, Tenants::scope);
        });
    }
}
