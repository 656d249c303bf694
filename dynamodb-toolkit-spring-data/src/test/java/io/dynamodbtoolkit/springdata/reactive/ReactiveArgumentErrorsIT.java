package io.dynamodbtoolkit.springdata.reactive;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.cursor.InvalidCursorException;
import io.dynamodbtoolkit.key.InvalidKeyException;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.key.SubtreeQuery;
import io.dynamodbtoolkit.mass.MassOptions;
import io.dynamodbtoolkit.springdata.core.DynamoDbToolkitTemplate;
import io.dynamodbtoolkit.springdata.core.ReactiveDynamoDbToolkitTemplate;
import io.dynamodbtoolkit.springdata.mapping.DynamoDbMappingContext;
import io.dynamodbtoolkit.springdata.mapping.MappingDynamoDbConverter;
import io.dynamodbtoolkit.springdata.rentals.RentalRow;
import io.dynamodbtoolkit.springdata.rentals.Rentals;
import io.dynamodbtoolkit.springdata.rentals.Vehicle;
import io.dynamodbtoolkit.springdata.repository.config.EnableReactiveDynamoDbToolkitRepositories;
import io.dynamodbtoolkit.test.DynamoDbEndpoint;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.RequestLog;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.reactivestreams.Publisher;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.ComponentScan;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.FilterType;
import org.springframework.core.NestedExceptionUtils;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.domain.Limit;
import org.springframework.data.domain.PageRequest;
import org.springframework.data.domain.ScrollPosition;
import reactor.core.publisher.Flux;
import reactor.test.StepVerifier;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A bad argument to a reactive repository or template (a key value holding the separator, a forged cursor) is neither
 * thrown when the call is made nor sent: subscribing gives an error signal, an
 * {@link InvalidDataAccessApiUsageException} whose cause is the toolkit's own exception naming the problem, which a
 * web layer answers with a 400 (see the WebFlux sample).
 */
@DynamoDbTest
class ReactiveArgumentErrorsIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static final KeyValues SEPARATED = KeyValues.of("state", "T|X", "facility", "Dallas");
    private static final Vehicle SEPARATED_VIN = Vehicle.of("TX", "Dallas", "A|B", "Kia", Vehicle.Color.RED,
            "30.00");

    private static DynamoDbAsyncClient asyncClient;
    private static AnnotationConfigApplicationContext context;
    private static ReactiveFleet fleet;
    private static ReactiveDynamoDbToolkitTemplate template;

    @Configuration
    @EnableReactiveDynamoDbToolkitRepositories(basePackageClasses = ReactiveFleet.class,
            includeFilters = @ComponentScan.Filter(type = FilterType.ASSIGNABLE_TYPE, classes = ReactiveFleet.class))
    static class FleetConfig {
    }

    @BeforeAll
    static void start(DynamoDbClient client, DynamoDbEndpoint endpoint, TestTables tables, RequestLog log) {
        String table = tables.create(Rentals.TABLE);
        asyncClient = ReactiveContexts.recordingClient(endpoint, log);
        context = ReactiveContexts.start(client, asyncClient, FleetConfig.class, beans -> beans.registerBean(
                "rentals", AdapterDeclaration.class, () -> Rentals.declaration(table)));
        fleet = context.getBean(ReactiveFleet.class);
        template = new ReactiveDynamoDbToolkitTemplate(new DynamoDbToolkitTemplate(Adapter.create(
                Rentals.declaration(table), client), new MappingDynamoDbConverter(new DynamoDbMappingContext())),
                asyncClient);
    }

    @AfterAll
    static void stop() {
        context.close();
        asyncClient.close();
    }

    @Test
    void aKeyValueHoldingTheSeparatorIsAnErrorSignalNamingTheKey(RequestLog log) {
        Map<String, Supplier<Publisher<?>>> calls = new LinkedHashMap<>();
        calls.put("findById", () -> fleet.findById(SEPARATED));
        calls.put("existsById", () -> fleet.existsById(SEPARATED));
        calls.put("assertExists", () -> fleet.assertExists(SEPARATED));
        calls.put("findAllById", () -> fleet.findAllById(List.of(SEPARATED)));
        calls.put("findUnder", () -> fleet.findUnder(SEPARATED));
        calls.put("findUnder window", () -> fleet.findUnder(SEPARATED, ScrollPosition.keyset(), Limit.of(2)));
        calls.put("findUnder slice", () -> fleet.findUnder(SEPARATED, PageRequest.of(0, 2)));
        calls.put("findSelfAndUnder", () -> fleet.findSelfAndUnder(SEPARATED));
        calls.put("findByPartial", () -> fleet.findByPartial(SEPARATED, "V"));
        calls.put("insert", () -> fleet.insert(SEPARATED_VIN));
        calls.put("save", () -> fleet.save(SEPARATED_VIN));
        calls.put("saveAll", () -> fleet.saveAll(Flux.just(SEPARATED_VIN)));
        calls.put("patch", () -> fleet.patch(SEPARATED, Map.of("city", "x")));
        calls.put("deleteById", () -> fleet.deleteById(SEPARATED));
        calls.put("deleteAllById", () -> fleet.deleteAllById(List.of(SEPARATED)));
        calls.put("deleteAllUnder", () -> fleet.deleteAllUnder(SEPARATED, MassOptions.defaults()));
        calls.put("template findAll", () -> template.findAll(SubtreeQuery.children(SEPARATED), RentalRow.class));
        calls.put("template findPages", () -> template.findPages(SubtreeQuery.children(SEPARATED),
                ListOptions.defaults(), RentalRow.class));

        calls.forEach((name, call) -> assertSignalled(name, call, InvalidKeyException.class, "T|X", "A|B"));
        assertThat(log.calls()).as("nothing sent").isEmpty();
    }

    @Test
    void aForgedCursorIsAnErrorSignalNamingTheCursor() {
        ListOptions forged = ListOptions.defaults().withLimit(2).withCursor("forged");
        SubtreeQuery dallas = SubtreeQuery.children(KeyValues.of("state", "TX", "facility", "Dallas"));

        assertSignalled("findPage", () -> template.findPage(dallas, forged, RentalRow.class),
                InvalidCursorException.class);
        assertSignalled("findPages", () -> template.findPages(dallas, forged, RentalRow.class),
                InvalidCursorException.class);
    }

    /** Asserts the call returns without a throw, and that its publisher signals the toolkit's exception. */
    private static void assertSignalled(String name, Supplier<Publisher<?>> call, Class<? extends Exception> cause,
            String... named) {
        Publisher<?>[] made = new Publisher<?>[1];
        assertThatCode(() -> made[0] = call.get()).as(name + ": made without a throw").doesNotThrowAnyException();
        StepVerifier.create(made[0]).expectErrorSatisfies(error -> {
            assertThat(error).as(name).isInstanceOf(InvalidDataAccessApiUsageException.class);
            Throwable specific = NestedExceptionUtils.getMostSpecificCause(error);
            assertThat(specific).as(name).isInstanceOf(cause);
            if (named.length > 0) {
                assertThat(specific.getMessage()).as(name).containsAnyOf(named);
            }
        }).verify(TIMEOUT);
    }
}
