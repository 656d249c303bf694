package io.dynamodbtoolkit.springdata.reactive;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import static io.dynamodbtoolkit.springdata.reactive.NoBlockingCalls.nonBlocking;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.mass.MassOptions;
import io.dynamodbtoolkit.mass.MassResult;
import io.dynamodbtoolkit.springdata.core.DynamoDbToolkitTemplate;
import io.dynamodbtoolkit.springdata.core.ReactiveDynamoDbToolkitTemplate;
import io.dynamodbtoolkit.springdata.core.ScopeProvider;
import io.dynamodbtoolkit.springdata.mapping.DynamoDbMappingContext;
import io.dynamodbtoolkit.springdata.mapping.MappingDynamoDbConverter;
import io.dynamodbtoolkit.springdata.repository.AdapterName;
import io.dynamodbtoolkit.springdata.repository.AllowScan;
import io.dynamodbtoolkit.springdata.repository.ReactiveHierarchicalRepository;
import io.dynamodbtoolkit.springdata.repository.Unscoped;
import io.dynamodbtoolkit.springdata.repository.config.EnableReactiveDynamoDbToolkitRepositories;
import io.dynamodbtoolkit.springdata.tasks.Task;
import io.dynamodbtoolkit.springdata.tasks.Tenants;
import io.dynamodbtoolkit.test.DynamoDbEndpoint;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.ComponentScan.Filter;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.FilterType;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.dao.PermissionDeniedDataAccessException;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A reactive repository is confined to the application's scope as a blocking one is, its query methods and index
 * evolution included (the scope is read when a call is subscribed to), and an {@code @Unscoped} one is not.
 */
