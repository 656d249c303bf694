package io.dynamodbtoolkit.springdata;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.mass.MassOptions;
import io.dynamodbtoolkit.springdata.core.IndexEvolutionListener;
import io.dynamodbtoolkit.springdata.tasks.Task;
import io.dynamodbtoolkit.springdata.tasks.TaskRepository;
import io.dynamodbtoolkit.springdata.tasks.Tenants;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.Test;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A repository confined to the current tenant evolves its indexes tenant by tenant: inside a scope a removal of
 * stale computed attributes (and a backfill, which runs the same way) covers that tenant's items only; outside any
 * scope it covers the whole table, and only then is it told to the application's index-evolution listeners.
 */
@DynamoDbTest
class ScopedIndexBackfillIT {

    @Test
    void insideAScopeOnlyThatTenantsItemsAreRewrittenAndOutsideEveryItem(DynamoDbClient client, TestTables tables) {
        try (AnnotationConfigApplicationContext context = TaskContexts.start(client, tables, Heard.class)) {
            List<String> heard = context.getBean(Heard.class).heard;
            TaskRepository tasks = context.getBean(TaskRepository.class);
            Tenants.as("acme", () -> tasks.saveAll(List.of(Task.of("apollo", "t1", "Design"),
                    Task.of("gemini", "t1", "Plan"))));
            Tenants.as("globex", () -> tasks.saveAll(List.of(Task.of("apollo", "t1", "Steal the design"))));
            List<Map<String, AttributeValue>> all = scan(client, context);
            all.forEach(item -> client.updateItem(request -> request.tableName(tableOf(context))
                    .key(Map.of("tenant", item.get("tenant"), "_sk", item.get("_sk")))
                    .updateExpression("SET #m = :y").expressionAttributeNames(Map.of("#m", "_oldMarker"))
                    .expressionAttributeValues(Map.of(":y", AttributeValue.fromS("Y")))));

            long acme = Tenants.as("acme", () -> tasks.removeStaleIndexAttributes(List.of("_oldMarker"),
                    MassOptions.defaults()).processed());

            assertThat(acme).isEqualTo(2);
            assertThat(heard).as("a run over one tenant leaves the rest of the table").isEmpty();
            assertThat(scan(client, context)).filteredOn(item -> item.containsKey("_oldMarker"))
                    .singleElement().satisfies(item -> assertThat(item.get("tenant").s()).isEqualTo("globex"));
            assertThat(tasks.removeStaleIndexAttributes(List.of("_oldMarker"), MassOptions.defaults()).processed())
                    .as("outside a scope: the whole table").isEqualTo(1);
            assertThat(scan(client, context)).noneMatch(item -> item.containsKey("_oldMarker")).hasSize(3);
            assertThat(heard).containsExactly("tasks removed [_oldMarker]");
        }
    }

    /** The tasks repository, and an index-evolution listener recording what it hears. */
    @Configuration(proxyBeanMethods = false)
    @Import(TaskContexts.TaskConfiguration.class)
    static class Heard implements IndexEvolutionListener {

        private final List<String> heard = new CopyOnWriteArrayList<>();

        @Override
        public void staleAttributesRemoved(String adapter, Collection<String> attributes) {
            heard.add(adapter + " removed " + attributes);
        }
    }

    private static String tableOf(AnnotationConfigApplicationContext context) {
        return context.getBean(AdapterDeclaration.class).table();
    }

    private static List<Map<String, AttributeValue>> scan(DynamoDbClient client,
            AnnotationConfigApplicationContext context) {
        return client.scan(request -> request.tableName(tableOf(context)).consistentRead(true)).items();
    }
}
