package io.dynamodbtoolkit.springdata.reactive;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.adapter.ItemPage;
import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.key.SubtreeQuery;
import io.dynamodbtoolkit.springdata.core.ReactiveDynamoDbToolkitTemplate;
import io.dynamodbtoolkit.springdata.core.ScopeProvider;
import io.dynamodbtoolkit.springdata.core.TemplateBeans;
import io.dynamodbtoolkit.springdata.tasks.Task;
import io.dynamodbtoolkit.springdata.tasks.Tenants;
import io.dynamodbtoolkit.test.DynamoDbEndpoint;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import reactor.core.publisher.Flux;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The reactive template's list reads of many pages keep the scope current at subscription on every page: the pages
 * after the first are asked for from the client's threads, where a thread-bound scope provider has no scope (before
 * 2026-12-02 the second page failed with "There is no current scope" after the first had been delivered).
 */
@DynamoDbTest
class ReactiveTemplateListScopeIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static final SubtreeQuery BIG = SubtreeQuery.children(KeyValues.of("project", "big"));
    private static final int ROWS = 1100;

    private static DynamoDbAsyncClient asyncClient;
    private static AnnotationConfigApplicationContext context;
    private static ReactiveDynamoDbToolkitTemplate template;

    @BeforeAll
    static void start(DynamoDbClient client, DynamoDbEndpoint endpoint, TestTables tables) {
        AdapterDeclaration<?> declaration = Tenants.declaration(tables.create(Tenants.TABLE));
        asyncClient = endpoint.asyncClientBuilder().build();
        context = new AnnotationConfigApplicationContext();
        context.registerBean(ScopeProvider.class, Tenants::scope);
        context.refresh();
        template = new ReactiveDynamoDbToolkitTemplate(new TemplateBeans(context)
                .create(Adapter.create(declaration, client), null), asyncClient);
        List<Task> rows = new ArrayList<>();
        for (int i = 0; i < ROWS; i++) {
            rows.add(Task.of("big", String.format("t%04d", i), "row " + i));
        }
        Tenants.as("acme", () -> template.saveAll(Flux.fromIterable(rows)).blockLast(TIMEOUT));
        Tenants.as("globex", () -> template.save(Task.of("big", "t0000", "another tenant's")).block(TIMEOUT));
    }

    @AfterAll
    static void stop() {
        context.close();
        asyncClient.close();
    }

    @Test
    void findAllReadsEveryPageWithinTheTenantOfTheSubscription() {
        List<Task> read = Tenants.as("acme", () -> template.findAll(BIG, Task.class).collectList().block(TIMEOUT));

        assertThat(read).hasSize(ROWS).allSatisfy(task -> assertThat(task.getTenant()).isEqualTo("acme"));
    }

    @Test
    void findPagesReadsEveryPageWithinTheTenantOfTheSubscription() {
        List<ItemPage<Task>> pages = Tenants.as("acme", () -> template.findPages(BIG,
                ListOptions.defaults().withLimit(500), Task.class).collectList().block(TIMEOUT));

        assertThat(pages).hasSize(3);
        assertThat(pages.stream().mapToInt(page -> page.items().size()).sum()).isEqualTo(ROWS);
        assertThat(Tenants.as("globex", () -> template.findPages(BIG, ListOptions.defaults().withLimit(500),
                Task.class).collectList().block(TIMEOUT))).singleElement()
                .satisfies(page -> assertThat(page.items()).extracting(Task::getTitle)
                        .containsExactly("another tenant's"));
    }
}
