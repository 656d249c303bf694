package io.dynamodbtoolkit.boot.autoconfigure.reactive;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;

import io.dynamodbtoolkit.boot.autoconfigure.ToolkitRunners;
import io.dynamodbtoolkit.boot.autoconfigure.reactive.fleet.FleetPackage;
import io.dynamodbtoolkit.boot.autoconfigure.reactive.fleet.ReactiveRentals;
import io.dynamodbtoolkit.boot.autoconfigure.repository.DynamoDbToolkitRepositoriesAutoConfiguration;
import io.dynamodbtoolkit.boot.autoconfigure.repository.rentals.RentalRow;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.key.SubtreeQuery;
import io.dynamodbtoolkit.springdata.core.ReactiveDynamoDbToolkitTemplate;
import io.dynamodbtoolkit.test.DynamoDbEndpoint;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.dao.DuplicateKeyException;
import reactor.core.publisher.Flux;
import reactor.test.StepVerifier;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;

/**
 * With Reactor and the asynchronous client on the class path: an asynchronous client talking where the blocking one
 * does (Spring Cloud AWS defines none), a reactive template per adapter on its template (so translating as it does),
 * and reactive repositories in the application's packages, on Netty or on the CRT-based HTTP client; nothing of it
 * without Reactor or without an asynchronous HTTP client, and the application's own asynchronous client wins.
 */
@DynamoDbTest
class ReactiveDynamoDbToolkitAutoConfigurationIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private static ApplicationContextRunner runner(String table) {
        return ToolkitRunners.toolkit()
                .withConfiguration(AutoConfigurations.of(DynamoDbToolkitRepositoriesAutoConfiguration.class,
                        ReactiveDynamoDbToolkitAutoConfiguration.class,
                        ReactiveDynamoDbToolkitRepositoriesAutoConfiguration.class))
                .withPropertyValues(ToolkitRunners.rentalsAdapter(table));
    }

    @Test
    void aReactiveTemplatePerAdapterAndReactiveRepositoriesOnNetty(TestTables tables, DynamoDbEndpoint endpoint) {
        runner(tables.uniqueName("rentals")).withUserConfiguration(FleetPackage.class)
                .withClassLoader(new FilteredClassLoader(AsyncClientMirror.CRT_HTTP_CLIENT)).run(context -> {
                    assertThat(AsyncClientMirror.usesCrt(context.getClassLoader())).isFalse();
                    assertReactiveRoundTrip(context, endpoint);
                });
    }

    @Test
    void onTheCrtHttpClientWhenTheApplicationAddsIt(TestTables tables, DynamoDbEndpoint endpoint) {
        // Netty hidden from the auto-configuration (the SDK's own lookup would still find it, so the CRT's event-loop
        // threads, which nothing else in this module starts, are what shows the client was built on the CRT)
        runner(tables.uniqueName("rentals")).withUserConfiguration(FleetPackage.class)
                .withClassLoader(new FilteredClassLoader(ReactiveDynamoDbToolkitAutoConfiguration.NETTY_HTTP_CLIENT))
                .run(context -> {
                    assertThat(AsyncClientMirror.usesCrt(context.getClassLoader())).isTrue();
                    assertReactiveRoundTrip(context, endpoint);
                    assertThat(Thread.getAllStackTraces().keySet()).map(Thread::getName)
                            .anyMatch(name -> name.startsWith("AwsEventLoop"));
                });
    }

    private static void assertReactiveRoundTrip(AssertableApplicationContext context, DynamoDbEndpoint endpoint) {
        assertThat(context).hasNotFailed().hasSingleBean(DynamoDbAsyncClient.class)
                .hasBean("rentalsReactiveTemplate").hasSingleBean(ReactiveRentals.class);
        assertThat(context.getBean(DynamoDbAsyncClient.class).serviceClientConfiguration().endpointOverride())
                .as("the blocking client's endpoint").contains(endpoint.uri());
        ReactiveDynamoDbToolkitTemplate template = context.getBean("rentalsReactiveTemplate",
                ReactiveDynamoDbToolkitTemplate.class);
        assertThat(template.getBlockingTemplate()).isSameAs(context.getBean("rentalsTemplate"));

        ReactiveRentals rentals = context.getBean(ReactiveRentals.class);
        rentals.saveAll(Flux.just(new RentalRow.State("TX", "Texas"),
                new RentalRow.Facility("TX", "Dallas", "Dallas"),
                new RentalRow.Vehicle("TX", "Dallas", "1HGC001", "Honda"))).blockLast(TIMEOUT);
        StepVerifier.create(rentals.findUnder(KeyValues.of("state", "TX", "facility", "Dallas")))
                .expectNext(new RentalRow.Vehicle("TX", "Dallas", "1HGC001", "Honda")).verifyComplete();
        StepVerifier.create(template.insert(new RentalRow.State("TX", "Tejas")))
                .expectError(DuplicateKeyException.class).verify(TIMEOUT);
        StepVerifier.create(template.findAll(SubtreeQuery.selfAndDescendants(KeyValues.of("state", "TX")),
                RentalRow.class).count()).expectNext(3L).verifyComplete();
    }

    @Test
    void theApplicationsAsynchronousClientWins(TestTables tables, DynamoDbEndpoint endpoint) {
        try (DynamoDbAsyncClient own = endpoint.asyncClientBuilder().build()) {
            runner(tables.uniqueName("rentals")).withUserConfiguration(FleetPackage.class).withBean("ownAsyncClient", DynamoDbAsyncClient.class, () -> own,
                    definition -> definition.setDestroyMethodName("")).run(context -> {
                        assertThat(context).hasNotFailed().hasSingleBean(DynamoDbAsyncClient.class);
                        assertThat(context.getBean("rentalsReactiveTemplate", ReactiveDynamoDbToolkitTemplate.class)
                                .getClient()).isSameAs(own);
                    });
        }
    }

    @Test
    void nothingReactiveWithoutReactor(TestTables tables) {
        runner(tables.uniqueName("rentals")).withUserConfiguration(FleetPackage.class)
                .withClassLoader(new FilteredClassLoader(Flux.class)).run(context -> assertThat(context)
                        .hasNotFailed().doesNotHaveBean(DynamoDbAsyncClient.class)
                        .doesNotHaveBean("rentalsReactiveTemplate").doesNotHaveBean(ReactiveRentals.class));
    }

    @Test
    void noClientIsBuiltWithoutAnAsynchronousHttpClient(TestTables tables) {
        runner(tables.uniqueName("rentals")).withUserConfiguration(FleetPackage.class)
                .withClassLoader(new FilteredClassLoader(ReactiveDynamoDbToolkitAutoConfiguration.NETTY_HTTP_CLIENT,
                        AsyncClientMirror.CRT_HTTP_CLIENT))
                .run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(DynamoDbAsyncClient.class)
                        .doesNotHaveBean("rentalsReactiveTemplate").doesNotHaveBean(ReactiveRentals.class));
    }
}