@DynamoDbTest
@ExtendWith(NoBlockingCalls.class)
class ReactiveScopeIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private static String table;
    private static DynamoDbAsyncClient asyncClient;
    private static AnnotationConfigApplicationContext context;
    private static ReactiveTasks tasks;
    private static UnscopedReactiveTasks unscoped;

    /** Tasks of the current tenant. */
    @AdapterName("tasks")
    interface ReactiveTasks extends ReactiveHierarchicalRepository<Task> {

        Flux<Task> findUnder(String project);

        Mono<Long> countByProject(String project);

        @AllowScan
        Flux<Task> findByDone(boolean done);
    }

    /** The same tasks, opted out of the scope. */
    @Unscoped
    @AdapterName("tasks")
    interface UnscopedReactiveTasks extends ReactiveHierarchicalRepository<Task> {

        Flux<Task> findUnder(String tenant, String project);
    }

    @Configuration
    @EnableReactiveDynamoDbToolkitRepositories(basePackageClasses = ReactiveScopeIT.class,
            considerNestedRepositories = true, includeFilters = @Filter(type = FilterType.ASSIGNABLE_TYPE,
            classes = {ReactiveTasks.class, UnscopedReactiveTasks.class}))
    static class TaskConfiguration {
    }

    @BeforeAll
    static void start(DynamoDbClient client, DynamoDbEndpoint endpoint, TestTables tables) {
        table = tables.create(Tenants.TABLE);
        asyncClient = endpoint.asyncClientBuilder().build();
        context = ReactiveContexts.start(client, asyncClient, TaskConfiguration.class, beans -> {
            beans.registerBean("tasksDeclaration", AdapterDeclaration.class, () -> Tenants.declaration(table));
            beans.registerBean(ScopeProvider.class, Tenants::scope);
        });
        tasks = context.getBean(ReactiveTasks.class);
        unscoped = context.getBean(UnscopedReactiveTasks.class);
        Tenants.as("acme", () -> tasks.saveAll(Flux.just(Task.of("apollo", "t1", "Design"),
                Task.of("apollo", "t2", "Build"), Task.of("gemini", "t1", "Plan"))).blockLast(TIMEOUT));
        Tenants.as("globex", () -> tasks.saveAll(Flux.just(Task.of("apollo", "t1", "Steal the design")))
                .blockLast(TIMEOUT));
    }

    @AfterAll
    static void stop() {
        context.close();
        asyncClient.close();
    }

    @Test
    void queryMethodsAreConfinedToTheTenantCurrentAtSubscription() {
        assertThat(Tenants.as("acme", () -> tasks.findUnder("apollo").map(Task::getTitle).collectList()
                .block(TIMEOUT))).containsExactly("Design", "Build");
        assertThat(Tenants.as("globex", () -> tasks.findUnder("apollo").map(Task::getTitle).collectList()
                .block(TIMEOUT))).containsExactly("Steal the design");
        assertThat(Tenants.as("acme", () -> tasks.countByProject("apollo").block(TIMEOUT))).isEqualTo(2);
        assertThat(Tenants.as("globex", () -> tasks.findByDone(false).map(Task::getTenant).collectList()
                .block(TIMEOUT))).containsExactly("globex");
        assertThat(Tenants.as("acme", () -> tasks.findUnder(KeyValues.of("project", "gemini")).count()
                .block(TIMEOUT))).isEqualTo(1);
    }

    @Test
    void outsideAScopeOrAcrossOneTheCallFailsAsASignal() {
        StepVerifier.create(tasks.findUnder("apollo")).expectErrorSatisfies(error -> assertThat(error)
                .isInstanceOf(InvalidDataAccessApiUsageException.class).hasMessageContaining("no current scope"))
                .verify(TIMEOUT);
        Throwable acrossTenants = Tenants.as("acme", () -> tasks.findUnder(KeyValues.of("tenant", "globex",
                "project", "apollo")).then().materialize().block(TIMEOUT)).getThrowable();
        assertThat(acrossTenants).isInstanceOf(PermissionDeniedDataAccessException.class);
    }

    @Test
    void indexEvolutionRunsOnTheAsyncClientOverTheTenantCurrentAtSubscriptionOrOverTheWholeTable(
            DynamoDbClient client) {
        String table = context.getBean(AdapterDeclaration.class).table();
        client.scan(request -> request.tableName(table).consistentRead(true)).items().forEach(item -> client
                .updateItem(request -> request.tableName(table)
                        .key(Map.of("tenant", item.get("tenant"), "_sk", item.get("_sk")))
                        .updateExpression("SET #m = :y").expressionAttributeNames(Map.of("#m", "_oldMarker"))
                        .expressionAttributeValues(Map.of(":y", AttributeValue.fromS("Y")))));

        MassResult acme = Tenants.as("acme", () -> tasks.removeStaleIndexAttributes(List.of("_oldMarker"),
                MassOptions.defaults()).block(TIMEOUT));

        assertThat(acme.processed()).isEqualTo(3);
        assertThat(tenantsMarked(client, table)).containsExactly("globex");
        StepVerifier.create(nonBlocking(unscoped.removeStaleIndexAttributes(List.of("_oldMarker"),
                MassOptions.defaults()))).assertNext(rest -> assertThat(rest.processed())
                        .as("unscoped: the whole table, what is left of it").isEqualTo(1)).verifyComplete();
        assertThat(tenantsMarked(client, table)).isEmpty();
        StepVerifier.create(nonBlocking(unscoped.removeStaleIndexAttributes(List.of("title"),
                MassOptions.defaults()))).expectErrorSatisfies(error -> assertThat(error)
                        .isInstanceOf(InvalidDataAccessApiUsageException.class)
                        .hasMessageContaining("outside the technical prefix")).verify(TIMEOUT);
        StepVerifier.create(nonBlocking(unscoped.backfillIndex("no-such-index", MassOptions.defaults())))
                .expectError(InvalidDataAccessApiUsageException.class).verify(TIMEOUT);
    }

    /** @return a reactive template over the tasks table, confined to the current tenant */
    private static ReactiveDynamoDbToolkitTemplate scopedTemplate(DynamoDbClient client) {
        return new ReactiveDynamoDbToolkitTemplate(DynamoDbToolkitTemplate.builder(Adapter.create(
                Tenants.declaration(table), client), new MappingDynamoDbConverter(new DynamoDbMappingContext()))
                .scopeProvider(Tenants.scope()).build(), asyncClient);
    }

    private static List<String> tenantsMarked(DynamoDbClient client, String table) {
        return client.scan(request -> request.tableName(table).consistentRead(true)).items().stream()
                .filter(item -> item.containsKey("_oldMarker")).map(item -> item.get("tenant").s()).toList();
    }

    @Test
    void aMoveOutOfTheScopeIsRefusedThoughItsChangeRunsWhereTheRowArrives(DynamoDbClient client) {
        // the change runs in the asynchronous client's thread once the row is read, where the subscriber's tenant
        // (a ThreadLocal here) is not set: the scope it is checked against is the one current at subscription
        ReactiveDynamoDbToolkitTemplate template = scopedTemplate(client);
        Tenants.as("initech", () -> tasks.save(Task.of("hermes", "t7", "Launch")).block(TIMEOUT));
        KeyValues launch = KeyValues.of("project", "hermes", "task", "t7");
        try {
            Throwable refused = Tenants.as("initech", () -> catchThrowable(() -> template.move(launch, task -> {
                task.setTenant("globex");
                return task;
            }, Task.class).block(TIMEOUT)));

            assertThat(refused).isInstanceOf(PermissionDeniedDataAccessException.class);
            assertThat(unscoped.findUnder("globex", "hermes").collectList().block(TIMEOUT))
                    .as("moved out of the scope").isEmpty();
            assertThat(Tenants.as("initech", () -> tasks.existsById(launch).block(TIMEOUT))).isTrue();
        } finally {
            // the other tests count every row of the table
            for (String tenant : List.of("initech", "globex")) {
                unscoped.deleteById(KeyValues.of("tenant", tenant, "project", "hermes", "task", "t7")).block(TIMEOUT);
            }
        }
    }

    @Test
    void cloneMatchingAndMoveMatchingRunOnTheAsyncEngineWithinTheScope(DynamoDbClient client) {
        ReactiveDynamoDbToolkitTemplate template = scopedTemplate(client);
        MassOptions pagesOf3 = MassOptions.defaults().withPageSize(3);
        try {
            Tenants.as("initech", () -> tasks.saveAll(Flux.range(0, 12).map(i -> Task.of("vega",
                    String.format("t%02d", i), "Task " + i))).blockLast(TIMEOUT));

            MassResult copied = Tenants.as("initech", () -> template.cloneMatching((Task task) -> {
                task.setProject("vega-copy");
                return task;
            }, pagesOf3, Task.class).block(TIMEOUT));

            assertThat(copied.isComplete()).isTrue();
            assertThat(copied.processed()).isEqualTo(12);
            assertThat(unscoped.findUnder("initech", "vega-copy").count().block(TIMEOUT)).isEqualTo(12);

            // every row of the tenant: the copies (which sort first) and the rows copied
            MassResult refused = Tenants.as("initech", () -> template.moveMatching((Task task) -> {
                task.setProject("vega-moved");
                if (task.getTask().compareTo("t06") >= 0) {
                    task.setTenant("globex");
                }
                return task;
            }, pagesOf3, Task.class).block(TIMEOUT));
            Throwable unscopedMove = catchThrowable(() -> template.moveMatching((Task task) -> task,
                    MassOptions.defaults(), Task.class).block(TIMEOUT));

            assertThat(refused.stoppedBy()).isInstanceOf(PermissionDeniedDataAccessException.class);
            assertThat(unscoped.findUnder("initech", "vega-moved").count().block(TIMEOUT))
                    .as("the rows moved within the scope before the refusal").isEqualTo(6);
            assertThat(unscoped.findUnder("globex", "vega-moved").collectList().block(TIMEOUT))
                    .as("moved out of the scope").isEmpty();
            assertThat(unscopedMove).isInstanceOf(InvalidDataAccessApiUsageException.class)
                    .hasMessageContaining("confirm");
        } finally {
            // the other tests count every row of the table
            for (String project : List.of("vega", "vega-copy", "vega-moved")) {
                for (String tenant : List.of("initech", "globex")) {
                    unscoped.deleteAllUnder(KeyValues.of("tenant", tenant, "project", project),
                            MassOptions.defaults().confirmingUnscopedDelete()).block(TIMEOUT);
                }
            }
        }
    }

    @Test
    void saveAllConfinesEveryWindowToTheTenantCurrentAtSubscription() {
        // saveAll saves in windows of 100, each subscribed once the one before is written (in the asynchronous
        // client's thread, where the subscriber's tenant, a ThreadLocal here, is not set)
        KeyValues zeus = KeyValues.of("tenant", "initech", "project", "zeus");
        try {
            List<Task> saved = Tenants.as("initech", () -> tasks.saveAll(Flux.range(0, 150)
                    .map(i -> Task.of("zeus", String.format("t%03d", i), "Task " + i))).collectList().block(TIMEOUT));

            assertThat(saved).hasSize(150).allSatisfy(task -> assertThat(task.getTenant()).isEqualTo("initech"));
            assertThat(unscoped.findUnder("initech", "zeus").count().block(TIMEOUT)).isEqualTo(150);

            Throwable refused = Tenants.as("initech", () -> catchThrowable(() -> tasks.saveAll(Flux.range(0, 150)
                    .map(i -> {
                        Task task = Task.of("zeus", String.format("u%03d", i), "Task " + i);
                        task.setTenant(i == 120 ? "globex" : null);
                        return task;
                    })).blockLast(TIMEOUT)));

            assertThat(refused).isInstanceOf(PermissionDeniedDataAccessException.class);
            assertThat(unscoped.findUnder("globex", "zeus").collectList().block(TIMEOUT)).as("saved out of the scope")
                    .isEmpty();
        } finally {
            // the other tests count every row of the table
            unscoped.deleteAllUnder(zeus, MassOptions.defaults().confirmingUnscopedDelete()).block(TIMEOUT);
            unscoped.deleteAllUnder(zeus.and("tenant", "globex"), MassOptions.defaults().confirmingUnscopedDelete())
                    .block(TIMEOUT);
        }
    }

    @Test
    void anUnscopedRepositoryNamesTheTenantItself() {
        StepVerifier.create(unscoped.findUnder("globex", "apollo").map(Task::getTitle))
                .expectNext("Steal the design").verifyComplete();
        StepVerifier.create(unscoped.findUnder(KeyValues.of("tenant", "acme", "project", "apollo")).count())
                .expectNext(2L).verifyComplete();
    }
}
